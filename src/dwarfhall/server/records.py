"""The rows the server keeps: games, seats and moves, as plain dataclasses (storage-independent)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PERSON = "person"
BOT = "bot"

PLAYING = "playing"
FINISHED = "finished"
FLAGGED = "flagged"  # its record no longer replays under this engine; kept as it was, never changed


@dataclass
class SeatRow:
    seat: int
    kind: str  # PERSON or BOT
    token: str  # the secret in the seat's invitation link
    bot: str | None = None  # agent spec of a bot seat
    player: str | None = None  # personal key of whoever holds the seat ("my games")
    host: bool = False
    stand_in: str | None = None  # agent spec playing an absent person's seat, until they take it back
    previous_token: str | None = None  # the same seat's token in the game this one is a rematch of
    auto_pass: bool = False  # the person opted in to the table's auto-pass (it is on when every person did)
    open: bool = False  # anyone may join it from the lobby; otherwise only its invitation link's holder holds it

    @property
    def bot_spec(self) -> str | None:
        """The agent that moves for this seat now, or None when a person does."""
        return self.bot if self.kind == BOT else self.stand_in


@dataclass
class GameRow:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    engine_version: str
    lang: str = "en"
    public: bool = True
    clock: int | None = None  # seconds per move for people; None: no clock
    status: str = PLAYING
    to_act: int | None = None
    moves: int = 0
    turns: int | None = None  # turns as the game counts them (State.turn_count); None for a game without turns
    created: float = 0.0
    updated: float = 0.0
    rematch_of: str | None = None
    result: list[float] | None = None
    flag: str | None = None
    seats: list[SeatRow] = field(default_factory=list)

    @property
    def auto_pass(self) -> bool:
        """The table's auto-pass: on only when every person at the table opted in."""
        return all(s.auto_pass for s in self.seats if s.kind == PERSON)
