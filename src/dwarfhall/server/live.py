"""The referee's in-memory pieces: a live game, its viewers, and the refusals it answers with."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from dwarfhall.core.actions import Action
from dwarfhall.core.errors import DwarfhallError
from dwarfhall.core.game import State
from dwarfhall.core.i18n import languages
from dwarfhall.core.webview import WebView

from .outbox import Outbox
from .records import FINISHED, GameRow


class ServiceError(DwarfhallError):
    """A request the referee refuses; `status` is the HTTP status that fits, `code` a short word."""

    def __init__(self, message: str, status: int = 400, code: str = "refused") -> None:
        super().__init__(message)
        self.status = status
        self.code = code


@dataclass(eq=False)
class Watcher:
    seat: int | None
    lang: str
    outbox: Outbox
    log_sent: int = 0  # log entries this watcher already has: later messages carry only the new ones
    online_sent: set[int] = field(default_factory=set)  # the seats online in the last view it was sent

    def send(self, message: dict[str, Any]) -> bool:
        """Queues a message without waiting for the socket; False once the connection was dropped."""
        return self.outbox.put(message)


@dataclass
class LiveGame:
    row: GameRow
    state: State
    log: list[tuple[int, Action, dict[str, str], int | None]]  # who, what, what it brought about, in which turn
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: list[Watcher] = field(default_factory=list)
    bot_task: asyncio.Task[None] | None = None
    clock_task: asyncio.Task[None] | None = None
    pass_task: asyncio.Task[None] | None = None  # an automatic pass waiting for the window delay
    presence_task: asyncio.Task[None] | None = None  # one coalesced "who is online" broadcast
    turn_started: float = field(default_factory=time.time)
    loaded: float = field(default_factory=time.monotonic)  # when this server took the game into memory
    touched: float = field(default_factory=time.monotonic)  # last request or move: idle games leave memory
    away_since: dict[int, float] = field(default_factory=dict)  # seat -> when its last connection closed
    handed_by_host: set[int] = field(default_factory=set)  # seats the host gave to a bot (the page says so)
    undo: list[State] = field(default_factory=list)  # positions before the moves its mover may still take back
    undo_seat: int | None = None  # who made the last move
    undo_block: str | None = None  # why the last move cannot be taken back (core.takeback), None when it can
    opening: dict[str, str] = field(default_factory=dict)  # language -> who began and why, worked out once
    turn_starts: list[int] | None = None  # a finished game's move number at the start of each turn (replays)

    @property
    def over(self) -> bool:
        """Ended on the board, or off it (a resignation, an agreed draw, an abandoned seat)."""
        return self.state.is_terminal or self.row.status == FINISHED

    @property
    def version(self) -> int:
        return len(self.state.history)

    def seat_with(self, token: str | None) -> int | None:
        if not token:
            return None
        for s in self.row.seats:
            if secrets.compare_digest(s.token, token):
                return s.seat
        return None

    def online(self) -> set[int]:
        return {w.seat for w in self.watchers if w.seat is not None}

    def busy(self) -> bool:
        """Something is under way that must not be lost by dropping the game from memory."""
        tasks = (self.bot_task, self.clock_task, self.pass_task, self.presence_task)
        return bool(self.watchers) or self.lock.locked() or any(t is not None and not t.done() for t in tasks)

    def cancel_tasks(self) -> None:
        for task in (self.bot_task, self.clock_task, self.pass_task, self.presence_task):
            if task is not None:
                task.cancel()


@dataclass
class SeatRequest:
    kind: str  # PERSON or BOT
    bot: str | None = None  # level name or agent spec
    open: bool = False  # a person seat that anyone may join from the lobby (not reserved by an invitation link)
    host: bool = False  # the creator's own seat; when no seat says so, the first person seat is the host's


def new_token() -> str:
    return secrets.token_urlsafe(18)


def outcome(view: WebView, before: dict[str, Any], after: dict[str, Any]) -> dict[str, str]:
    """The log's note of what a move brought about, from the public views only (everyone may read it)."""
    return {lang: view.outcome(before, after, lang) for lang in languages()}


def only_a_pass(state: State) -> bool:
    """A response window in which the player has a single move: nothing to answer with."""
    if state.is_terminal:
        return False
    legal = state.legal_action_ids()
    return len(legal) == 1 and bool(state.describe_action(legal[0]).payload.get("window"))


def hidden_timing(state: State, legal: Sequence[int]) -> bool:
    """A decision whose moves (or its very existence) depend on hidden cards: the game marks them "window"."""
    return any(state.describe_action(a).payload.get("window") for a in legal)


def to_act(state: State) -> int | None:
    return None if state.is_terminal else state.current_player
