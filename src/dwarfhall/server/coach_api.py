"""The coach's HTTP API: reviews of finished games, and hints at the table (docs/server.md, "The coach")."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import FastAPI, Request
from pydantic import Field

from .coach import Coach
from .schemas import Lang, Problem, TokenIn

Seat = Annotated[int, Field(ge=0, le=16)]


def add_coach_api(app: FastAPI, coach: Coach) -> None:
    problem: dict[int | str, dict[str, Any]] = {code: {"model": Problem} for code in (403, 404, 409, 422, 429)}

    @app.post("/api/games/{game_id}/reviews/{seat}", tags=["coach"], responses=problem)
    async def request_review(game_id: str, seat: Seat, request: Request) -> dict[str, Any]:
        """Starts the review of a seat of a finished game in the background (or finds it stored); its progress.
        A client runs one review at a time; a running game is never reviewed."""
        client = request.client.host if request.client else "unknown"
        return await coach.request_review(game_id, seat, client)

    @app.get("/api/games/{game_id}/reviews/{seat}", tags=["coach"], responses=problem)
    async def review(game_id: str, seat: Seat, lang: Lang = "en") -> dict[str, Any]:
        """The review's progress (`done` of `total` decisions); once `status` is "done", the review itself."""
        return await coach.review(game_id, seat, lang)

    @app.get("/api/games/{game_id}/hints", tags=["coach"], responses=problem)
    async def hint_state(game_id: str) -> dict[str, Any]:
        """Whether hints are on at this table, which people allowed them, and who used them how often."""
        return await coach.hint_state(game_id)

    @app.post("/api/games/{game_id}/hints/allow", tags=["coach"], responses=problem)
    async def allow_hints(game_id: str, body: TokenIn) -> dict[str, Any]:
        """A person allows hints at the table for the rest of the game (they are on once every person has)."""
        return await coach.allow_hints(game_id, body.token)

    @app.post("/api/games/{game_id}/hint", tags=["coach"], responses=problem)
    async def hint(game_id: str, body: TokenIn, request: Request, lang: Lang = "en") -> dict[str, Any]:
        """The bot's three best moves, with their win chances, for the token's seat at its decision now, from
        that seat's view only; answered to this request alone and counted in the game's record."""
        client = request.client.host if request.client else "unknown"
        return await coach.hint(game_id, body.token, client, lang)
