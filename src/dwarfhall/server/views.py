"""What each viewer receives: its own observation drawn by the game's web view, queued to its connection."""

from __future__ import annotations

import asyncio
import json
import time
from functools import partial
from typing import TYPE_CHECKING, Any

from dwarfhall.agents.levels import level_of
from dwarfhall.core.errors import DwarfhallError
from dwarfhall.core.game import State
from dwarfhall.core.i18n import languages, pick
from dwarfhall.core.info import game_info
from dwarfhall.core.record import GameRecord
from dwarfhall.core.registry import load_game
from dwarfhall.core.texts import say
from dwarfhall.core.webview import WebView

from .drawings import Drawings
from .live import LiveGame, ServiceError, Watcher
from .records import BOT, FINISHED, PERSON, GameRow
from .store import ServerStore

if TYPE_CHECKING:
    from collections.abc import Callable

    from .limits import Limits


class Views:
    store: ServerStore
    limits: Limits
    _web_views: dict[tuple[str, str], WebView]
    _view_of_game: dict[int, tuple[Any, WebView]]

    if TYPE_CHECKING:

        async def io(self, func: Callable[..., Any], *args: Any) -> Any: ...
        async def get(self, game_id: str) -> LiveGame: ...
        def can_undo(self, live: LiveGame, seat: int | None) -> bool: ...
        def goes_by(self, live: LiveGame, seat: int | None) -> bool: ...
        def window_kinds(self, live: LiveGame, seat: int | None, lang: str) -> dict[str, Any] | None: ...

    # -- viewers --------------------------------------------------------------------------
    def subscribe(self, live: LiveGame, watcher: Watcher) -> None:
        """A new viewer; a spectator beyond the game's limit is refused."""
        if watcher.seat is None and sum(w.seat is None for w in live.watchers) >= self.limits.spectators_per_game:
            raise ServiceError(
                f"this game has {self.limits.spectators_per_game} spectators already", 429, "too_many_spectators"
            )
        online = live.online()
        live.watchers.append(watcher)
        live.touched = time.monotonic()
        if watcher.seat is not None and watcher.seat not in online:
            live.away_since.pop(watcher.seat, None)
            self._presence(live)

    def unsubscribe(self, live: LiveGame, watcher: Watcher) -> None:
        if watcher not in live.watchers:
            return
        live.watchers.remove(watcher)
        live.touched = time.monotonic()
        if watcher.seat is not None and watcher.seat not in live.online():
            live.away_since[watcher.seat] = time.monotonic()
            self._presence(live)

    def _presence(self, live: LiveGame) -> None:
        """Who is online changed: one broadcast for every change within the presence delay."""
        if live.presence_task is not None and not live.presence_task.done():
            return

        async def later() -> None:
            await asyncio.sleep(self.limits.presence_delay)
            live.presence_task = None
            await self.broadcast(live, presence=True)

        live.presence_task = asyncio.create_task(later())

    async def broadcast(self, live: LiveGame, presence: bool = False) -> None:
        """Queues each viewer's new view; never waits for a socket (a slow one is dropped by its outbox).
        `presence`: only who is online changed, so only viewers who saw another set of seats online get one."""
        rematch = None
        if live.row.status == FINISHED:
            rematch = await self.io(self.store.rematch_of, live.row.id)
        online = live.online()
        for w in list(live.watchers):
            if presence and w.online_sent == online:
                continue
            w.online_sent = online
            message = self.view(live, w.seat, w.lang, rematch, log_from=min(w.log_sent, len(live.log)))
            w.log_sent = len(live.log)
            if not w.send(message):
                self.unsubscribe(live, w)

    def view(
        self, live: LiveGame, seat: int | None, lang: str, rematch: GameRow | None = None, log_from: int = 0
    ) -> dict[str, Any]:
        """Everything one viewer may see of a game, ready to send; the log from entry `log_from` on."""
        state = live.state
        row = live.row
        mine = seat is not None and not live.over and state.current_player == seat and row.seats[seat].bot_spec is None
        passing = mine and self.goes_by(live, seat)  # a window the person is not asked in: no buttons for it
        actions = state.legal_actions() if mine and not row.flag and not passing else []
        web = self._web_view(state.game)
        seen = state.observation(seat)
        html = web.render(seen, actions, lang)
        ui = web.move_ui(seen, actions, lang) if actions else {}
        online = live.online()
        message: dict[str, Any] = {
            "type": "state",
            "game_id": row.id,
            "game": row.game,
            "title": pick(state.game.title, lang),
            "version": live.version,
            "seat": seat,
            "host": seat is not None and row.seats[seat].host,
            "status": row.status,
            "flag": row.flag,
            "to_act": None if live.over else state.current_player,
            "lang": lang,
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "bot": s.bot_spec,
                    "level": level_of(s.bot_spec, row.game),
                    "stand_in": s.stand_in is not None,
                    "handed_by_host": s.stand_in is not None and s.seat in live.handed_by_host,
                    "taken": s.kind == BOT or s.player is not None or s.host,
                    "open": s.open,
                    "online": s.seat in online,
                    "auto_pass": s.auto_pass if s.kind == PERSON else None,
                }
                for s in row.seats
            ],
            "html": html,
            "moves": [{"id": a.id, "label": a.label(lang), **(ui[a.id].to_json() if a.id in ui else {})}
                      for a in actions],
            "log_from": log_from,
            "log": [
                {
                    "n": i + 1,
                    "seat": p,
                    "turn": turn,
                    "label": a.log_label(lang),
                    "outcome": o.get(lang, ""),
                    # a window let go by that brought nothing about: the page folds it away
                    "pass": a.payload.get("window_kind") is not None and not o.get(lang),
                }
                for i, (p, a, o, turn) in enumerate(live.log[log_from:], start=log_from)
            ],
            "turn": state.turn_count,
            "opening": live.opening.get(lang, ""),
            "result": row.result if live.over else None,
            "scores": list(state.scores()) if live.over else None,
            "score_sheet": sheet_of(state, lang) if live.over and not row.ending else None,
            "ending": row.ending,
            "draw_offer": row.draw_offer,
            "draws": game_info(state.game).draws,
            "undo": self.can_undo(live, seat),
            "passing": passing,
            "windows": self.window_kinds(live, seat, lang),
            "auto_pass": row.auto_pass,
            "clock": row.clock,
            "deadline": live.turn_started + row.clock if row.clock and not live.over else None,
            "engine_version": row.engine_version,
            "rematch": None,
        }
        if rematch is not None:
            message["rematch"] = {"game_id": rematch.id, "token": None if seat is None else rematch.seats[seat].token}
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
    def first_view(self, live: LiveGame, watcher: Watcher) -> None:
        """A new viewer's whole view, log included."""
        watcher.log_sent = len(live.log)
        watcher.online_sent = live.online()
        watcher.send(self.view(live, watcher.seat, watcher.lang))

    async def record(self, game_id: str) -> GameRecord:
        live = await self.get(game_id)
        if not live.over:
            raise ServiceError("the record of a game (it holds the seed) is shown only after the end", 403, "running")
        meta = {"game_id": game_id, "engine_version": live.row.engine_version}
        if live.row.ending:
            meta["ending"] = live.row.ending  # the record stops where the game was ended off the board
        return GameRecord.of(live.state, meta=meta)

    async def replay_view(
        self, game_id: str, number: int | None, seat: int | None, lang: str, turn: int | None = None
    ) -> dict[str, Any]:
        """A finished game after `number` moves, or at the start of `turn`, as `seat` saw it; with the move
        number at which each turn began (`turns`), so that the page's slider and log jump by turns."""
        record = await self.record(game_id)
        state = record.initial_state()
        if seat is not None and not 0 <= seat < state.num_players:
            raise ServiceError(f"seat: must be in 0..{state.num_players - 1}, got {seat}", 422, "bad_seat")
        live = await self.get(game_id)
        starts = live.turn_starts
        if starts is None:  # a finished game does not change: its turns are worked out once
            starts = live.turn_starts = turn_starts(record)
        if turn is not None:
            if not 0 <= turn < len(starts):
                raise ServiceError(f"turn: must be in 0..{max(0, len(starts) - 1)}, got {turn}", 422, "bad_turn")
            number = starts[turn]
        if number is None or not 0 <= number <= len(record.actions):
            raise ServiceError(f"move: must be in 0..{len(record.actions)}, got {number}", 422, "bad_move")
        label = None
        view = self._web_view(state.game)
        for i, a in enumerate(record.actions[:number]):
            label = state.describe_action(a).log_label(lang)
            before = state.observation(None) if i == number - 1 else None
            state.apply(a)
            if before is not None:
                note = view.outcome(before, state.observation(None), lang)
                label = f"{label} — {note}" if note else label
        html = view.render(state.observation(seat), [], lang)
        return {
            "move": number,
            "total": len(record.actions),
            "turn": state.turn_count,
            "turns": starts,
            "label": label,
            "html": html,
        }


def opening_of(first: State) -> dict[str, str]:
    """Who begins and why, in every language, as the game tells it from its first (public) position."""
    told: dict[str, str] = {}
    if first.is_terminal:
        return told
    view = first.game.text_view()
    for lang in languages():
        who = partial(_player_name, lang)
        said = view.opening(first.observation(None), first.game.options, who, lang)
        told[lang] = said or say("opening_starts", lang, player=who(first.current_player))
    return told


def _player_name(lang: str, seat: int) -> str:
    return say("player_name", lang, seat=seat)


def turn_starts(record: GameRecord) -> list[int]:
    """For each turn (0: the set-up before the first), the number of moves played when it began; empty for a
    game that does not count turns."""
    state = record.initial_state()
    if state.turn_count is None:
        return []
    starts = [0] * (state.turn_count + 1)
    for number, action in enumerate(record.actions, start=1):
        state.apply(action)
        turn = state.turn_count or 0
        while len(starts) <= turn:
            starts.append(number)
    return starts


def sheet_of(state: State, lang: str) -> dict[str, Any] | None:
    """The score sheet of a game that ended on the board, as the page shows it."""
    sheet = state.score_sheet()
    return None if sheet is None else sheet.to_json(lang)


def summary(row: GameRow, lang: str = "en", live: LiveGame | None = None) -> dict[str, Any]:
    """What the lobby shows of a game: no tokens, no hidden information. `turns`: turns begun as the game counts
    them, from the game in memory (`live`) or as stored with its last move (None for a game without turns, or one
    stored before turns were)."""
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
        "turns": live.state.turn_count if live is not None else row.turns,
        "winners": winners(row.result),
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
                "level": level_of(s.bot_spec, row.game),
                "taken": s.kind == BOT or s.player is not None or s.host,
                "open": s.open,
            }
            for s in row.seats
        ],
    }


def winners(result: list[float] | None) -> list[int]:
    """The seats with the best return of a finished game; none for a draw (everyone equal) or an unfinished one."""
    if not result or len(set(result)) == 1:
        return []
    best = max(result)
    return [seat for seat, r in enumerate(result) if r == best]

