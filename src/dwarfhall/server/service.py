"""The referee: live games in memory, every accepted move stored before it is acknowledged.

Each seat only ever receives its own observation and the public labels of moves; a
spectator receives the public view; the full record (it holds the seed) only once a
game is over. Seats live in `seats.py`, moves nobody clicks in `turns.py`, what viewers
receive in `views.py`; this class keeps games in memory and makes moves.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from dwarfhall import __version__
from dwarfhall.core.errors import DwarfhallError
from dwarfhall.core.game import State
from dwarfhall.core.record import GameRecord
from dwarfhall.core.registry import load_game
from dwarfhall.core.webview import WebView

from .bots import BotPool
from .endings import Endings
from .limits import Limits
from .live import LiveGame, SeatRequest, ServiceError, Watcher, only_a_pass, outcome, to_act
from .records import FINISHED, PLAYING, GameRow
from .seats import Seats, checked_game, seat_rows
from .store import ServerStore, StaleMove
from .turns import Turns
from .undo import TakeBack
from .views import Views, opening_of, summary
from .windows import Windows

log = logging.getLogger("dwarfhall.server")

_only_a_pass = only_a_pass  # the name the tests knew


class GameService(Seats, Turns, Views, TakeBack, Endings, Windows):
    def __init__(
        self,
        store: ServerStore,
        pool: BotPool,
        window_delay: float = 1.0,
        bot_pause: float = 0.4,
        run_io: Callable[..., Awaitable[Any]] | None = None,
        limits: Limits | None = None,
    ) -> None:
        self.store = store
        self.pool = pool
        # a bot's answer in a response window always comes after this many seconds, choice or not
        self.window_delay = window_delay
        self.bot_pause = bot_pause  # so that people can follow a bot's moves
        self.limits = limits or Limits()
        self.live: dict[str, LiveGame] = {}
        self._run_io = run_io or asyncio.to_thread
        self._loading: dict[str, asyncio.Lock] = {}
        self._web_views: dict[tuple[str, str], WebView] = {}
        self._view_of_game: dict[int, tuple[Any, WebView]] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self.min_clock = 10  # seconds per move, at least
        self.new_seed: Callable[[], int] = lambda: secrets.randbits(62)  # tests fix it to replay a deal

    async def io(self, func: Callable[..., Any], *args: Any) -> Any:
        return await self._run_io(func, *args)

    # -- start and stop -----------------------------------------------------------------
    async def start(self) -> None:
        """Rebuilds the unfinished games that go on by themselves (a bot or a clock to move); every other game
        is rebuilt from its stored record when somebody asks for it."""
        await self.pool.warm()
        for row in await self.io(self.store.unfinished_games):
            if _moves_by_itself(row):
                await self.get(row.id)
        self._sweeper = asyncio.create_task(self._sweep())

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for live in self.live.values():
            live.cancel_tasks()
        self.pool.close()

    async def _sweep(self) -> None:
        """Drops idle games from memory; the next request rebuilds them from the store."""
        every = max(0.05, min(30.0, self.limits.idle_seconds / 4))
        while True:
            await asyncio.sleep(every)
            self.evict_idle()

    def evict_idle(self) -> int:
        cutoff = time.monotonic() - self.limits.idle_seconds
        idle = [i for i, live in self.live.items() if live.touched <= cutoff and not live.busy()]
        for game_id in idle:
            del self.live[game_id]
        return len(idle)

    async def get(self, game_id: str) -> LiveGame:
        live = self.live.get(game_id)
        if live is not None:
            live.touched = time.monotonic()
            return live
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                live = self.live.get(game_id)
                if live is not None:
                    return live
                found = await self.io(self.store.load_game, game_id)
                if found is None:
                    raise ServiceError(f"no game {game_id!r}", 404, "not_found")
                live = self._rebuild(*found)
                self.live[game_id] = live
        finally:
            if not lock.locked():
                self._loading.pop(game_id, None)
        self._schedule(live)
        return live

    def _rebuild(self, row: GameRow, actions: list[int]) -> LiveGame:
        state = self._replay(row, actions)
        log_ = []
        replay = load_game(row.game, row.options).new_state(row.seed)
        view = self._web_view(replay.game)
        opening = opening_of(replay)
        public = replay.observation(None)
        for a in state.history:
            seat, action, turn = replay.current_player, replay.describe_action(a), replay.turn_count
            replay.apply(a)
            after = replay.observation(None)
            log_.append((seat, action, outcome(view, public, after), turn))
            public = after
        return LiveGame(row, state, log_, opening=opening)

    def _replay(self, row: GameRow, actions: list[int]) -> State:
        record = GameRecord(row.game, row.options, row.seed, actions)
        try:
            return record.final_state()
        except DwarfhallError as exc:
            # never silently changed: the game stays at its last replayable move and is flagged
            reason = (
                f"the record no longer replays under engine {__version__} (started with {row.engine_version}): {exc}"
            )
            log.warning("game %s flagged: %s", row.id, reason)
            row.flag = reason
            self.store.flag_game(row.id, reason)
            state = record.initial_state()
            for a in actions:
                try:
                    state.apply(a)
                except DwarfhallError:
                    break
            return state

    # -- creating -------------------------------------------------------------------------
    async def create(
        self,
        game: str,
        options: dict[str, Any],
        seats: Sequence[SeatRequest],
        lang: str = "en",
        public: bool = True,
        clock: int | None = None,
        player: str | None = None,
        rematch_of: GameRow | None = None,
    ) -> GameRow:
        engine_game = checked_game(game, options, len(seats), lang, clock, self.min_clock)
        rows = seat_rows(seats, engine_game, player, self.limits)
        if rematch_of is not None:
            for new, old in zip(rows, rematch_of.seats, strict=True):
                new.player, new.previous_token, new.host = old.player, old.token, old.host
                new.windows = old.windows  # the window preferences go on into the rematch
        now = time.time()
        seed = self.new_seed()
        state = engine_game.new_state(seed)
        row = GameRow(
            id=secrets.token_hex(6),
            game=game,
            options=engine_game.options.to_dict(),
            seed=seed,
            engine_version=__version__,
            lang=lang,
            public=public,
            clock=clock,
            status=PLAYING,
            to_act=to_act(state),
            moves=0,
            turns=state.turn_count,
            created=now,
            updated=now,
            rematch_of=rematch_of.id if rematch_of else None,
            seats=rows,
        )
        await self.io(self.store.create_game, row)
        live = LiveGame(row, state, [], opening=opening_of(state))
        self.live[row.id] = live
        self._schedule(live)
        return row

    # -- moves ----------------------------------------------------------------------------
    async def move(
        self,
        game_id: str,
        token: str,
        action: int,
        version: int,
        acknowledge: Callable[[int], Awaitable[None]] | None = None,
    ) -> int:
        """A person's move: refused with a clear error, and nothing changed, unless it is legal now.

        `acknowledge(version)` is awaited once the move is committed, before the new views are drawn and sent,
        so that the mover learns at once that the move is safe."""
        live = await self.get(game_id)
        seat = self._seat(live, token)
        async with live.lock:
            self._check_open(live)
            if version != live.version:
                raise ServiceError(
                    f"version: this move was made at move {version}, but the game is at move {live.version}; "
                    "reload to see the game as it is",
                    409,
                    "stale",
                )
            if live.state.current_player != seat:
                raise ServiceError("it is not your decision now", 409, "not_your_turn")
            if live.row.seats[seat].bot_spec is not None:
                raise ServiceError("a bot plays this seat now; take the seat back first", 409, "bot_seat")
            if action not in live.state.legal_action_ids():
                raise ServiceError(f"action: {action} is not a legal move now", 422, "illegal")
            await self._commit(live, seat, action, by_hand=True)
            version = live.version
        if acknowledge is not None:
            with contextlib.suppress(Exception):  # the mover's connection closed: the move stands all the same
                await acknowledge(version)
        await self._after(live)
        return version

    async def _after(self, live: LiveGame) -> None:
        """After a change: the next bot (or clock) is under way first, then every viewer's new view is queued."""
        self._schedule(live)
        await self.broadcast(live)

    def _check_open(self, live: LiveGame) -> None:
        if live.row.flag:
            raise ServiceError(f"this game is flagged and cannot continue: {live.row.flag}", 409, "flagged")
        if live.over:
            raise ServiceError("the game is over", 409, "over")

    async def _commit(self, live: LiveGame, seat: int, action: int, by_hand: bool = False) -> None:
        """Stores the move, and only then makes it the game's state (caller holds the lock); `by_hand`: a
        person clicked it, so it may be taken back under the table's rule."""
        after = live.state.clone()
        described = live.state.describe_action(action)
        turn = live.state.turn_count  # the turn the move is made in
        public_before = live.state.observation(None)
        after.apply(action)
        note = outcome(self._web_view(after.game), public_before, after.observation(None))
        row = live.row
        number = len(live.state.history)
        new_row = GameRow(**{**row.__dict__})
        new_row.to_act = to_act(after)
        new_row.turns = after.turn_count
        new_row.updated = time.time()
        if after.is_terminal:
            new_row.status = FINISHED
            new_row.result = list(after.returns())
        try:
            await asyncio.wrap_future(self.store.submit_move(row.id, number, seat, action, new_row))
        except StaleMove as exc:
            raise ServiceError(str(exc), 409, "stale") from exc
        row.to_act, row.updated, row.status, row.result = (
            new_row.to_act,
            new_row.updated,
            new_row.status,
            new_row.result,
        )
        row.moves = number + 1
        row.turns = new_row.turns
        if row.draw_offer is not None:
            row.draw_offer = None  # an offer of a draw stands until the next move
            await self.io(self.store.update_game, row)
        self._note_undo(live, seat, live.state, action, after, by_hand)
        live.state = after
        live.log.append((seat, described, note, turn))
        live.turn_started = time.time()
        live.touched = time.monotonic()


def _moves_by_itself(row: GameRow) -> bool:
    """A stored game that goes on without anybody opening it: a bot or stand-in to move, or a clock running."""
    if row.to_act is None or row.flag or not 0 <= row.to_act < len(row.seats):
        return False
    return row.seats[row.to_act].bot_spec is not None or row.clock is not None or row.auto_pass


__all__ = ["GameService", "LiveGame", "SeatRequest", "ServiceError", "Watcher", "summary"]
