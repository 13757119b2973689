"""The outcome of one played game, as stored and as used by the statistics."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CUT_OFF = "cut_off"  # the record's meta key of a game cut off at the game's declared length, with that length


@dataclass
class GameResult:
    pairing: str
    index: int
    seats: tuple[int, ...]  # agent index per seat
    seed: int
    returns: list[float]
    scores: list[float]
    length: int  # actions played, forced ones included
    first_player: int  # who made the first decision
    record: dict[str, Any]  # GameRecord JSON: replays the game exactly
    # per seat: component key -> times used, from `State.action_components(id)` (what the payload names)
    components: list[dict[str, int]] = field(default_factory=list)
    duration: float = 0.0  # seconds of play, agents' thinking included
    turns: int | None = None  # the game's own turn count (State.turn_count); None if it has none or was not stored
    sides: list[str | None] = field(default_factory=list)  # per seat, the side it played (Game.seat_group)

    @property
    def key(self) -> tuple[str, int]:
        return (self.pairing, self.index)

    @property
    def cut_off(self) -> bool:
        """The game did not end within the game's declared length and was scored as a draw."""
        meta = self.record.get("meta")
        return isinstance(meta, dict) and CUT_OFF in meta

    def outcome(self, seat: int) -> str:
        """'win' (unique best return), 'draw' (best return shared) or 'loss'."""
        best = max(self.returns)
        if self.returns[seat] < best:
            return "loss"
        return "draw" if self.returns.count(best) > 1 else "win"
