"""The HTTP API: the catalog, players, games, seats and replays."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, Query, Request
from pydantic import Field

from dwarfhall.core.i18n import pick
from dwarfhall.core.info import game_info
from dwarfhall.core.optionforms import DESCRIPTION_KEY, game_text, option_fields
from dwarfhall.core.registry import game_class, game_names

from .bots import LEVELS, level_elo, levels_for
from .limits import Quotas
from .records import FINISHED
from .schemas import (
    AutoPassIn,
    BotIn,
    ClaimIn,
    Created,
    CreateGame,
    Joined,
    JoinIn,
    Lang,
    Moved,
    MoveIn,
    Player,
    Problem,
    Rematched,
    SeatLink,
    TokenIn,
    UndoIn,
    WindowsIn,
)
from .service import GameService, SeatRequest, ServiceError
from .views import summary


def add_api(
    app: FastAPI,
    service: GameService,
    quotas: Quotas,
    record_meta: Callable[[str], Awaitable[dict[str, Any]]] | None = None,
) -> None:
    problem: dict[int | str, dict[str, Any]] = {code: {"model": Problem} for code in (400, 403, 404, 409, 422, 429)}

    # -- the catalog ------------------------------------------------------------------------
    @app.get("/api/catalog", tags=["lobby"])
    async def catalog(lang: Lang = "en") -> dict[str, Any]:
        """The games in the lobby's order, each with its one line, players, typical length, picture and options
        as form fields (label, sentence, choices or range), and the bot levels."""
        classes = []
        for name in game_names():
            try:
                classes.append((name, game_class(name)))
            except ImportError:
                continue
        classes.sort(key=lambda item: (game_info(item[1]).lobby_order, item[0]))
        games = []
        for name, cls in classes:
            game = cls()
            info = game_info(cls)
            option_names = [n for n, _kind, _default in cls.options_type.describe()]
            games.append(
                {
                    "name": name,
                    "title": pick(cls.title, lang),
                    "description": game_text(cls, DESCRIPTION_KEY, lang) or "",
                    "minutes": list(info.minutes) if info.minutes else None,
                    "picture": f"/games/{name}/picture.html?lang={lang}",
                    "players": game.num_players,
                    "min_players": cls.min_players,
                    "max_players": cls.max_players,
                    # a game whose number of players varies takes it from its option `players`
                    "players_option": "players"
                    if cls.min_players != cls.max_players and "players" in option_names
                    else None,
                    "options": option_fields(cls, lang),
                }
            )
        # each level's spec per game (agents/levels.toml) and its Elo there from the stored measurement
        # (agents/levels_measured.json), where one was measured with that spec
        names = [str(g["name"]) for g in games]
        levels = [
            {
                "name": lv.name,
                "spec": lv.spec,
                "specs": {n: levels_for(n)[lv.name].spec for n in names},
                "elo": {n: e for n in names if (e := level_elo(lv.name, n)) is not None},
            }
            for lv in LEVELS.values()
        ]
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
            item = summary(row, lang, service.live.get(row.id))
            mine = [s for s in row.seats if s.player == key]
            item["my_seats"] = [{"seat": s.seat, "token": s.token} for s in mine]
            out.append(item)
        return out

    # -- games ------------------------------------------------------------------------------
    @app.post("/api/games", tags=["games"], response_model=Created, responses=problem)
    async def create_game(body: CreateGame, request: Request) -> Created:
        """A new game; the first person seat is the host's. A client may create a limited number of games a
        while (429 beyond it)."""
        quotas.create_game(request.client.host if request.client else "unknown")
        if body.player is not None and not await service.io(service.store.has_player, body.player):
            raise ServiceError("player: unknown personal key", 422, "bad_player")
        row = await service.create(
            body.game,
            body.options,
            [SeatRequest(s.kind, s.bot, s.open, s.host) for s in body.seats],
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
        return [summary(r, lang, service.live.get(r.id)) for r in rows]

    @app.get("/api/games/{game_id}", tags=["games"], responses=problem)
    async def game_summary(game_id: str, lang: Lang = "en") -> dict[str, Any]:
        live = await service.get(game_id)
        return summary(live.row, lang, live)

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
        """Takes a seat of a public game that is open to anyone (never one reserved by an invitation link)."""
        seat, token = await service.join(game_id, body.player)
        return Joined(seat=seat, token=token)

    @app.post("/api/games/{game_id}/claim", tags=["lobby"], responses=problem)
    async def claim_seat(game_id: str, body: ClaimIn) -> dict[str, int]:
        """Adds an invited seat to the player's "my games"."""
        return {"seat": await service.claim(game_id, body.token, body.player)}

    @app.post("/api/games/{game_id}/seats/{seat}/bot", tags=["seats"], responses=problem)
    async def seat_to_bot(game_id: str, seat: int, body: BotIn) -> dict[str, bool]:
        """The host hands a seat to a built-in level once its player has been away (or has not moved) for the
        server's hand-over time; the player sees it and can take the seat back."""
        await service.hand_to_bot(game_id, body.token, seat, body.bot)
        return {"ok": True}

    @app.post("/api/games/{game_id}/auto-pass", tags=["seats"], responses=problem)
    async def auto_pass(game_id: str, body: AutoPassIn) -> dict[str, bool]:
        """A person opts in to (or out of) the table's auto-pass. It is on only when every person at the table
        opted in; then a window in which a person has nothing but a pass passes by itself, which tells the
        others that they had no answer."""
        return {"table": await service.set_auto_pass(game_id, body.token, body.on)}

    @app.post("/api/games/{game_id}/undo", tags=["play"], response_model=Moved, responses=problem)
    async def undo(game_id: str, body: UndoIn) -> Moved:
        """Takes back the seat's last move of this turn, unless it used chance, showed anyone something hidden,
        or passed the decision on; refused with the reason otherwise. The undone move is kept in the game's
        list of undone moves."""
        return Moved(version=await service.undo(game_id, body.token, body.version))

    @app.post("/api/games/{game_id}/windows", tags=["seats"], responses=problem)
    async def windows(game_id: str, body: WindowsIn) -> dict[str, list[str]]:
        """The kinds of response window the person wants to be asked in; the others go by on their own after
        the window delay (the game's kinds and texts are in the view's "windows")."""
        return {"ask": await service.set_windows(game_id, body.token, body.ask)}

    @app.post("/api/games/{game_id}/resign", tags=["play"], responses=problem)
    async def resign(game_id: str, body: TokenIn) -> dict[str, bool]:
        """The seat concedes: the game ends, it loses and the others share the win."""
        await service.resign(game_id, body.token)
        return {"ok": True}

    @app.post("/api/games/{game_id}/draw", tags=["play"], responses=problem)
    async def draw(game_id: str, body: TokenIn) -> dict[str, bool]:
        """Offers a draw, or accepts the standing offer of the other player (only games that can end in one)."""
        return {"ended": await service.offer_draw(game_id, body.token)}

    @app.post("/api/games/{game_id}/draw/decline", tags=["play"], responses=problem)
    async def decline_draw(game_id: str, body: TokenIn) -> dict[str, bool]:
        """Declines (or withdraws) the standing offer of a draw."""
        await service.decline_draw(game_id, body.token)
        return {"ok": True}

    @app.post("/api/games/{game_id}/seats/{seat}/abandoned", tags=["seats"], responses=problem)
    async def abandoned(game_id: str, seat: int, body: TokenIn) -> dict[str, bool]:
        """Another person ends the game of a seat whose clock ran out or whose player has been away for the
        hand-over time; that seat loses."""
        await service.end_abandoned(game_id, body.token, seat)
        return {"ok": True}

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
        """The full record of a finished game (seed and every action id); its meta says who used hints."""
        rec = await service.record(game_id)
        if record_meta is not None:
            rec.meta.update(await record_meta(game_id))
        return rec.to_json()

    @app.get("/api/games/{game_id}/replay/{move}", tags=["replays"], responses=problem)
    async def replay(
        game_id: str,
        move: Annotated[int, Field(ge=0, le=100000)],
        lang: Lang = "en",
        seat: Annotated[int | None, Query(ge=0, le=16)] = None,
    ) -> dict[str, Any]:
        """A finished game after `move` moves, as a seat saw it (or the public view)."""
        return await service.replay_view(game_id, move, seat, lang)

    @app.get("/api/games/{game_id}/replay/turn/{turn}", tags=["replays"], responses=problem)
    async def replay_turn(
        game_id: str,
        turn: Annotated[int, Field(ge=0, le=100000)],
        lang: Lang = "en",
        seat: Annotated[int | None, Query(ge=0, le=16)] = None,
    ) -> dict[str, Any]:
        """A finished game at the start of a turn (0: the set-up), as a seat saw it (or the public view)."""
        return await service.replay_view(game_id, None, seat, lang, turn=turn)
