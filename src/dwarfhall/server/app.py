"""The web server: the HTTP API (with its OpenAPI schema), the WebSocket for live play, and the page."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import JSONResponse

from . import learn
from .api import add_api
from .coach import Coach
from .coach_api import add_coach_api
from .connection import play
from .limits import Quotas
from .pages import add_pages
from .service import GameService, ServiceError


def create_app(service: GameService) -> FastAPI:
    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await service.start()
        try:
            yield
        finally:
            await coach.stop()
            await service.stop()

    app = FastAPI(title="dwarfhall", summary="Play dwarfhall's games in the browser", lifespan=lifespan)
    quotas = Quotas(service.limits)

    @app.exception_handler(ServiceError)
    async def _refused(_request: Request, exc: ServiceError) -> JSONResponse:
        return JSONResponse({"error": str(exc), "code": exc.code}, status_code=exc.status)

    add_pages(app)
    coach = Coach(service, service.store.engine)  # type: ignore[attr-defined]  # the SQL store's engine
    add_api(app, service, quotas, coach.record_meta)
    add_coach_api(app, coach)
    app.include_router(learn.router)

    @app.websocket("/ws/games/{game_id}")
    async def live(ws: WebSocket, game_id: str) -> None:
        """First message {"token": ..., "lang": ...} (no token: spectator); then {"type": "move", ...}."""
        await play(ws, game_id, service, quotas)

    return app
