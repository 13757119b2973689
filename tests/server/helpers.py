"""Shared helpers for the server tests: an app on a temporary database, and games played through the API."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from dwarfhall.server.app import create_app
from dwarfhall.server.bots import BotPool
from dwarfhall.server.limits import Limits
from dwarfhall.server.service import GameService
from dwarfhall.server.store import SqlStore
from dwarfhall.storage import open_database


def make_service(db: str | Path, window_delay: float = 0.02, limits: Limits | None = None) -> GameService:
    store = SqlStore(open_database(db))
    # tests move far faster than people: the message rate is lifted unless a test checks it
    limits = limits or Limits(messages_per_second=10_000, message_burst=10_000)
    return GameService(store, BotPool(inline=True), window_delay=window_delay, bot_pause=0.0, limits=limits)


@contextmanager
def client_for(service: GameService) -> Iterator[TestClient]:
    with TestClient(create_app(service)) as client:
        yield client


def create(client: TestClient, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    res = client.post("/api/games", json={"game": game, "seats": seats, **extra})
    assert res.status_code == 200, res.text
    return dict(res.json())


def view(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    headers = {"X-Seat-Token": token} if token else {}
    res = client.get(f"/api/games/{game_id}/view", headers=headers)
    assert res.status_code == 200, res.text
    return dict(res.json())


def play_people(client: TestClient, game_id: str, tokens: list[str], rng: random.Random, limit: int = 5000) -> int:
    """Plays random legal moves for every person seat by HTTP until the end; returns the number of moves."""
    n = 0
    while n < limit:
        seen = view(client, game_id)
        if seen["to_act"] is None:
            return n
        mine = view(client, game_id, tokens[seen["to_act"]])
        if not mine["moves"]:
            time.sleep(0.03)  # a bot's turn: it moves by itself
            continue
        action = rng.choice(mine["moves"])["id"]
        res = client.post(
            f"/api/games/{game_id}/moves",
            json={"token": tokens[seen["to_act"]], "action": action, "version": mine["version"]},
        )
        assert res.status_code == 200, res.text
        n += 1
    raise AssertionError(f"game {game_id} did not end within {limit} moves")
