"""Games ended off the board: a resignation at any moment, a draw both players agree on where the game can end
in one (Ale War), and a game whose seat was abandoned, ended by another person."""

from __future__ import annotations

import time
from pathlib import Path

from fastapi.testclient import TestClient

from dwarfhall.server.limits import Limits

from .helpers import client_for, create, make_service, view

TWO_PEOPLE = [{"kind": "person"}, {"kind": "person"}]


def _tokens(g: dict) -> list[str]:
    return [s["token"] for s in g["seats"]]


def test_rule_a_player_resigns_at_any_moment_and_loses(client: TestClient) -> None:
    g = create(client, "duel", TWO_PEOPLE, options={"first_player": "0"})
    tokens = _tokens(g)
    res = client.post(f"/api/games/{g['id']}/resign", json={"token": tokens[1]})  # not seat 1's decision
    assert res.status_code == 200, res.text
    seen = view(client, g["id"], tokens[0])
    assert seen["status"] == "finished" and seen["ending"] == "resigned:1" and seen["result"] == [1.0, -1.0]
    assert seen["to_act"] is None and seen["moves"] == []
    move = client.post(f"/api/games/{g['id']}/moves", json={"token": tokens[0], "action": 0, "version": 0})
    assert move.status_code == 409 and move.json()["code"] == "over"
    record = client.get(f"/api/games/{g['id']}/record")
    assert record.status_code == 200 and record.json()["actions"] == []
    again = client.post(f"/api/games/{g['id']}/resign", json={"token": tokens[0]})
    assert again.status_code == 409


def test_rule_a_draw_is_offered_only_where_the_game_can_end_in_one(client: TestClient) -> None:
    g = create(client, "duel", TWO_PEOPLE)
    res = client.post(f"/api/games/{g['id']}/draw", json={"token": _tokens(g)[0]})
    assert res.status_code == 409 and res.json()["code"] == "no_draws"
    assert view(client, g["id"])["draws"] is False


def test_rule_an_offered_draw_ends_the_game_when_the_other_player_accepts(client: TestClient) -> None:
    g = create(client, "alewar", TWO_PEOPLE)
    tokens = _tokens(g)
    assert view(client, g["id"])["draws"] is True
    assert client.post(f"/api/games/{g['id']}/draw", json={"token": tokens[0]}).json() == {"ended": False}
    assert view(client, g["id"], tokens[1])["draw_offer"] == 0
    assert client.post(f"/api/games/{g['id']}/draw", json={"token": tokens[1]}).json() == {"ended": True}
    seen = view(client, g["id"])
    assert seen["status"] == "finished" and seen["ending"] == "draw" and seen["result"] == [0.0, 0.0]


def test_rule_a_declined_or_outplayed_offer_no_longer_stands(client: TestClient) -> None:
    g = create(client, "alewar", TWO_PEOPLE)
    tokens = _tokens(g)
    client.post(f"/api/games/{g['id']}/draw", json={"token": tokens[0]})
    client.post(f"/api/games/{g['id']}/draw/decline", json={"token": tokens[1]})
    assert view(client, g["id"])["draw_offer"] is None
    client.post(f"/api/games/{g['id']}/draw", json={"token": tokens[1]})
    seen = view(client, g["id"])
    mover = tokens[seen["to_act"]]
    mine = view(client, g["id"], mover)
    client.post(
        f"/api/games/{g['id']}/moves", json={"token": mover, "action": mine["moves"][0]["id"], "version": 0}
    )
    assert view(client, g["id"])["draw_offer"] is None  # a move withdraws the offer


def test_rule_an_abandoned_seat_lets_the_others_end_the_game_and_a_present_one_does_not(tmp_path: Path) -> None:
    service = make_service(tmp_path / "a.sqlite", limits=Limits(hand_over_after=0.3))
    with client_for(service) as client:
        g = create(client, "duel", TWO_PEOPLE)
        tokens = _tokens(g)
        with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
            ws.send_json({"token": tokens[1], "lang": "en"})
            ws.receive_json()
            time.sleep(0.35)
            res = client.post(f"/api/games/{g['id']}/seats/1/abandoned", json={"token": tokens[0]})
            assert res.status_code == 409 and res.json()["code"] == "present"
        self_end = client.post(f"/api/games/{g['id']}/seats/1/abandoned", json={"token": tokens[1]})
        assert self_end.status_code == 403
        time.sleep(0.35)  # seat 1's player has now been away for the hand-over time
        res = client.post(f"/api/games/{g['id']}/seats/1/abandoned", json={"token": tokens[0]})
        assert res.status_code == 200, res.text
        seen = view(client, g["id"])
        assert seen["ending"] == "abandoned:1" and seen["result"] == [1.0, -1.0]


def test_rule_a_seat_whose_clock_ran_out_can_be_ended_by_the_other_player(tmp_path: Path) -> None:
    service = make_service(tmp_path / "c.sqlite")
    service.min_clock = 1
    with client_for(service) as client:
        g = create(client, "alewar", TWO_PEOPLE, clock=1)
        tokens = _tokens(g)
        first = view(client, g["id"])["to_act"]
        other = 1 - first
        early = client.post(f"/api/games/{g['id']}/seats/{first}/abandoned", json={"token": tokens[other]})
        assert early.status_code == 409  # the clock has not run out, and the player was never away long enough
        for _ in range(300):  # the clock runs out: a stand-in plays the seat
            if view(client, g["id"])["seats"][first]["stand_in"]:
                break
            time.sleep(0.02)
        res = client.post(f"/api/games/{g['id']}/seats/{first}/abandoned", json={"token": tokens[other]})
        assert res.status_code == 200, res.text
        assert view(client, g["id"])["ending"] == f"abandoned:{first}"


def test_a_rematch_keeps_each_persons_window_preferences(client: TestClient) -> None:
    g = create(client, "duel", TWO_PEOPLE)
    tokens = _tokens(g)
    client.post(f"/api/games/{g['id']}/windows", json={"token": tokens[1], "ask": ["damage"]})
    client.post(f"/api/games/{g['id']}/resign", json={"token": tokens[0]})
    again = client.post(f"/api/games/{g['id']}/rematch", json={"token": tokens[1]}).json()
    kinds = view(client, again["id"], again["token"])["windows"]
    assert kinds["chosen"] and [k["kind"] for k in kinds["kinds"] if k["ask"]] == ["damage"]
