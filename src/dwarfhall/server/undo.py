"""Taking back one's own moves of the current turn, as the table's rule allows (core/takeback.py).

The referee keeps, per live game, the positions before the mover's moves that can still be taken back; any
move that cannot (or a move of somebody else) empties the list. An undone move leaves the game's record and
is kept, with the time it was made and the time it was taken back, in the store's list of undone moves.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from dwarfhall.core.game import State
from dwarfhall.core.takeback import CHANCE, REVEALED, TURN, undo_block

from .live import LiveGame, ServiceError, to_act
from .records import PLAYING, GameRow
from .store import ServerStore, StaleMove

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

REFUSALS = {
    TURN: "the move passed the decision on (or ended the game)",
    CHANCE: "the move used chance (dice, a shuffle or a draw)",
    REVEALED: "the move showed somebody something hidden",
    "bot": "the move was made by a bot or an automatic pass",
}


class TakeBack:
    store: ServerStore

    if TYPE_CHECKING:

        async def get(self, game_id: str) -> LiveGame: ...
        async def io(self, func: Callable[..., Any], *args: Any) -> Any: ...
        def _seat(self, live: LiveGame, token: str | None) -> int: ...
        def _check_open(self, live: LiveGame) -> None: ...
        def _after(self, live: LiveGame) -> Awaitable[None]: ...

    def _note_undo(
        self, live: LiveGame, seat: int, before: State[Any], action: int, after: State[Any], by_hand: bool
    ) -> None:
        """After a move: keeps the position before it when its person may take it back, else forgets them all."""
        why = undo_block(before, action, after) if by_hand else "bot"
        if why is None:
            live.undo.append(before)
        else:
            live.undo.clear()
        live.undo_block = why
        live.undo_seat = seat

    def can_undo(self, live: LiveGame, seat: int | None) -> bool:
        return seat is not None and bool(live.undo) and live.undo_seat == seat and not live.over

    async def undo(self, game_id: str, token: str, version: int) -> int:
        """Takes back the seat's last move when the rule allows it; the refusal says why not."""
        live = await self.get(game_id)
        seat = self._seat(live, token)
        async with live.lock:
            self._check_open(live)
            if version != live.version:
                raise ServiceError(f"version: the game is at move {live.version}, not {version}", 409, "stale")
            if not live.undo or live.undo_seat != seat:
                if live.undo_seat is not None and live.undo_seat != seat:
                    reason = "another player moved since"
                elif live.undo_block is not None:
                    reason = REFUSALS[live.undo_block]
                else:
                    reason = "there is no move of this turn to take back"
                raise ServiceError(f"undo: not allowed: {reason}", 409, "no_undo")
            before = live.undo[-1]
            row = live.row
            number = len(before.history)
            new_row = GameRow(**{**row.__dict__})
            new_row.to_act, new_row.status, new_row.updated = to_act(before), PLAYING, time.time()
            new_row.turns = before.turn_count
            try:
                await self.io(self.store.undo_move, row.id, number, new_row)
            except StaleMove as exc:
                raise ServiceError(str(exc), 409, "stale") from exc
            live.undo.pop()
            row.to_act, row.updated, row.moves, row.turns = new_row.to_act, new_row.updated, number, new_row.turns
            live.state = before
            del live.log[number:]
            for w in live.watchers:
                w.log_sent = 0  # the log got shorter: everyone receives it whole again
            version = live.version
        await self._after(live)
        return version
