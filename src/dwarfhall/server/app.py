"""The HTTP API (with its OpenAPI schema), the WebSocket for live play, and the page's static files."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncIterator
from importlib import resources
from string import Template
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import AfterValidator, BaseModel, Field

from dwarfhall.core.i18n import languages, pick
from dwarfhall.core.registry import game_class, game_names, load_game

from .bots import LEVELS
from .records import FINISHED
from .service import GameService, SeatRequest, ServiceError, Watcher, summary

WEB = resources.files("dwarfhall") / "web"
Token = Annotated[str, Field(min_length=8, max_length=64, description="a secret seat token from an invitation link")]


def _known_language(lang: str) -> str:
    if lang not in languages():
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(languages())}")
    return lang


Lang = Annotated[str, AfterValidator(_known_language)]


class SeatIn(BaseModel):
    kind: Literal["person", "bot"]
    bot: str | None = Field(None, max_length=200, description="a level (easy, normal, hard) or an agent spec")


class CreateGame(BaseModel):
    game: str = Field(max_length=32)
    options: dict[str, Any] = Field(default_factory=dict)
    lang: Lang = "en"
    seats: list[SeatIn] = Field(min_length=1, max_length=8)
    public: bool = True
    clock: int | None = Field(None, description="seconds per move for people; a bot stands in when it runs out")
    player: str | None = Field(None, max_length=64, description="the creator's personal key (my games)")


class SeatLink(BaseModel):
    seat: int
    kind: str
    bot: str | None
    token: str | None = Field(description="the seat's secret; people's seats only")


class Created(BaseModel):
    id: str
    token: str = Field(description="the host's own seat token")
    seats: list[SeatLink]


class MoveIn(BaseModel):
    token: Token
    action: int = Field(ge=0, le=2**31)
    version: int = Field(ge=0, le=2**31, description="the move number the client saw when it chose")


class Moved(BaseModel):
    version: int


class TokenIn(BaseModel):
    token: Token


class AutoPassIn(BaseModel):
    token: Token
    on: bool


class ClaimIn(BaseModel):
    token: Token
    player: str = Field(min_length=8, max_length=64)


class JoinIn(BaseModel):
    player: str | None = Field(None, min_length=8, max_length=64)


class Joined(BaseModel):
    seat: int
    token: str


class Rematched(BaseModel):
    id: str
    seat: int
    token: str


class BotIn(BaseModel):
    token: Token
    bot: str = Field("normal", max_length=200)


class Player(BaseModel):
    key: str


class Problem(BaseModel):
    error: str
    code: str


def create_app(service: GameService) -> FastAPI:
    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await service.start()
        yield
        await service.stop()

    app = FastAPI(title="dwarfhall", summary="Play dwarfhall's games in the browser", lifespan=lifespan)
    problem: dict[int | str, dict[str, Any]] = {code: {"model": Problem} for code in (400, 403, 404, 409, 422)}

    @app.exception_handler(ServiceError)
    async def _refused(_request: Request, exc: ServiceError) -> JSONResponse:
        return JSONResponse({"error": str(exc), "code": exc.code}, status_code=exc.status)

    # -- pages ----------------------------------------------------------------------------
    # one template for every page: the server fills in the page's main element and script
    template = Template((WEB / "page.html").read_text(encoding="utf-8"))
    pages = {
        name: template.substitute(main=name, kind=kind, script=f"{script}.js")
        for name, kind, script in (("lobby", "lobby", "lobby"), ("game", "game", "game"), ("me", "lobby", "me"))
    }

    def page(name: str) -> HTMLResponse:
        return HTMLResponse(pages[name])

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> HTMLResponse:
        return page("lobby")

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> HTMLResponse:
        return page("game")

    @app.get("/me", include_in_schema=False)
    async def my_page() -> HTMLResponse:
        return page("me")

    app.mount("/static", StaticFiles(directory=str(WEB)), name="static")

    @app.get("/games/{game}/web.css", include_in_schema=False)
    async def game_css(game: str) -> Response:
        if game not in game_names():
            return PlainTextResponse("", status_code=404)
        return Response(load_game(game).web_view().stylesheet(), media_type="text/css")

    # -- the catalog ------------------------------------------------------------------------
    @app.get("/api/catalog", tags=["lobby"])
    async def catalog(lang: Lang = "en") -> dict[str, Any]:
        """The games (with their options and seat counts) and the bot levels."""
        games = []
        for name in game_names():
            try:
                cls = game_class(name)
            except ImportError:
                continue
            game = cls()
            option_names = [n for n, _kind, _default in cls.options_type.describe()]
            games.append(
                {
                    "name": name,
                    "title": pick(cls.title, lang),
                    "players": game.num_players,
                    "min_players": cls.min_players,
                    "max_players": cls.max_players,
                    # a game whose number of players varies takes it from its option `players`
                    "players_option": "players"
                    if cls.min_players != cls.max_players and "players" in option_names
                    else None,
                    "options": [
                        {"name": n, "type": kind, "default": default}
                        for n, kind, default in cls.options_type.describe()
                        if n not in cls.options_type.file_options()
                    ],
                }
            )
        levels = [{"name": lv.name, "spec": lv.spec, "elo": lv.elo} for lv in LEVELS.values()]
        return {"games": games, "levels": levels}

    # -- players ------------------------------------------------------------------------------
    @app.post("/api/players", tags=["players"], response_model=Player)
    async def new_player() -> Player:
        """A personal key: its "my games" link lists every game of its holder, on any device."""
        key = secrets.token_urlsafe(18)
        await service.io(service.store.add_player, key)
        return Player(key=key)

    @app.get("/api/players/{key}/games", tags=["players"], responses=problem)
    async def my_games(key: Annotated[str, Field(max_length=64)], lang: Lang = "en") -> list[dict[str, Any]]:
        """The player's games with their own seat tokens, newest first."""
        rows = await service.io(service.store.games_of_player, key)
        out = []
        for row in rows:
            item = summary(row, lang)
            mine = [s for s in row.seats if s.player == key]
            item["my_seats"] = [{"seat": s.seat, "token": s.token} for s in mine]
            out.append(item)
        return out

    # -- games ------------------------------------------------------------------------------
    @app.post("/api/games", tags=["games"], response_model=Created, responses=problem)
    async def create_game(body: CreateGame) -> Created:
        """A new game; the first person seat is the host's."""
        if body.player is not None and not await service.io(service.store.has_player, body.player):
            raise ServiceError("player: unknown personal key", 422, "bad_player")
        row = await service.create(
            body.game,
            body.options,
            [SeatRequest(s.kind, s.bot) for s in body.seats],
            body.lang,
            body.public,
            body.clock,
            body.player,
        )
        host = next(s for s in row.seats if s.host)
        return Created(
            id=row.id,
            token=host.token,
            seats=[
                SeatLink(seat=s.seat, kind=s.kind, bot=s.bot, token=s.token if s.kind == "person" else None)
                for s in row.seats
            ],
        )

    @app.get("/api/games", tags=["games"])
    async def list_games(
        status: Literal["playing", "finished"] = "playing",
        lang: Lang = "en",
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
    ) -> list[dict[str, Any]]:
        """Public games being played (open seats and whose turn it is) or finished ones (with replays)."""
        rows = await service.io(service.store.list_games, status, limit)
        return [summary(r, lang) for r in rows]

    @app.get("/api/games/{game_id}", tags=["games"], responses=problem)
    async def game_summary(game_id: str, lang: Lang = "en") -> dict[str, Any]:
        live = await service.get(game_id)
        return summary(live.row, lang)

    @app.get("/api/games/{game_id}/view", tags=["play"], responses=problem)
    async def game_view(
        game_id: str,
        lang: Lang = "en",
        x_seat_token: Annotated[str | None, Header(max_length=64)] = None,
    ) -> dict[str, Any]:
        """What the holder of the seat token may see now (the public view without a token)."""
        live = await service.get(game_id)
        seat = None if x_seat_token is None else service._seat(live, x_seat_token)
        rematch = await service.io(service.store.rematch_of, game_id) if live.row.status == FINISHED else None
        return service.view(live, seat, lang, rematch)

    @app.post("/api/games/{game_id}/moves", tags=["play"], response_model=Moved, responses=problem)
    async def make_move(game_id: str, body: MoveIn) -> Moved:
        """Plays an action id; refused (nothing changed) when illegal or made at an older version."""
        return Moved(version=await service.move(game_id, body.token, body.action, body.version))

    @app.post("/api/games/{game_id}/join", tags=["lobby"], response_model=Joined, responses=problem)
    async def join_game(game_id: str, body: JoinIn) -> Joined:
        """Takes a free seat of a public game."""
        seat, token = await service.join(game_id, body.player)
        return Joined(seat=seat, token=token)

    @app.post("/api/games/{game_id}/claim", tags=["lobby"], responses=problem)
    async def claim_seat(game_id: str, body: ClaimIn) -> dict[str, int]:
        """Adds an invited seat to the player's "my games"."""
        return {"seat": await service.claim(game_id, body.token, body.player)}

    @app.post("/api/games/{game_id}/seats/{seat}/bot", tags=["seats"], responses=problem)
    async def seat_to_bot(game_id: str, seat: int, body: BotIn) -> dict[str, bool]:
        """The host hands an absent player's seat to a bot."""
        await service.hand_to_bot(game_id, body.token, seat, body.bot)
        return {"ok": True}

    @app.post("/api/games/{game_id}/auto-pass", tags=["seats"], responses=problem)
    async def auto_pass(game_id: str, body: AutoPassIn) -> dict[str, bool]:
        """A person opts in to (or out of) the table's auto-pass. It is on only when every person at the table
        opted in; then a window in which a person has nothing but a pass passes by itself, which tells the
        others that they had no answer."""
        return {"table": await service.set_auto_pass(game_id, body.token, body.on)}

    @app.post("/api/games/{game_id}/take", tags=["seats"], responses=problem)
    async def take_seat(game_id: str, body: TokenIn) -> dict[str, int]:
        """The player takes their seat back from the bot that stood in."""
        return {"seat": await service.take_back(game_id, body.token)}

    @app.post("/api/games/{game_id}/rematch", tags=["games"], response_model=Rematched, responses=problem)
    async def rematch(game_id: str, body: TokenIn) -> Rematched:
        """A new game with the same seats and options (one per finished game); the caller's seat token in it."""
        row, token = await service.rematch(game_id, body.token)
        return Rematched(id=row.id, seat=next(s.seat for s in row.seats if s.token == token), token=token)

    @app.get("/api/games/{game_id}/record", tags=["replays"], responses=problem)
    async def record(game_id: str) -> dict[str, Any]:
        """The full record of a finished game (seed and every action id)."""
        return (await service.record(game_id)).to_json()

    @app.get("/api/games/{game_id}/replay/{move}", tags=["replays"], responses=problem)
    async def replay(
        game_id: str,
        move: Annotated[int, Field(ge=0, le=100000)],
        lang: Lang = "en",
        seat: Annotated[int | None, Query(ge=0, le=16)] = None,
    ) -> dict[str, Any]:
        """A finished game after `move` moves, as a seat saw it (or the public view)."""
        return await service.replay_view(game_id, move, seat, lang)

    # -- live play ---------------------------------------------------------------------------
    @app.websocket("/ws/games/{game_id}")
    async def live(ws: WebSocket, game_id: str) -> None:
        """First message {"token": ..., "lang": ...} (no token: spectator); then {"type": "move", ...}."""
        await ws.accept()
        try:
            hello = json.loads(await asyncio.wait_for(ws.receive_text(), timeout=30))
            live_game = await service.get(game_id)
            token = hello.get("token") if isinstance(hello, dict) else None
            seat = None if not token else service._seat(live_game, str(token))
            lang = str(hello.get("lang")) if isinstance(hello, dict) and hello.get("lang") in languages() else "en"
        except ServiceError as exc:
            await ws.send_json({"type": "error", "error": str(exc), "code": exc.code})
            await ws.close(code=4000 + min(exc.status, 999) % 1000)
            return
        except (WebSocketDisconnect, TimeoutError, ValueError):
            with contextlib.suppress(Exception):
                await ws.close()
            return
        send_lock = asyncio.Lock()

        async def send(message: dict[str, Any]) -> None:
            async with send_lock:
                await ws.send_json(message)

        watcher = Watcher(seat, lang, send)
        service.subscribe(live_game, watcher)
        try:
            await service.broadcast(live_game)  # everyone sees who is online
            while True:
                try:
                    msg = json.loads(await ws.receive_text())
                except ValueError:
                    await send({"type": "error", "error": "messages must be JSON objects", "code": "bad_message"})
                    continue
                await _handle(service, live_game.row.id, watcher, token, msg, send)
        except WebSocketDisconnect:
            pass
        finally:
            service.unsubscribe(live_game, watcher)
            with contextlib.suppress(Exception):
                await service.broadcast(live_game)

    return app


async def _handle(service: GameService, game_id: str, watcher: Watcher, token: str | None, msg: Any, send: Any) -> None:
    if not isinstance(msg, dict):
        await send({"type": "error", "error": "messages must be JSON objects", "code": "bad_message"})
        return
    kind = msg.get("type")
    if kind in ("lang", "sync"):  # a full message: the log again in the (new) language
        if msg.get("lang") in languages():
            watcher.lang = msg["lang"]
        live = await service.get(game_id)
        watcher.log_sent = len(live.log)
        await send(service.view(live, watcher.seat, watcher.lang))
        return
    if kind == "ping":
        await send({"type": "pong"})
        return
    if kind != "move":
        await send({"type": "error", "error": f"unknown message type {kind!r}", "code": "bad_message"})
        return
    action, version = msg.get("action"), msg.get("version")
    if not isinstance(action, int) or not isinstance(version, int) or isinstance(action, bool):
        await send({"type": "error", "error": "a move needs integer 'action' and 'version'", "code": "bad_message"})
        return
    if token is None:
        await send({"type": "error", "error": "spectators cannot move", "code": "spectator"})
        return

    async def acknowledge(new_version: int) -> None:
        await send({"type": "ack", "version": new_version, "ref": msg.get("ref")})

    try:
        await service.move(game_id, token, action, version, acknowledge)
    except ServiceError as exc:
        await send({"type": "error", "error": str(exc), "code": exc.code, "ref": msg.get("ref")})
