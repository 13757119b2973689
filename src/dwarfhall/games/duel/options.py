"""The Duel's options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from dwarfhall.core.errors import InvalidOptions
from dwarfhall.core.options import FilePath, Options


@dataclass(frozen=True)
class DuelOptions(Options):
    """`first_player`: the rulebook lets the smaller player begin; here a seat (0 or 1) or a random draw.

    `seat0_side`: the deck seat 0 plays ("good" or "evil"); seat 1 plays the other.
    `cards`: a corrected cards file (same TOML format, same validation) instead of the shipped one.
    `response_windows`: "always" opens every response window whatever the player holds, so the
    game reveals nothing about a hand; "when_able" opens them only when the player could play a
    Twist of Fate: the same rules with fewer forced passes, for fast simulation, but whose decision
    it is then tells something about a hand.
    """

    first_player: Literal["random", "0", "1"] | int = "random"
    seat0_side: Literal["good", "evil"] = "good"
    cards: FilePath | None = None

    response_windows: Literal["always", "when_able"] = "always"

    def validate(self) -> None:
        if isinstance(self.first_player, int) and self.first_player not in (0, 1):
            raise InvalidOptions(f"option first_player: {self.first_player!r} is not 'random', 0 or 1")

    def first_seat(self) -> int | None:
        """The seat that begins, or None for a random draw."""
        if self.first_player == "random":
            return None
        return int(self.first_player)
