"""Dwar7s Spring's options (all default to the rulebook game with the design's readings)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Literal

from dwarfhall.core.errors import InvalidOptions
from dwarfhall.core.options import FilePath, SeatOptions


@dataclass(frozen=True)
class SpringOptions(SeatOptions):
    """
    players: 2, 3 or 4.
    first_player: the seat that holds the first-player token ("0" .. "3"; the rulebook gives it to the youngest
        player, so seat them there), or "random".
    layout: "random" (rulebook: the petals at random) or "balanced" (laid again while a wildland has fewer than
        4 spots around it).
    dragon_training: "per_card" (each dragon card names its training resource) or "gold_only" (every dragon is
        trained with gold, as the rulebook's caption says).
    expedition_order: "any" (the two expedition spots in either order) or "ordered" (spot 2 only after spot 1).
    eras: the most eras a game lasts (the rulebook: 4); fewer give short games for tests and quick studies.
    components: a directory with corrected component files; None = the shipped ones.
    `players` and `first_player` are checked and read by `SeatOptions` (`player_count`, `first_seat()`).
    """

    player_counts: ClassVar[range] = range(2, 5)
    option_ranges: ClassVar[Mapping[str, tuple[int, int | None]]] = {"eras": (1, 4)}
    players: int = 4
    first_player: str = "0"
    layout: Literal["random", "balanced"] = "random"
    dragon_training: Literal["per_card", "gold_only"] = "per_card"
    expedition_order: Literal["any", "ordered"] = "any"
    eras: int = 4
    components: FilePath | None = None

    def validate(self) -> None:
        super().validate()
        if not 1 <= self.eras <= 4:
            raise InvalidOptions(f"option eras: must be 1 to 4, got {self.eras}")
        if self.components is not None and not self.components.strip():
            raise InvalidOptions("option components: give a directory, or None for the shipped components")
