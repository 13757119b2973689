"""Who holds a seat: invitations, joining open seats, handing an absent player's seat to a bot, auto-pass."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from dwarfhall.agents.base import AgentSpecError
from dwarfhall.core.errors import DwarfhallError
from dwarfhall.core.game import Game
from dwarfhall.core.i18n import languages
from dwarfhall.core.registry import game_class, load_game

from .bots import LEVELS, bot_spec, levels_for
from .live import LiveGame, SeatRequest, ServiceError, new_token
from .records import BOT, FINISHED, PERSON, PLAYING, GameRow, SeatRow
from .store import ServerStore

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from .limits import Limits


def checked_game(
    game: str, options: dict[str, Any], seats: int, lang: str, clock: int | None, min_clock: int
) -> Game[Any]:
    """The engine's game for a new server game, or a refusal that names the field at fault."""
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
    if seats != engine_game.num_players:
        raise ServiceError(f"seats: {game} is played by {engine_game.num_players}, got {seats} seats", 422, "bad_seats")
    if lang not in languages():
        raise ServiceError(f"lang: must be one of {', '.join(languages())}, not {lang!r}", 422, "bad_lang")
    if clock is not None and not min_clock <= clock <= 7 * 24 * 3600:
        raise ServiceError(f"clock: seconds per move must be between {min_clock} and 604800", 422, "bad_clock")
    return engine_game


def seat_rows(seats: Sequence[SeatRequest], game: Game[Any], player: str | None, limits: Limits) -> list[SeatRow]:
    """The seats of a new game: the seat marked `host` (else the first person seat) is the host's; each bot's spec
    checked and within budget."""
    rows: list[SeatRow] = []
    marked = [i for i, req in enumerate(seats) if req.host]
    if len(marked) > 1 or any(seats[i].kind != PERSON for i in marked):
        raise ServiceError("seats: mark one person seat at most as the host's", 422, "bad_seats")
    host_seat = marked[0] if marked else next((i for i, req in enumerate(seats) if req.kind == PERSON), None)
    host_given = False
    for i, req in enumerate(seats):
        if req.kind == BOT:
            try:
                level = (req.bot or "normal").strip() in LEVELS
                spec = bot_spec(req.bot or "normal", game)
                spec = spec if level else limits.bounded(spec, game)
            except AgentSpecError as exc:
                raise ServiceError(f"seats[{i}].bot: {exc}", 422, "bad_bot") from exc
            rows.append(SeatRow(i, BOT, new_token(), bot=spec))
        elif req.kind == PERSON:
            host = i == host_seat
            host_given = host_given or host
            mine = player if host else None
            rows.append(SeatRow(i, PERSON, new_token(), player=mine, host=host, open=req.open and not host))
        else:
            raise ServiceError(f"seats[{i}].kind: must be 'person' or 'bot', not {req.kind!r}", 422, "bad_seats")
    if not host_given:
        raise ServiceError("seats: at least one seat must be a person", 422, "bad_seats")
    return rows


class Seats:
    store: ServerStore
    limits: Limits

    if TYPE_CHECKING:

        async def get(self, game_id: str) -> LiveGame: ...
        async def io(self, func: Callable[..., Any], *args: Any) -> Any: ...
        async def broadcast(self, live: LiveGame, presence: bool = False) -> None: ...
        def _after(self, live: LiveGame) -> Awaitable[None]: ...
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
        ) -> GameRow: ...

    def _seat(self, live: LiveGame, token: str | None) -> int:
        seat = live.seat_with(token)
        if seat is None:
            raise ServiceError("this seat token does not belong to this game", 403, "bad_token")
        return seat

    def _seat_row(self, live: LiveGame, seat: int) -> SeatRow:
        if not 0 <= seat < len(live.row.seats):
            raise ServiceError(f"seat: must be in 0..{len(live.row.seats) - 1}, got {seat}", 422, "bad_seat")
        return live.row.seats[seat]

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
        """A seat of a public game that is open to anyone and still free: its token. A seat reserved by an
        invitation link is never handed out here, even before its friend opens the link."""
        live = await self.get(game_id)
        if not live.row.public or live.row.status != PLAYING:
            raise ServiceError("this game is not open to join", 409, "not_open")
        async with live.lock:
            for s in live.row.seats:
                if s.kind == PERSON and s.open and s.player is None and not s.host:
                    s.player = player or new_token()
                    await self.io(self.store.update_seat, game_id, s)
                    await self.broadcast(live)
                    return s.seat, s.token
        raise ServiceError("no seat of this game is open to join (invited seats are kept for their link)", 409, "full")

    async def hand_to_bot(self, game_id: str, host_token: str, seat: int, bot: str) -> None:
        """The host gives a seat to a built-in level, only once its player has been away (no connection) or has
        not moved for `hand_over_after` seconds; the player's page says so and offers the seat back."""
        live = await self.get(game_id)
        me = self._seat(live, host_token)
        if not live.row.seats[me].host:
            raise ServiceError("only the game's host can hand a seat to a bot", 403, "not_host")
        target = self._seat_row(live, seat)
        if target.kind != PERSON or target.stand_in is not None:
            raise ServiceError(f"seat {seat} is already played by a bot", 409, "is_bot")
        if bot not in LEVELS:
            levels = ", ".join(LEVELS)
            raise ServiceError(f"bot: a seat is handed to a built-in level ({levels}), not {bot!r}", 422, "bad_bot")
        wait = self.limits.hand_over_after
        now = time.monotonic()
        away = seat not in live.online() and now - live.away_since.get(seat, live.loaded) >= wait
        slow = live.state.current_player == seat and time.time() - live.turn_started >= wait
        if not (away or slow or live.state.is_terminal):
            raise ServiceError(
                f"seat {seat}'s player is here: a seat can be handed to a bot once its player has been away "
                f"(or has not moved) for {wait:g} s",
                409,
                "present",
            )
        async with live.lock:
            target.stand_in = levels_for(live.row.game)[bot].spec
            live.handed_by_host.add(seat)
            await self.io(self.store.update_seat, game_id, target)
        await self._after(live)

    async def take_back(self, game_id: str, token: str) -> int:
        live = await self.get(game_id)
        seat = self._seat(live, token)
        row = live.row.seats[seat]
        async with live.lock:
            if row.stand_in is not None:
                row.stand_in = None
                live.handed_by_host.discard(seat)
                await self.io(self.store.update_seat, game_id, row)
        await self._after(live)
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
        await self._after(live)
        return live.row.auto_pass

    async def rematch(self, game_id: str, token: str) -> tuple[GameRow, str]:
        live = await self.get(game_id)
        seat = self._seat(live, token)
        if live.row.status != FINISHED:
            raise ServiceError("a rematch can only follow a finished game", 409, "not_finished")
        async with live.lock:
            existing = await self.io(self.store.rematch_of, game_id)
            if existing is None:
                reqs = [SeatRequest(s.kind, s.bot, s.open) for s in live.row.seats]
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
