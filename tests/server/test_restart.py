"""Durability: a server killed with SIGKILL and started again has every game exactly as it was."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from .live import LiveServer


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path / "server.sqlite", tmp_path / "server.log")
    live.start()
    yield live
    live.kill()


def test_every_acknowledged_move_survives_a_sigkill(server: LiveServer) -> None:
    rng = random.Random(8)
    games = [
        server.api("POST", "/api/games", {"game": game, "seats": [{"kind": "person"}, {"kind": "person"}]})
        for game in ("duel", "alewar")
    ]
    made = [0 for _ in games]
    for _ in range(25):
        for i, g in enumerate(games):
            public = server.api("GET", f"/api/games/{g['id']}/view")
            if public["to_act"] is None:  # a deal can end early (Ale War): the moves so far must survive
                continue
            token = g["seats"][public["to_act"]]["token"]
            mine = server.api("GET", f"/api/games/{g['id']}/view", token=token)
            action = rng.choice(mine["moves"])["id"]
            server.api("POST", f"/api/games/{g['id']}/moves", {"token": token, "action": action,
                                                               "version": mine["version"]})
            made[i] += 1
    before = [[server.api("GET", f"/api/games/{g['id']}/view", token=s["token"]) for s in g["seats"]] for g in games]
    server.kill()
    server.start()
    after = [[server.api("GET", f"/api/games/{g['id']}/view", token=s["token"]) for s in g["seats"]] for g in games]
    assert sum(made) > 25
    for old_views, new_views, moves in zip(before, after, made, strict=True):
        for old, new in zip(old_views, new_views, strict=True):
            assert new["version"] == old["version"] == moves
            for key in ("html", "moves", "log", "to_act", "engine_version"):
                assert new[key] == old[key]
