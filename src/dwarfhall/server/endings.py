"""Games that end off the board: a resignation, a draw both players agree on, a seat abandoned by its player.

The record stops at the last move played (it stays a replayable record); the game's row says how it ended and
holds the result: the player who resigned or left loses, everyone else shares the win, a draw gives nothing.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from dwarfhall.core.info import game_info
from dwarfhall.core.returns import winner_returns

from .live import LiveGame, ServiceError
from .records import FINISHED, PERSON
from .store import ServerStore

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from .limits import Limits

RESIGNED = "resigned"
DRAW = "draw"
ABANDONED = "abandoned"


class Endings:
    store: ServerStore
    limits: Limits

    if TYPE_CHECKING:

        async def get(self, game_id: str) -> LiveGame: ...
        async def io(self, func: Callable[..., Any], *args: Any) -> Any: ...
        def _seat(self, live: LiveGame, token: str | None) -> int: ...
        def _seat_row(self, live: LiveGame, seat: int) -> Any: ...
        def _check_open(self, live: LiveGame) -> None: ...
        def _after(self, live: LiveGame) -> Awaitable[None]: ...

    async def resign(self, game_id: str, token: str) -> None:
        """The seat concedes, at any moment of a running game: it loses, the others share the win."""
        live = await self.get(game_id)
        seat = self._seat(live, token)
        async with live.lock:
            self._check_open(live)
            others = [s for s in range(len(live.row.seats)) if s != seat]
            await self._end(live, winner_returns(len(live.row.seats), others), f"{RESIGNED}:{seat}")
        await self._after(live)

    async def offer_draw(self, game_id: str, token: str) -> bool:
        """Offers a draw, or accepts the other player's standing offer; True when the game ended in one.
        Only in a game that can end in a draw (GameInfo.draws) and between two people."""
        live = await self.get(game_id)
        seat = self._seat(live, token)
        async with live.lock:
            self._check_open(live)
            if not game_info(live.state.game).draws:
                raise ServiceError(f"draw: {live.row.game} cannot end in a draw", 409, "no_draws")
            people = [s.seat for s in live.row.seats if s.kind == PERSON and s.bot_spec is None]
            if len(live.row.seats) != 2 or len(people) != 2:
                raise ServiceError("draw: a draw is agreed between two people at a two-seat table", 409, "no_draws")
            offer = live.row.draw_offer
            if offer is not None and offer != seat:
                await self._end(live, winner_returns(2, []), DRAW)
                ended = True
            else:
                live.row.draw_offer = seat
                await self.io(self.store.update_game, live.row)
                ended = False
        await self._after(live)
        return ended

    async def decline_draw(self, game_id: str, token: str) -> None:
        """The other player declines a standing offer (the offerer may withdraw it the same way)."""
        live = await self.get(game_id)
        self._seat(live, token)
        async with live.lock:
            if live.row.draw_offer is not None:
                live.row.draw_offer = None
                await self.io(self.store.update_game, live.row)
        await self._after(live)

    async def end_abandoned(self, game_id: str, token: str, seat: int) -> None:
        """Another person ends a game whose `seat` was abandoned: its clock ran out (a stand-in plays it), or
        its player has been away (no connection) for the server's hand-over time. The absent seat loses."""
        live = await self.get(game_id)
        me = self._seat(live, token)
        target = self._seat_row(live, seat)
        if me == seat or live.row.seats[me].kind != PERSON:
            raise ServiceError("abandon: only another person at the table can end it", 403, "not_allowed")
        if target.kind != PERSON:
            raise ServiceError(f"abandon: seat {seat} is a bot's", 409, "is_bot")
        wait = self.limits.hand_over_after
        away = seat not in live.online() and time.monotonic() - live.away_since.get(seat, live.loaded) >= wait
        clock_out = live.row.clock is not None and target.stand_in is not None and seat not in live.handed_by_host
        if not (away or clock_out):
            raise ServiceError(
                f"abandon: seat {seat}'s player is here; a game can be ended once they ran out of time or have "
                f"been away for {wait:g} s",
                409,
                "present",
            )
        async with live.lock:
            self._check_open(live)
            others = [s for s in range(len(live.row.seats)) if s != seat]
            await self._end(live, winner_returns(len(live.row.seats), others), f"{ABANDONED}:{seat}")
        await self._after(live)

    async def _end(self, live: LiveGame, result: list[float], ending: str) -> None:
        row = live.row
        row.status, row.result, row.ending, row.to_act = FINISHED, result, ending, None
        row.draw_offer, row.updated = None, time.time()
        await self.io(self.store.update_game, row)
        live.undo.clear()
        live.cancel_tasks()
