"""Response-window preferences: a person is asked only in the kinds of window they chose; the others go by on
their own after the window delay. Whether a window goes by, with which move and message, follows from public
facts only, never from the cards its owner holds."""

from __future__ import annotations

import random
import time
from pathlib import Path

from fastapi.testclient import TestClient

from dwarfhall.core.info import game_info
from dwarfhall.core.registry import load_game
from dwarfhall.core.rng import Rng
from dwarfhall.server.service import GameService
from dwarfhall.server.windows import window_pass

from .helpers import client_for, create, make_service, view

ME_AND_A_BOT = [{"kind": "person"}, {"kind": "bot", "bot": "easy"}]


def test_the_view_lists_the_games_kinds_of_window_and_every_kind_is_asked_until_the_person_chooses(
    client: TestClient,
) -> None:
    g = create(client, "duel", ME_AND_A_BOT, options={"first_player": "1"})
    token = g["seats"][0]["token"]
    windows = view(client, g["id"], token)["windows"]
    assert not windows["chosen"] and all(k["ask"] for k in windows["kinds"])
    kinds = {k["kind"]: k for k in windows["kinds"]}
    assert set(kinds) == set(game_info(load_game("duel")).windows)
    assert kinds["ally"]["default"] and not kinds["damage"]["default"] and not kinds["end"]["default"]
    assert kinds["ally"]["text"] == "when the opponent plays an Ally"
    german = client.get(f"/api/games/{g['id']}/view?lang=de", headers={"X-Seat-Token": token}).json()
    assert {k["kind"]: k["text"] for k in german["windows"]["kinds"]}["ally"].startswith("wenn der Gegner")
    assert view(client, g["id"])["windows"] is None  # a spectator has no preferences


def test_an_unknown_kind_of_window_is_refused_by_name(client: TestClient) -> None:
    g = create(client, "duel", ME_AND_A_BOT)
    res = client.post(f"/api/games/{g['id']}/windows", json={"token": g["seats"][0]["token"], "ask": ["allies"]})
    assert res.status_code == 422 and "'allies'" in res.json()["error"]


def test_a_person_who_wants_no_window_is_never_asked_in_one_for_a_whole_duel(tmp_path: Path) -> None:
    service = make_service(tmp_path / "w.sqlite", window_delay=0.0)
    with client_for(service) as client:
        g = create(client, "duel", ME_AND_A_BOT)
        token = g["seats"][0]["token"]
        res = client.post(f"/api/games/{g['id']}/windows", json={"token": token, "ask": []})
        assert res.status_code == 200 and res.json() == {"ask": []}
        rng = random.Random(5)
        asked = 0
        waited: dict[int, float] = {}
        for _ in range(20000):
            seen = view(client, g["id"], token)
            if seen["to_act"] is None:
                break
            if not seen["moves"]:
                time.sleep(0.005)
                continue
            state = service.live[g["id"]].state
            if state.current_player != 0:
                continue
            if window_pass(state) is not None:  # a window not asked for: it goes by on its own
                waited.setdefault(seen["version"], time.monotonic())
                assert time.monotonic() - waited[seen["version"]] < 2.0, "a window the person did not want stayed"
                time.sleep(0.005)
                continue
            asked += 1
            action = rng.choice(seen["moves"])["id"]
            client.post(
                f"/api/games/{g['id']}/moves", json={"token": token, "action": action, "version": seen["version"]}
            )
        assert seen["to_act"] is None and asked > 10


def test_no_preference_depends_on_hidden_cards_deals_differing_in_the_owners_cards_pass_alike() -> None:
    """Decisions whose owner cannot be told apart by the other player (re-dealt hidden cards) give the same
    window kind, the same move and the same message, so an automatic pass is the same for every hand."""
    game = load_game("duel")
    checked = 0
    for seed in range(6):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            found = window_pass(state)
            if found is not None:
                owner = state.current_player
                label = state.describe_action(found[0]).label("en")
                for k in range(4):
                    other = state.determinize(1 - owner, Rng(seed * 100 + k))
                    again = window_pass(other)
                    assert again == found
                    assert other.describe_action(found[0]).label("en") == label
                checked += 1
            state.apply(rng.choice(state.legal_action_ids()))
    assert checked > 50


def test_a_preferred_pass_waits_the_window_delay_like_a_bots_answer(tmp_path: Path) -> None:
    service = make_service(tmp_path / "d.sqlite", window_delay=0.3)
    with client_for(service) as client:
        g = create(client, "duel", ME_AND_A_BOT, options={"first_player": "0"})
        token = g["seats"][0]["token"]
        started = time.monotonic()
        client.post(f"/api/games/{g['id']}/windows", json={"token": token, "ask": ["ally"]})
        assert window_pass(service.live[g["id"]].state) is not None  # the pre-roll, a window not asked for
        while view(client, g["id"])["version"] == 0:
            time.sleep(0.01)
        assert 0.3 <= time.monotonic() - started < 1.5


def test_the_service_keeps_the_preferences_across_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "k.sqlite"
    with client_for(make_service(db)) as client:
        g = create(client, "duel", ME_AND_A_BOT)
        token = g["seats"][0]["token"]
        client.post(f"/api/games/{g['id']}/windows", json={"token": token, "ask": ["damage", "ally"]})
    service: GameService = make_service(db)
    with client_for(service) as client:
        kinds = view(client, g["id"], token)["windows"]
        assert kinds["chosen"] and [k["kind"] for k in kinds["kinds"] if k["ask"]] == ["ally", "damage"]
