"""The coach on the server: reviews of finished games (background, progress, stored) and the hint rule."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dwarfhall.agents import make_agent, play_game
from dwarfhall.agents.review import analyse, decision_seed
from dwarfhall.core import GameRecord, PlayerView, Rng, load_game
from dwarfhall.server.coach_store import CoachStore, ReviewRow
from dwarfhall.server.coach_work import hint_moves
from dwarfhall.server.limits import Limits
from dwarfhall.server.service import GameService

from .helpers import client_for, create, make_service, play_people, view

TINY = Limits(messages_per_second=10_000, message_burst=10_000, review_iters=8, hint_iters=16)


@pytest.fixture
def service(tmp_path: Path) -> GameService:
    return make_service(tmp_path / "server.sqlite", limits=TINY)


@pytest.fixture
def client(service: GameService) -> Iterator[TestClient]:
    with client_for(service) as c:
        yield c


def finished_game(client: TestClient) -> str:
    """A short Ale War game (four turns) of a person against a random bot, played to its end."""
    g = create(client, "alewar", [{"kind": "person"}, {"kind": "bot", "bot": "random"}], options={"turn_limit": 4})
    play_people(client, g["id"], [g["token"], ""], random.Random(1))
    assert client.get(f"/api/games/{g['id']}").json()["status"] == "finished"
    return str(g["id"])


def wait_review(client: TestClient, game_id: str, seat: int, lang: str = "en") -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while True:
        res = client.get(f"/api/games/{game_id}/reviews/{seat}?lang={lang}")
        assert res.status_code == 200, res.text
        body = dict(res.json())
        if body["status"] != "running":
            return body
        assert time.monotonic() < deadline, "the review did not finish"
        time.sleep(0.05)


def test_a_finished_game_is_reviewed_in_the_background_and_the_review_is_stored(client: TestClient) -> None:
    game_id = finished_game(client)
    started = client.post(f"/api/games/{game_id}/reviews/1")
    assert started.status_code == 200, started.text
    assert started.json()["status"] in ("running", "done") and started.json()["total"] > 0
    body = wait_review(client, game_id, 1, "de")
    assert body["status"] == "done" and body["done"] == body["total"]
    review = body["review"]
    assert review["seat"] == 1 and len(review["decisions"]) == body["total"]
    assert 0 <= review["accuracy"] <= 100 and set(review["counts"]) == {"inaccuracy", "mistake", "blunder"}
    first = review["decisions"][0]
    assert first["played"]["label"] and first["top"][0]["label"] and 0 <= first["before"] <= 1
    assert all(d["mark"] in (None, "inaccuracy", "mistake", "blunder") for d in review["decisions"])
    # stored: asking again gives the same review at once, without a new job
    again = client.post(f"/api/games/{game_id}/reviews/1")
    assert again.json()["status"] == "done" and again.json()["done"] == body["total"]
    assert wait_review(client, game_id, 1, "de")["review"] == review


def test_a_running_game_is_never_reviewed(client: TestClient) -> None:
    g = create(client, "duel", [{"kind": "person"}, {"kind": "person"}])
    for seat in (0, 1):
        res = client.post(f"/api/games/{g['id']}/reviews/{seat}")
        assert res.status_code == 403 and res.json()["code"] == "running"
        assert client.get(f"/api/games/{g['id']}/reviews/{seat}").status_code == 403


def test_a_client_runs_one_review_at_a_time(client: TestClient, service: GameService) -> None:
    game_id = finished_game(client)
    service.limits.review_iters = 600  # long enough to still run when the next requests come
    first = client.post(f"/api/games/{game_id}/reviews/0").json()
    assert first["status"] == "running" and first["done"] == 0 and first["total"] > 1
    second = client.post(f"/api/games/{game_id}/reviews/1")
    assert second.status_code == 429 and second.json()["code"] == "one_review"
    under_way = client.get(f"/api/games/{game_id}/reviews/0").json()
    assert under_way["status"] == "running" and "review" not in under_way  # progress only, until it is done
    assert wait_review(client, game_id, 0)["status"] == "done"


def my_decision(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    deadline = time.monotonic() + 30
    while True:
        mine = view(client, game_id, token)
        if len(mine["moves"]) > 1:
            return mine
        assert time.monotonic() < deadline
        if mine["moves"]:
            client.post(
                f"/api/games/{game_id}/moves",
                json={"token": token, "action": mine["moves"][0]["id"], "version": mine["version"]},
            )
        time.sleep(0.03)


def test_hint_rule_one_person_against_the_computer_has_hints(client: TestClient) -> None:
    g = create(client, "duel", [{"kind": "person"}, {"kind": "bot", "bot": "random"}])
    assert client.get(f"/api/games/{g['id']}/hints").json()["on"] is True
    mine = my_decision(client, g["id"], g["token"])
    res = client.post(f"/api/games/{g['id']}/hint", json={"token": g["token"]})
    assert res.status_code == 200, res.text
    moves = res.json()["moves"]
    legal = {m["id"] for m in mine["moves"]}
    assert 1 <= len(moves) <= 3 and all(m["id"] in legal and 0 <= m["chance"] <= 1 and m["label"] for m in moves)
    assert client.get(f"/api/games/{g['id']}/hints").json()["used"] == {"0": 1}


def test_hint_rule_two_people_need_both_to_allow(client: TestClient) -> None:
    g = create(client, "duel", [{"kind": "person"}, {"kind": "person"}])
    tokens = [s["token"] for s in g["seats"]]
    while len((mine := view(client, g["id"], tokens[view(client, g["id"])["to_act"]]))["moves"]) == 1:
        move = {"token": tokens[mine["to_act"]], "action": mine["moves"][0]["id"], "version": mine["version"]}
        client.post(f"/api/games/{g['id']}/moves", json=move)  # a forced move gets no hint: go on to a choice
    to_act = mine["to_act"]
    refused = client.post(f"/api/games/{g['id']}/hint", json={"token": tokens[to_act]})
    assert refused.status_code == 403 and refused.json()["code"] == "hints_off"
    client.post(f"/api/games/{g['id']}/hints/allow", json={"token": tokens[to_act]})
    still = client.post(f"/api/games/{g['id']}/hint", json={"token": tokens[to_act]})
    assert still.status_code == 403, "one person's leave is not enough"
    state = client.post(f"/api/games/{g['id']}/hints/allow", json={"token": tokens[1 - to_act]}).json()
    assert state["on"] is True and state["allowed_by"] == [0, 1]
    assert client.post(f"/api/games/{g['id']}/hint", json={"token": tokens[to_act]}).status_code == 200
    # only the seat deciding now gets a hint, and only for its own decision
    other = client.post(f"/api/games/{g['id']}/hint", json={"token": tokens[1 - to_act]})
    assert other.status_code == 409 and other.json()["code"] == "not_your_turn"
    # the finished game's record says who used hints, as the terminal's records do
    play_people(client, g["id"], tokens, random.Random(3))
    meta = client.get(f"/api/games/{g['id']}/record").json()["meta"]
    assert meta["hints"] == {"allowed": True, "used": {str(to_act): 1}}


def test_a_record_without_hints_says_nothing_of_them(client: TestClient) -> None:
    game_id = finished_game(client)
    assert "hints" not in client.get(f"/api/games/{game_id}/record").json()["meta"]


def test_a_hint_is_the_same_in_every_world_the_seat_cannot_tell_apart() -> None:
    """Rule (hidden information): the server's hint for a seat is searched over that seat's view only; a
    position re-dealt in everything hidden from the seat gives the same three moves and chances."""
    game = load_game("duel")
    agents = [make_agent("random", 1), make_agent("random", 2)]
    record = GameRecord.of(play_game(game, agents, 5))
    state = record.initial_state()
    for number, action in enumerate(record.actions):
        if number >= 20 and len(state.legal_action_ids()) > 1:
            break
        state.apply(action)
    seat = state.current_player
    asked = GameRecord(record.game, record.options, record.seed, list(state.history))
    twin = state.determinize(seat, Rng(77))
    assert twin.observation(seat) == state.observation(seat)
    assert any(twin.observation(p) != state.observation(p) for p in range(state.num_players) if p != seat)
    view = PlayerView(twin, seat)
    expected = analyse(view, 40, decision_seed(0, view.move_number))[:3]
    assert hint_moves(asked.to_json(), seat, 40) == expected


def test_a_review_cut_off_by_a_restart_is_started_afresh(tmp_path: Path) -> None:
    db = tmp_path / "restart.sqlite"
    with client_for(make_service(db, limits=TINY)) as first:
        game_id = finished_game(first)
        total = first.post(f"/api/games/{game_id}/reviews/0").json()["total"]
        wait_review(first, game_id, 0)
    # the server stopped during a review: its row still says running, but no job runs it any more
    store = CoachStore(make_service(db).store.engine)  # type: ignore[attr-defined]
    store.put_review(ReviewRow(game_id, 1, "running", 1, total, 8))
    with client_for(make_service(db, limits=TINY)) as second:
        assert second.get(f"/api/games/{game_id}/reviews/1").json()["status"] == "failed"
        assert second.post(f"/api/games/{game_id}/reviews/1").json()["status"] == "running"
        assert wait_review(second, game_id, 1)["status"] == "done"
        assert wait_review(second, game_id, 0)["status"] == "done"  # the finished one was kept


@pytest.mark.parametrize("script", ["review.js", "hints.js"])
def test_the_coach_texts_exist_in_english_and_german(script: str) -> None:
    source = (resources.files("dwarfhall") / "web" / script).read_text(encoding="utf-8")
    blocks = dict(re.findall(r"Object\.assign\(TEXTS\.(en|de), \{(.*?)\n\}\);", source, re.S))
    keys = {lang: set(re.findall(r"(\w+): \"", body)) for lang, body in blocks.items()}
    # or one table of [English, German] pairs: a text left empty in either language is missing there
    for key, en, de in re.findall(r"^  (\w+): \[\"(.*?)\", \"(.*?)\"\],$", source, re.M):
        for lang, text in (("en", en), ("de", de)):
            keys.setdefault(lang, set()).update([key] if text.strip() else [])
    assert keys["en"] and keys["en"] == keys["de"]
    used = set(re.findall(r"t\(\"(\w+)\"\)", source))
    if "_${k}`" in source:  # keys made from the review's marks
        used |= {f"{kind}_{m}" for kind in ("mark", "marks") for m in ("inaccuracy", "mistake", "blunder")}
    web = resources.files("dwarfhall") / "web"
    known = "".join((web / name).read_text(encoding="utf-8") for name in ("common.js", "review.js", "hints.js"))
    assert all(f"{key}:" in known for key in used)


def test_a_stopping_server_ends_its_reviews_and_they_can_be_asked_for_again(tmp_path: Path) -> None:
    db = tmp_path / "stop.sqlite"
    service = make_service(db, limits=Limits(**{**TINY.__dict__, "review_iters": 3000}))
    with client_for(service) as first:
        game_id = finished_game(first)
        assert first.post(f"/api/games/{game_id}/reviews/0").json()["status"] == "running"
    # the server stopped in the middle: no job is left, and the stored row is not taken for a finished review
    with client_for(make_service(db, limits=TINY)) as second:
        assert second.get(f"/api/games/{game_id}/reviews/0").json()["status"] == "failed"
        assert second.post(f"/api/games/{game_id}/reviews/0").json()["status"] == "running"
        assert wait_review(second, game_id, 0)["status"] == "done"
