"""The Duel's options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from dwarfhall.core.options import FilePath, SeatOptions


@dataclass(frozen=True)
class DuelOptions(SeatOptions):
    """`first_player`: the rulebook lets the smaller player begin; here a seat (0 or 1) or a random draw
    (checked and read by `SeatOptions`: `first_seat()`).

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
