"""Moves nobody clicks: bots, stand-ins, the table's auto-pass and the clock, each a task of its game."""

from __future__ import annotations

import asyncio
import logging
import math
from typing import TYPE_CHECKING

from dwarfhall.core.record import GameRecord

from .bots import BotPool, levels_for
from .live import LiveGame, ServiceError, hidden_timing, only_a_pass
from .store import ServerStore

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable
    from typing import Any

log = logging.getLogger("dwarfhall.server")


class Turns:
    store: ServerStore
    pool: BotPool
    window_delay: float
    bot_pause: float

    if TYPE_CHECKING:

        async def _commit(self, live: LiveGame, seat: int, action: int, by_hand: bool = False) -> None: ...
        async def broadcast(self, live: LiveGame, presence: bool = False) -> None: ...
        async def io(self, func: Callable[..., Any], *args: Any) -> Any: ...
        def _after(self, live: LiveGame) -> Awaitable[None]: ...
        def _preferred_pass(self, live: LiveGame, seat: int) -> bool: ...

    def _schedule(self, live: LiveGame) -> None:
        if live.over or live.row.flag:
            return
        seat = live.state.current_player
        spec = live.row.seats[seat].bot_spec
        if spec is not None:
            if live.bot_task is None or live.bot_task.done():
                live.bot_task = asyncio.create_task(self._bot_turn(live, seat, spec, live.version))
        elif live.row.auto_pass and only_a_pass(live.state):
            if live.pass_task is None or live.pass_task.done():
                live.pass_task = asyncio.create_task(self._auto_pass(live, seat, live.version))
        elif self._preferred_pass(live, seat):
            return  # a window the person does not want to be asked in goes by after the window delay
        elif live.row.clock is not None:
            if live.clock_task is not None:
                live.clock_task.cancel()
            live.clock_task = asyncio.create_task(self._clock(live, live.version))

    async def _bot_turn(self, live: LiveGame, seat: int, spec: str, version: int) -> None:
        loop = asyncio.get_running_loop()
        started = loop.time()
        state = live.state
        legal = state.legal_action_ids()
        hidden = hidden_timing(state, legal)
        try:
            if len(legal) == 1:
                action = legal[0]  # a forced move needs no thinking
            else:
                action = await self.pool.choose(GameRecord.of(state), seat, spec)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot %s failed in game %s; it plays its first legal move", spec, live.row.id)
            action = legal[0]
        # the same delay whether the bot had a choice or not, so its timing says nothing about its cards
        wait = self.window_delay if hidden else self.bot_pause
        took = loop.time() - started
        if hidden and wait > 0 and took > wait:
            # a search that outran the delay is released on the next whole multiple of it, never at its own time
            wait *= math.ceil(took / wait)
        await asyncio.sleep(max(0.0, started + wait - loop.time()))
        async with live.lock:
            if live.version != version or live.row.seats[seat].bot_spec is None or live.over:
                return
            try:
                await self._commit(live, seat, action)
            except ServiceError:
                log.exception("bot move not stored in game %s", live.row.id)
                return
        live.bot_task = None
        await self._after(live)

    async def _auto_pass(self, live: LiveGame, seat: int, version: int) -> None:
        """Every person chose the table's auto-pass: a person's only move in a window is played for them, after
        the window delay that a bot's answer takes too."""
        await asyncio.sleep(self.window_delay)
        async with live.lock:
            if live.version != version or not live.row.auto_pass or not only_a_pass(live.state):
                return
            if live.row.seats[seat].bot_spec is not None or live.state.current_player != seat:
                return
            try:
                await self._commit(live, seat, live.state.legal_action_ids()[0])
            except ServiceError:
                log.exception("automatic pass not stored in game %s", live.row.id)
                return
        live.pass_task = None
        await self._after(live)

    async def _clock(self, live: LiveGame, version: int) -> None:
        assert live.row.clock is not None
        await asyncio.sleep(live.row.clock)
        async with live.lock:
            if live.version != version or live.over:
                return
            seat = live.row.seats[live.state.current_player]
            if seat.bot_spec is not None:
                return
            # the clock ran out: a bot plays until the player is back
            seat.stand_in = levels_for(live.row.game)["normal"].spec
            live.handed_by_host.discard(seat.seat)
            await self.io(self.store.update_seat, live.row.id, seat)
        live.clock_task = None
        await self._after(live)
