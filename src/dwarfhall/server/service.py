"""The referee: live games in memory, every accepted move stored before it is acknowledged.

Each seat only ever receives its own observation and the public labels of moves; a
spectator receives the public view; the full record (it holds the seed) only once a
game is over.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from dwarfhall import __version__
from dwarfhall.agents.base import AgentSpecError
from dwarfhall.core.actions import Action
from dwarfhall.core.errors import DwarfhallError
from dwarfhall.core.game import State
from dwarfhall.core.i18n import languages, pick
from dwarfhall.core.record import GameRecord
from dwarfhall.core.registry import game_class, load_game
from dwarfhall.core.webview import WebView

from .bots import LEVELS, BotPool, bot_spec
from .drawings import Drawings
from .records import BOT, FINISHED, PERSON, PLAYING, GameRow, SeatRow
from .store import ServerStore, StaleMove

log = logging.getLogger("dwarfhall.server")

Send = Callable[[dict[str, Any]], Awaitable[None]]


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
    send: Send
    log_sent: int = 0  # log entries this watcher already has: later messages carry only the new ones


@dataclass
class LiveGame:
    row: GameRow
    state: State
    log: list[tuple[int, Action, dict[str, str]]]  # who, what, and what it brought about (per language)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: list[Watcher] = field(default_factory=list)
    bot_task: asyncio.Task[None] | None = None
    clock_task: asyncio.Task[None] | None = None
    pass_task: asyncio.Task[None] | None = None  # an automatic pass waiting for the window delay
    turn_started: float = field(default_factory=time.time)

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


@dataclass
class SeatRequest:
    kind: str  # PERSON or BOT
    bot: str | None = None  # level name or agent spec


def new_token() -> str:
    return secrets.token_urlsafe(18)


class GameService:
    def __init__(
        self,
        store: ServerStore,
        pool: BotPool,
        window_delay: float = 1.0,
        bot_pause: float = 0.4,
        run_io: Callable[..., Awaitable[Any]] | None = None,
    ) -> None:
        self.store = store
        self.pool = pool
        # a bot's answer in a response window always comes after this many seconds, choice or not
        self.window_delay = window_delay
        self.bot_pause = bot_pause  # so that people can follow a bot's moves
        self.live: dict[str, LiveGame] = {}
        self._run_io = run_io or asyncio.to_thread
        self._loading: dict[str, asyncio.Lock] = {}
        self._web_views: dict[tuple[str, str], WebView] = {}
        self._view_of_game: dict[int, tuple[Any, WebView]] = {}
        self.min_clock = 10  # seconds per move, at least
        self.new_seed: Callable[[], int] = lambda: secrets.randbits(62)  # tests fix it to replay a deal

    async def io(self, func: Callable[..., Any], *args: Any) -> Any:
        return await self._run_io(func, *args)

    # -- start and stop -----------------------------------------------------------------
    async def start(self) -> None:
        """Rebuilds every unfinished game from its stored record and lets its bots continue."""
        await self.pool.warm()
        for game_id in await self.io(self.store.unfinished_ids):
            await self.get(game_id)

    async def stop(self) -> None:
        for live in self.live.values():
            for task in (live.bot_task, live.clock_task, live.pass_task):
                if task is not None:
                    task.cancel()
        self.pool.close()

    async def get(self, game_id: str) -> LiveGame:
        live = self.live.get(game_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            live = self.live.get(game_id)
            if live is not None:
                return live
            found = await self.io(self.store.load_game, game_id)
            if found is None:
                raise ServiceError(f"no game {game_id!r}", 404, "not_found")
            row, actions = found
            state = self._replay(row, actions)
            log_ = []
            replay = load_game(row.game, row.options).new_state(row.seed)
            view = self._web_view(replay.game)
            public = replay.observation(None)
            for a in state.history:
                seat, action = replay.current_player, replay.describe_action(a)
                replay.apply(a)
                after = replay.observation(None)
                log_.append((seat, action, _outcome(view, public, after)))
                public = after
            live = LiveGame(row, state, log_)
            self.live[game_id] = live
        self._schedule(live)
        return live

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
        try:
            refused = [name for name in game_class(game).options_type.file_options() if options.get(name) is not None]
        except DwarfhallError as exc:
            raise ServiceError(str(exc), 422, "bad_game") from exc
        if refused:  # refused before anything is read, so the answer says nothing about the server's files
            raise ServiceError(f"options.{refused[0]}: names a file on the server; not allowed here", 422, "bad_option")
        try:
            engine_game = load_game(game, options)
        except DwarfhallError as exc:
            raise ServiceError(str(exc), 422, "bad_game") from exc
        if len(seats) != engine_game.num_players:
            raise ServiceError(
                f"seats: {game} is played by {engine_game.num_players}, got {len(seats)} seats", 422, "bad_seats"
            )
        if lang not in languages():
            raise ServiceError(f"lang: must be one of {', '.join(languages())}, not {lang!r}", 422, "bad_lang")
        if clock is not None and not self.min_clock <= clock <= 7 * 24 * 3600:
            raise ServiceError(f"clock: seconds per move must be between {self.min_clock} and 604800", 422, "bad_clock")
        rows: list[SeatRow] = []
        host_given = False
        for i, req in enumerate(seats):
            if req.kind == BOT:
                try:
                    spec = bot_spec(req.bot or "normal", engine_game)
                except AgentSpecError as exc:
                    raise ServiceError(f"seats[{i}].bot: {exc}", 422, "bad_bot") from exc
                rows.append(SeatRow(i, BOT, new_token(), bot=spec))
            elif req.kind == PERSON:
                host = not host_given
                host_given = True
                rows.append(SeatRow(i, PERSON, new_token(), player=player if host else None, host=host))
            else:
                raise ServiceError(f"seats[{i}].kind: must be 'person' or 'bot', not {req.kind!r}", 422, "bad_seats")
        if not host_given:
            raise ServiceError("seats: at least one seat must be a person", 422, "bad_seats")
        if rematch_of is not None:
            for new, old in zip(rows, rematch_of.seats, strict=True):
                new.player, new.previous_token, new.host = old.player, old.token, old.host
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
            to_act=_to_act(state),
            moves=0,
            created=now,
            updated=now,
            rematch_of=rematch_of.id if rematch_of else None,
            seats=rows,
        )
        await self.io(self.store.create_game, row)
        live = LiveGame(row, state, [])
        self.live[row.id] = live
        self._schedule(live)
        return row

    async def rematch(self, game_id: str, token: str) -> tuple[GameRow, str]:
        live = await self.get(game_id)
        seat = self._seat(live, token)
        if live.row.status != FINISHED:
            raise ServiceError("a rematch can only follow a finished game", 409, "not_finished")
        async with live.lock:
            existing = await self.io(self.store.rematch_of, game_id)
            if existing is None:
                reqs = [SeatRequest(s.kind, s.bot) for s in live.row.seats]
                existing = await self.create(
                    live.row.game,
                    live.row.options,
                    reqs,
                    live.row.lang,
                    live.row.public,
                    live.row.clock,
                    rematch_of=live.row,
                )
        await self.broadcast(live)
        return existing, existing.seats[seat].token

    # -- seats ----------------------------------------------------------------------------
    def _seat(self, live: LiveGame, token: str | None) -> int:
        seat = live.seat_with(token)
        if seat is None:
            raise ServiceError("this seat token does not belong to this game", 403, "bad_token")
        return seat

    async def claim(self, game_id: str, token: str, player: str) -> int:
        """Adds a seat to a player's "my games"; a seat already held by someone else stays theirs."""
        live = await self.get(game_id)
        seat = self._seat(live, token)
        row = live.row.seats[seat]
        if row.player is None:
            row.player = player
            await self.io(self.store.update_seat, game_id, row)
        return seat

    async def join(self, game_id: str, player: str | None) -> tuple[int, str]:
        """A free person seat of a public game (none invited yet): its token."""
        live = await self.get(game_id)
        if not live.row.public or live.row.status != PLAYING:
            raise ServiceError("this game is not open to join", 409, "not_open")
        async with live.lock:
            for s in live.row.seats:
                if s.kind == PERSON and s.player is None and not s.host:
                    s.player = player or new_token()
                    await self.io(self.store.update_seat, game_id, s)
                    await self.broadcast(live)
                    return s.seat, s.token
        raise ServiceError("every seat of this game is taken", 409, "full")

    async def hand_to_bot(self, game_id: str, host_token: str, seat: int, bot: str) -> None:
        live = await self.get(game_id)
        me = self._seat(live, host_token)
        if not live.row.seats[me].host:
            raise ServiceError("only the game's host can hand a seat to a bot", 403, "not_host")
        target = self._seat_row(live, seat)
        if target.kind != PERSON:
            raise ServiceError(f"seat {seat} is already a bot", 409, "is_bot")
        try:
            spec = bot_spec(bot, live.state.game)
        except AgentSpecError as exc:
            raise ServiceError(f"bot: {exc}", 422, "bad_bot") from exc
        async with live.lock:
            target.stand_in = spec
            await self.io(self.store.update_seat, game_id, target)
        self._schedule(live)
        await self.broadcast(live)

    async def take_back(self, game_id: str, token: str) -> int:
        live = await self.get(game_id)
        seat = self._seat(live, token)
        row = live.row.seats[seat]
        async with live.lock:
            if row.stand_in is not None:
                row.stand_in = None
                await self.io(self.store.update_seat, game_id, row)
        self._schedule(live)
        await self.broadcast(live)
        return seat

    async def set_auto_pass(self, game_id: str, token: str, on: bool) -> bool:
        """A person opts in to (or out of) the table's auto-pass; returns whether the table's setting is on."""
        live = await self.get(game_id)
        seat = self._seat(live, token)
        row = live.row.seats[seat]
        async with live.lock:
            if row.auto_pass != on:
                row.auto_pass = on
                await self.io(self.store.update_seat, game_id, row)
        self._schedule(live)
        await self.broadcast(live)
        return live.row.auto_pass

    def _seat_row(self, live: LiveGame, seat: int) -> SeatRow:
        if not 0 <= seat < len(live.row.seats):
            raise ServiceError(f"seat: must be in 0..{len(live.row.seats) - 1}, got {seat}", 422, "bad_seat")
        return live.row.seats[seat]

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
            await self._commit(live, seat, action)
            version = live.version
        if acknowledge is not None:
            try:
                await acknowledge(version)
            except Exception:  # the mover's connection closed: the move stands and the others must still see it
                log.info("could not acknowledge move %s of game %s", version, game_id)
        await self.broadcast(live)
        self._schedule(live)
        return version

    def _check_open(self, live: LiveGame) -> None:
        if live.row.flag:
            raise ServiceError(f"this game is flagged and cannot continue: {live.row.flag}", 409, "flagged")
        if live.state.is_terminal:
            raise ServiceError("the game is over", 409, "over")

    async def _commit(self, live: LiveGame, seat: int, action: int) -> None:
        """Stores the move, and only then makes it the game's state (caller holds the lock)."""
        after = live.state.clone()
        described = live.state.describe_action(action)
        public_before = live.state.observation(None)
        after.apply(action)
        outcome = _outcome(self._web_view(after.game), public_before, after.observation(None))
        row = live.row
        number = len(live.state.history)
        new_row = GameRow(**{**row.__dict__})
        new_row.to_act = _to_act(after)
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
        live.state = after
        live.log.append((seat, described, outcome))
        live.turn_started = time.time()

    # -- bots and clocks ----------------------------------------------------------------------
    def _schedule(self, live: LiveGame) -> None:
        if live.state.is_terminal or live.row.flag:
            return
        seat = live.state.current_player
        spec = live.row.seats[seat].bot_spec
        if spec is not None:
            if live.bot_task is None or live.bot_task.done():
                live.bot_task = asyncio.create_task(self._bot_turn(live, seat, spec, live.version))
        elif live.row.auto_pass and _only_a_pass(live.state):
            if live.pass_task is None or live.pass_task.done():
                live.pass_task = asyncio.create_task(self._auto_pass(live, seat, live.version))
        elif live.row.clock is not None:
            if live.clock_task is not None:
                live.clock_task.cancel()
            live.clock_task = asyncio.create_task(self._clock(live, live.version))

    async def _bot_turn(self, live: LiveGame, seat: int, spec: str, version: int) -> None:
        loop = asyncio.get_running_loop()
        started = loop.time()
        state = live.state
        legal = state.legal_action_ids()
        hidden_timing = any(state.describe_action(a).payload.get("window") for a in legal)
        try:
            if len(legal) == 1:
                action = legal[0]  # a forced move needs no thinking
            else:
                action = await self.pool.choose(GameRecord.of(state), seat, spec)
        except Exception:
            log.exception("bot %s failed in game %s; it plays its first legal move", spec, live.row.id)
            action = legal[0]
        # the same delay whether the bot had a choice or not, so its timing says nothing about its cards
        wait = self.window_delay if hidden_timing else self.bot_pause
        took = loop.time() - started
        if hidden_timing and wait > 0 and took > wait:
            # a search that outran the delay is released on the next whole multiple of it, never at its own time
            wait *= math.ceil(took / wait)
        await asyncio.sleep(max(0.0, started + wait - loop.time()))
        async with live.lock:
            if live.version != version or live.row.seats[seat].bot_spec is None or live.state.is_terminal:
                return
            try:
                await self._commit(live, seat, action)
            except ServiceError:
                log.exception("bot move not stored in game %s", live.row.id)
                return
        live.bot_task = None
        await self.broadcast(live)
        self._schedule(live)

    async def _auto_pass(self, live: LiveGame, seat: int, version: int) -> None:
        """Every person chose the table's auto-pass: a person's only move in a window is played for them, after
        the window delay that a bot's answer takes too."""
        await asyncio.sleep(self.window_delay)
        async with live.lock:
            if live.version != version or not live.row.auto_pass or not _only_a_pass(live.state):
                return
            if live.row.seats[seat].bot_spec is not None or live.state.current_player != seat:
                return
            try:
                await self._commit(live, seat, live.state.legal_action_ids()[0])
            except ServiceError:
                log.exception("automatic pass not stored in game %s", live.row.id)
                return
        await self.broadcast(live)
        self._schedule(live)

    async def _clock(self, live: LiveGame, version: int) -> None:
        assert live.row.clock is not None
        await asyncio.sleep(live.row.clock)
        async with live.lock:
            if live.version != version or live.state.is_terminal:
                return
            seat = live.row.seats[live.state.current_player]
            if seat.bot_spec is not None:
                return
            seat.stand_in = LEVELS["normal"].spec  # the clock ran out: a bot plays until the player is back
            await self.io(self.store.update_seat, live.row.id, seat)
        self._schedule(live)
        await self.broadcast(live)

    # -- what each viewer receives ---------------------------------------------------------
    def subscribe(self, live: LiveGame, watcher: Watcher) -> None:
        live.watchers.append(watcher)

    def unsubscribe(self, live: LiveGame, watcher: Watcher) -> None:
        if watcher in live.watchers:
            live.watchers.remove(watcher)

    async def broadcast(self, live: LiveGame) -> None:
        rematch = None
        if live.row.status == FINISHED:
            rematch = await self.io(self.store.rematch_of, live.row.id)
        for w in list(live.watchers):
            try:
                message = self.view(live, w.seat, w.lang, rematch, log_from=min(w.log_sent, len(live.log)))
                w.log_sent = len(live.log)
                await w.send(message)
            except Exception:  # a closed connection: its handler removes it
                self.unsubscribe(live, w)

    def view(
        self, live: LiveGame, seat: int | None, lang: str, rematch: GameRow | None = None, log_from: int = 0
    ) -> dict[str, Any]:
        """Everything one viewer may see of a game, ready to send; the log from entry `log_from` on."""
        state = live.state
        game = state.game
        row = live.row
        mine = seat is not None and state.current_player == seat and row.seats[seat].bot_spec is None
        actions = state.legal_actions() if mine and not row.flag else []
        observation = state.observation(seat)
        html = self._web_view(game).render(observation, actions, lang)
        watching = {w.seat for w in live.watchers}
        message: dict[str, Any] = {
            "type": "state",
            "game_id": row.id,
            "game": row.game,
            "title": pick(game.title, lang),
            "version": live.version,
            "seat": seat,
            "host": seat is not None and row.seats[seat].host,
            "status": row.status,
            "flag": row.flag,
            "to_act": None if state.is_terminal else state.current_player,
            "lang": lang,
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "bot": s.bot_spec,
                    "stand_in": s.stand_in is not None,
                    "taken": s.kind == BOT or s.player is not None or s.host,
                    "online": s.seat in watching,
                    "auto_pass": s.auto_pass if s.kind == PERSON else None,
                }
                for s in row.seats
            ],
            "html": html,
            "moves": [{"id": a.id, "label": a.label(lang)} for a in actions],
            "log_from": log_from,
            "log": [
                {"n": i + 1, "seat": p, "label": a.label(lang), "outcome": o.get(lang, "")}
                for i, (p, a, o) in enumerate(live.log[log_from:], start=log_from)
            ],
            "result": list(state.returns()) if state.is_terminal else None,
            "scores": list(state.scores()) if state.is_terminal else None,
            "auto_pass": row.auto_pass,
            "clock": row.clock,
            "deadline": live.turn_started + row.clock if row.clock and not state.is_terminal else None,
            "engine_version": row.engine_version,
            "rematch": None,
        }
        if rematch is not None and seat is not None:
            message["rematch"] = {"game_id": rematch.id, "token": rematch.seats[seat].token}
        elif rematch is not None:
            message["rematch"] = {"game_id": rematch.id, "token": None}
        return message

    def _web_view(self, game: Any) -> WebView:
        """One web view per game and options (building one loads its data)."""
        known = self._view_of_game.get(id(game))
        if known is not None and known[0] is game:
            return known[1]
        key = (game.name, json.dumps(game.options.to_dict(), sort_keys=True))
        view = self._web_views.get(key)
        if view is None:
            view = self._web_views[key] = game.web_view()
            view.memo = Drawings()  # the view draws the same pieces on every move: keep them
        if len(self._view_of_game) > 4096:
            self._view_of_game.clear()
        # the options' JSON is worth computing once per game object, not on every move
        self._view_of_game[id(game)] = (game, view)
        return view

    # -- finished games ----------------------------------------------------------------------
    async def record(self, game_id: str) -> GameRecord:
        live = await self.get(game_id)
        if not live.state.is_terminal:
            raise ServiceError("the record of a game (it holds the seed) is shown only after the end", 403, "running")
        return GameRecord.of(live.state, meta={"game_id": game_id, "engine_version": live.row.engine_version})

    async def replay_view(self, game_id: str, number: int, seat: int | None, lang: str) -> dict[str, Any]:
        record = await self.record(game_id)
        if not 0 <= number <= len(record.actions):
            raise ServiceError(f"move: must be in 0..{len(record.actions)}, got {number}", 422, "bad_move")
        if seat is not None and not 0 <= seat < len(record.players or [0, 0]) + 8:
            raise ServiceError("seat: out of range", 422, "bad_seat")
        state = record.initial_state()
        label = None
        view = self._web_view(state.game)
        for i, a in enumerate(record.actions[:number]):
            label = state.describe_action(a).label(lang)
            before = state.observation(None) if i == number - 1 else None
            state.apply(a)
            if before is not None:
                note = view.outcome(before, state.observation(None), lang)
                label = f"{label} — {note}" if note else label
        if seat is not None and not 0 <= seat < state.num_players:
            raise ServiceError(f"seat: must be in 0..{state.num_players - 1}, got {seat}", 422, "bad_seat")
        html = self._web_view(state.game).render(state.observation(seat), [], lang)
        return {"move": number, "total": len(record.actions), "label": label, "html": html}


def _outcome(view: WebView, before: dict[str, Any], after: dict[str, Any]) -> dict[str, str]:
    """The log's note of what a move brought about, from the public views only (everyone may read it)."""
    return {lang: view.outcome(before, after, lang) for lang in languages()}


def _only_a_pass(state: State) -> bool:
    """A response window in which the player has a single move: nothing to answer with."""
    if state.is_terminal:
        return False
    legal = state.legal_action_ids()
    return len(legal) == 1 and bool(state.describe_action(legal[0]).payload.get("window"))


def _to_act(state: State) -> int | None:
    return None if state.is_terminal else state.current_player


def summary(row: GameRow, lang: str = "en") -> dict[str, Any]:
    """What the lobby shows of a game: no tokens, no hidden information."""
    title = row.game
    try:
        title = pick(load_game(row.game, row.options).title, lang)
    except DwarfhallError:
        pass
    return {
        "id": row.id,
        "game": row.game,
        "title": title,
        "status": row.status,
        "to_act": row.to_act,
        "moves": row.moves,
        "lang": row.lang,
        "clock": row.clock,
        "created": row.created,
        "updated": row.updated,
        "flag": row.flag,
        "result": row.result,
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "bot": s.bot_spec,
                "taken": s.kind == BOT or s.player is not None or s.host,
            }
            for s in row.seats
        ],
    }
