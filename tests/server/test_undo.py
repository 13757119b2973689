"""Undo at the server: a person takes back their own moves of the current turn, never after chance, a move
that showed anyone something hidden, another player's move or a change of whose decision it is; an undone
move leaves the record and is kept, with its times, in the game's list of undone moves."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dwarfhall.core import registry
from dwarfhall.server.service import GameService

from ..support.undo_game import DRAW, END, GIVE, ROLL, STEP
from .helpers import client_for, create, make_service, view

TWO_PEOPLE = [{"kind": "person"}, {"kind": "person"}]


@pytest.fixture
def takeback() -> Iterator[None]:
    registry.register("takeback", "tests.support.undo_game:UndoGame")
    yield
    registry.unregister("takeback")


@pytest.fixture
def service(tmp_path: Path, takeback: None) -> GameService:
    return make_service(tmp_path / "u.sqlite")


@pytest.fixture
def client(service: GameService) -> Iterator[TestClient]:
    with client_for(service) as client:
        yield client


def _move(client: TestClient, g: dict[str, Any], token: str, action: int) -> int:
    version = view(client, g["id"], token)["version"]
    res = client.post(f"/api/games/{g['id']}/moves", json={"token": token, "action": action, "version": version})
    assert res.status_code == 200, res.text
    return int(res.json()["version"])


def _undo(client: TestClient, g: dict[str, Any], token: str) -> Any:
    version = view(client, g["id"], token)["version"]
    return client.post(f"/api/games/{g['id']}/undo", json={"token": token, "version": version})


def _game(client: TestClient) -> tuple[dict[str, Any], list[str]]:
    g = create(client, "takeback", TWO_PEOPLE)
    return g, [s["token"] for s in g["seats"]]


def test_rule_own_moves_of_the_turn_are_taken_back_one_by_one_and_kept_with_their_times(
    client: TestClient, service: GameService
) -> None:
    g, tokens = _game(client)
    _move(client, g, tokens[0], STEP)
    _move(client, g, tokens[0], STEP)
    assert view(client, g["id"], tokens[0])["undo"] and not view(client, g["id"], tokens[1])["undo"]
    assert _undo(client, g, tokens[0]).json() == {"version": 1}
    assert _undo(client, g, tokens[0]).json() == {"version": 0}
    seen = view(client, g["id"], tokens[0])
    assert seen["version"] == 0 and seen["log"] == [] and not seen["undo"]
    undone = service.store.undone_moves(g["id"])  # type: ignore[attr-defined]
    assert [(n, seat, action) for n, seat, action, _at, _undone in undone] == [(1, 0, STEP), (0, 0, STEP)]
    assert all(at <= taken_back for _n, _s, _a, at, taken_back in undone)
    _move(client, g, tokens[0], END)  # the record holds the game as played after the undos
    _move(client, g, tokens[1], END)
    _move(client, g, tokens[0], END)
    _move(client, g, tokens[1], END)
    assert client.get(f"/api/games/{g['id']}/record").json()["actions"] == [END, END, END, END]


@pytest.mark.parametrize(
    ("action", "reason"),
    [(ROLL, "chance"), (DRAW, "hidden"), (GIVE, "hidden"), (END, "passed the decision")],
)
def test_rule_undo_is_refused_after_chance_a_reveal_or_a_turn_change(
    client: TestClient, action: int, reason: str
) -> None:
    g, tokens = _game(client)
    _move(client, g, tokens[0], STEP)
    _move(client, g, tokens[0], action)
    refused = _undo(client, g, tokens[0])
    assert refused.status_code == 409 and refused.json()["code"] == "no_undo"
    assert reason in refused.json()["error"]
    assert not view(client, g["id"], tokens[0])["undo"]
    assert view(client, g["id"])["version"] == 2  # nothing changed; the earlier step is out of reach too


def test_rule_undo_is_refused_after_the_other_player_acted(client: TestClient) -> None:
    g, tokens = _game(client)
    _move(client, g, tokens[0], END)
    _move(client, g, tokens[1], STEP)
    refused = _undo(client, g, tokens[0])
    assert refused.status_code == 409 and "another player moved" in refused.json()["error"]
    assert _undo(client, g, tokens[1]).status_code == 200  # the other player's own step is theirs to take back


def test_an_undo_survives_a_restart_of_the_server(tmp_path: Path, takeback: None) -> None:
    db = tmp_path / "r.sqlite"
    with client_for(make_service(db)) as client:
        g, tokens = _game(client)
        _move(client, g, tokens[0], STEP)
        _move(client, g, tokens[0], DRAW)
        _move(client, g, tokens[0], STEP)
        assert _undo(client, g, tokens[0]).status_code == 200
    with client_for(make_service(db)) as client:
        seen = view(client, g["id"], tokens[0])
        assert seen["version"] == 2 and [e["label"] for e in seen["log"]] == ["step", "draw"]
