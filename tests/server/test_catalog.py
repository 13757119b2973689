"""The lobby's catalog: games in their declared order, each with its one line, length, picture and options as form
fields with texts in both languages; the host's chosen seat; the lists' winner and level names."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from fastapi.testclient import TestClient

from dwarfhall.agents import levels
from dwarfhall.core.info import game_info
from dwarfhall.core.registry import game_class

from .helpers import create, play_people


def test_games_come_in_their_declared_lobby_order_with_the_duel_first(client: TestClient) -> None:
    games = client.get("/api/catalog").json()["games"]
    orders = [game_info(game_class(g["name"])).lobby_order for g in games]
    assert orders == sorted(orders)
    assert games[0]["name"] == "duel"


def test_every_game_has_a_line_a_length_and_a_picture_in_both_languages(client: TestClient) -> None:
    en = {g["name"]: g for g in client.get("/api/catalog?lang=en").json()["games"]}
    de = {g["name"]: g for g in client.get("/api/catalog?lang=de").json()["games"]}
    for name, game in en.items():
        assert game["description"] and de[name]["description"] and game["description"] != de[name]["description"]
        low, high = game["minutes"]
        assert 0 < low <= high
        picture = client.get(game["picture"])
        assert picture.status_code == 200 and f"/games/{name}/web.css" in picture.text
        assert 'id="board"' in picture.text and len(picture.text) > 1000  # the web view drew a real board
    assert client.get("/games/nothing/picture.html").status_code == 404
    assert client.get("/games/duel/picture.html?lang=xx").status_code == 404


def test_options_are_form_fields_with_labels_and_sentences_never_code_names(client: TestClient) -> None:
    for lang in ("en", "de"):
        for game in client.get(f"/api/catalog?lang={lang}").json()["games"]:
            assert game["options"], game["name"]
            for field in game["options"]:
                assert field["label"] and field["label"] != field["name"], (game["name"], field["name"])
                assert field["help"], (game["name"], field["name"])
                assert field["kind"] in ("choice", "bool", "int", "text")
                for choice in field["choices"]:
                    # a seat's choice is named by the page; every other one has its own label
                    assert choice["seat"] is not None or (choice["label"] and "_" not in choice["label"])
    fields = {
        (g["name"], f["name"]): f for g in client.get("/api/catalog?lang=de").json()["games"] for f in g["options"]
    }
    assert fields["spring", "players"]["kind"] == "int"
    assert (fields["spring", "players"]["min"], fields["spring", "players"]["max"]) == (2, 4)
    assert (fields["spring", "eras"]["min"], fields["spring", "eras"]["max"]) == (1, 4)
    side = fields["duel", "seat0_side"]
    assert side["kind"] == "choice" and [c["label"] for c in side["choices"]] == ["Gut", "Böse"]
    first = fields["spring", "first_player"]
    assert [c["seat"] for c in first["choices"]] == [None, 0, 1, 2, 3] and first["default"] == "0"
    assert fields["alewar", "turn_limit"]["optional"] and fields["alewar", "turn_limit"]["min"] == 1


def test_the_host_sits_at_the_seat_they_chose(client: TestClient) -> None:
    seats = [{"kind": "bot", "bot": "easy"}, {"kind": "person"}, {"kind": "person", "host": True}]
    res = client.post("/api/games", json={"game": "spring", "options": {"players": 3}, "seats": seats})
    assert res.status_code == 200, res.text
    body = res.json()
    assert next(s["seat"] for s in body["seats"] if s["token"] == body["token"]) == 2
    bad = client.post("/api/games", json={"game": "duel", "seats": [{"kind": "bot", "host": True}, {"kind": "person"}]})
    assert bad.status_code == 422 and "host" in bad.json()["error"]


def test_the_lists_name_the_winner_and_each_bots_level(client: TestClient) -> None:
    seats = [{"kind": "person"}, {"kind": "bot", "bot": "hard"}]
    created = client.post("/api/games", json={"game": "duel", "seats": seats}).json()
    row = next(g for g in client.get("/api/games?status=playing").json() if g["id"] == created["id"])
    assert [s["level"] for s in row["seats"]] == [None, "hard"]
    assert row["turns"] is not None and row["winners"] == []
    people = create(client, "duel", [{"kind": "person"}, {"kind": "person"}])
    tokens = [s["token"] for s in people["seats"]]
    play_people(client, people["id"], tokens, random.Random(3))
    done = next(g for g in client.get("/api/games?status=finished").json() if g["id"] == people["id"])
    result = done["result"]
    assert done["winners"] == [seat for seat, r in enumerate(result) if r == max(result)] and len(set(result)) > 1
    assert 0 < done["turns"] < done["moves"]  # turns, as the game counts them, not actions


def test_a_level_plays_the_spec_its_game_gives_it(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """agents/levels.toml may give a level another spec in one game: the server seats and names it per game."""
    own = "ismcts:iters=9,time=0.5,clock=cpu"
    table = levels.TABLE
    monkeypatch.setattr(levels, "TABLE", replace(table, games={"duel": {"hard": own}}))
    seats = [{"kind": "person"}, {"kind": "bot", "bot": "hard"}]
    duel = client.post("/api/games", json={"game": "duel", "seats": seats}).json()
    alewar = client.post("/api/games", json={"game": "alewar", "seats": seats}).json()
    rows = {g["id"]: g for g in client.get("/api/games?status=playing").json()}
    assert rows[duel["id"]]["seats"][1]["bot"] == own and rows[duel["id"]]["seats"][1]["level"] == "hard"
    assert rows[alewar["id"]]["seats"][1]["bot"] == levels.LEVELS["hard"].spec
    assert rows[alewar["id"]]["seats"][1]["level"] == "hard"
    hard = next(lv for lv in client.get("/api/catalog").json()["levels"] if lv["name"] == "hard")
    assert hard["specs"]["duel"] == own and hard["specs"]["alewar"] == levels.LEVELS["hard"].spec
    assert "duel" not in hard["elo"]  # nothing was measured with that spec in the Duel
