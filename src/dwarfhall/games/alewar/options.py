"""Ale War's options (all default to the rulebook game)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Literal

from dwarfhall.core.errors import InvalidOptions
from dwarfhall.core.options import FilePath, SeatOptions, check_seat


@dataclass(frozen=True)
class AleWarOptions(SeatOptions):
    """
    hit_rule: "exact" (rulebook: the roll must equal the armor) or "at_least" (house rule: roll >= armor).
    turn_limit: after this many turns (one side's turn each) without a winner the game is a draw; None = no limit.
    components: a TOML file with corrected units and terrain counts; None = the shipped components.
    terrain_pick: "random" (the rulebook's random pick of the next terrain piece) or "choose" (the placing
        player chooses which kind of piece comes next).
    dwarf_seat: skip the roll-off and the choice of sides: this seat plays the Dwarves (for simulations).
    """

    option_ranges: ClassVar[Mapping[str, tuple[int, int | None]]] = {"turn_limit": (1, None), "dwarf_seat": (0, 1)}

    hit_rule: Literal["exact", "at_least"] = "exact"
    turn_limit: int | None = None
    components: FilePath | None = None

    terrain_pick: Literal["random", "choose"] = "random"
    dwarf_seat: int | None = None

    def validate(self) -> None:
        super().validate()  # two players; the roll-off, not an option, decides who begins
        if self.turn_limit is not None and self.turn_limit < 1:
            raise InvalidOptions(f"option turn_limit: must be at least 1 (or None), got {self.turn_limit}")
        if self.dwarf_seat is not None:
            check_seat("dwarf_seat", self.dwarf_seat, self.player_count, "or None")
        if self.components is not None and not self.components.strip():
            raise InvalidOptions("option components: give a file path, or None for the shipped components")
