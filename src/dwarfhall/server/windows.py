"""Each person's response-window preferences: in which kinds of window they want to be asked.

In a window of a kind the person does not want, the move that lets it go by is played for them after the
server's window delay, the delay a bot's answer takes. Whether a decision is such a window, its kind, and
the move that lets it go by are public facts (the game's payload "window_kind"), so neither the moment nor
the message of an automatic pass depends on the cards the person holds.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from dwarfhall.core.game import State
from dwarfhall.core.info import game_info

from .live import LiveGame, ServiceError
from .records import SeatRow
from .store import ServerStore

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

log = logging.getLogger("dwarfhall.server")


def window_pass(state: State[Any]) -> tuple[int, str] | None:
    """The move that lets the open response window go by and the window's kind, or None outside windows."""
    if state.is_terminal:
        return None
    for action in state.legal_action_ids():
        kind = state.describe_action(action).payload.get("window_kind")
        if kind is not None:
            return action, str(kind)
    return None


def asked(seat: SeatRow, state: State[Any]) -> tuple[str, ...]:
    """The kinds of window this person is asked in: their choice, else every kind (a client that never chose
    is asked as before; the page offers the game's defaults, GameInfo.asked_windows, on a seat's first visit)."""
    return tuple(seat.windows) if seat.windows is not None else game_info(state.game).windows


class Windows:
    store: ServerStore
    window_delay: float

    if TYPE_CHECKING:

        async def get(self, game_id: str) -> LiveGame: ...
        async def io(self, func: Callable[..., Any], *args: Any) -> Any: ...
        def _seat(self, live: LiveGame, token: str | None) -> int: ...
        def _after(self, live: LiveGame) -> Awaitable[None]: ...
        async def _commit(self, live: LiveGame, seat: int, action: int, by_hand: bool = False) -> None: ...

    def window_kinds(self, live: LiveGame, seat: int | None, lang: str) -> dict[str, Any] | None:
        """The kinds of window a seat can choose from, each with its sentence, whether the seat is asked and
        whether the game asks by default; `chosen`: the person has chosen (else every kind is asked)."""
        if seat is None:
            return None
        game = live.state.game
        info = game_info(game)
        mine = asked(live.row.seats[seat], live.state)
        kinds = [
            {"kind": k, "text": game.window_name(k, lang), "ask": k in mine, "default": k in info.asked_windows}
            for k in info.windows
        ]
        return {"chosen": live.row.seats[seat].windows is not None, "kinds": kinds}

    async def set_windows(self, game_id: str, token: str, ask: list[str]) -> list[str]:
        """The person's new preferences: the kinds of window they want to be asked in."""
        live = await self.get(game_id)
        seat = self._seat(live, token)
        known = game_info(live.state.game).windows
        unknown = [k for k in ask if k not in known]
        if unknown:
            names = ", ".join(known) or "none"
            raise ServiceError(f"ask: {unknown[0]!r} is not a kind of window of this game ({names})", 422, "bad_window")
        row = live.row.seats[seat]
        async with live.lock:
            row.windows = sorted(set(ask), key=known.index)
            await self.io(self.store.update_seat, game_id, row)
        await self._after(live)
        return row.windows

    def goes_by(self, live: LiveGame, seat: int | None) -> bool:
        """The seat's decision now is a window it does not want to be asked in: it goes by on its own."""
        if seat is None or live.over or live.state.current_player != seat:
            return False
        found = window_pass(live.state)
        return found is not None and found[1] not in asked(live.row.seats[seat], live.state)

    def _preferred_pass(self, live: LiveGame, seat: int) -> bool:
        """Schedules the pass of a window the person does not want to be asked in; True when one is under way."""
        found = window_pass(live.state)
        if found is None or found[1] in asked(live.row.seats[seat], live.state):
            return False
        if live.pass_task is None or live.pass_task.done():
            live.pass_task = asyncio.create_task(self._pass_for(live, seat, found[0], live.version))
        return True

    async def _pass_for(self, live: LiveGame, seat: int, action: int, version: int) -> None:
        await asyncio.sleep(self.window_delay)  # the delay of a bot's answer: the same whatever the hand holds
        async with live.lock:
            if live.version != version or live.over or live.state.current_player != seat:
                return
            if live.row.seats[seat].bot_spec is not None or action not in live.state.legal_action_ids():
                return
            try:
                await self._commit(live, seat, action)
            except ServiceError:
                log.exception("preferred pass not stored in game %s", live.row.id)
                return
        live.pass_task = None
        await self._after(live)
