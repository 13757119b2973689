"""A client's bad input and seats that are not a stranger's to take: refusals with a reason, never a traceback."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from dwarfhall.server.limits import Limits

from .helpers import client_for, create, make_service, view

TWO_PEOPLE = [{"kind": "person"}, {"kind": "person"}]
DEEP = "[" * 100_000 + "]" * 100_000


def _no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    assert not [r for r in caplog.records if r.exc_info], "a client's bad input wrote a traceback to the log"
    assert "Traceback" not in caplog.text


def test_a_binary_frame_is_closed_with_1003_and_no_traceback(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    g = create(client, "duel", TWO_PEOPLE)
    caplog.set_level(logging.DEBUG)
    for hello_first in (False, True):
        with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
            if hello_first:
                ws.send_json({})
                ws.receive_json()
            ws.send_bytes(b"\x00")
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1003 and "binary" in closed.value.reason
    _no_traceback(caplog)


def test_a_message_over_the_size_limit_is_closed_with_1009(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    g = create(client, "duel", TWO_PEOPLE)
    caplog.set_level(logging.DEBUG)
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        ws.send_json({})
        ws.receive_json()
        ws.send_text(DEEP)  # 200,000 characters: over the default limit of 64 KiB
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1009
    _no_traceback(caplog)


def test_json_nested_100000_deep_gets_a_clear_error(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    service = make_service(tmp_path / "s.sqlite", limits=Limits(max_frame=1_000_000))
    caplog.set_level(logging.DEBUG)
    with client_for(service) as client:
        g = create(client, "duel", TWO_PEOPLE)
        with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
            ws.send_text(DEEP)  # as the first message: not a greeting the server can read
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1003
        with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
            ws.send_json({})
            ws.receive_json()
            ws.send_text(DEEP)
            answer = ws.receive_json()
            assert answer["type"] == "error" and answer["code"] == "bad_message"
            ws.send_json({"type": "ping"})  # the connection goes on
            assert ws.receive_json() == {"type": "pong"}
    _no_traceback(caplog)


def test_join_never_takes_a_seat_reserved_by_an_invitation(client: TestClient) -> None:
    key = client.post("/api/players").json()["key"]
    g = create(client, "duel", TWO_PEOPLE, player=key)  # a public game whose second seat awaits its invited friend
    res = client.post(f"/api/games/{g['id']}/join", json={})
    assert res.status_code == 409 and res.json()["code"] == "full"
    assert g["seats"][1]["token"] not in res.text
    lobby = client.get("/api/games").json()[0]
    assert lobby["seats"][1] == {"seat": 1, "kind": "person", "bot": None, "level": None, "taken": False, "open": False}
    # an open seat is joined once, and then it is taken
    h = create(client, "duel", [{"kind": "person"}, {"kind": "person", "open": True}])
    joined = client.post(f"/api/games/{h['id']}/join", json={}).json()
    assert joined["token"] == h["seats"][1]["token"]
    assert client.post(f"/api/games/{h['id']}/join", json={}).json()["code"] == "full"


def test_a_seat_goes_to_a_bot_only_when_its_player_is_away_and_only_to_a_level(tmp_path: Path) -> None:
    service = make_service(tmp_path / "s.sqlite", limits=Limits(hand_over_after=0.3))
    with client_for(service) as client:
        g = create(client, "duel", TWO_PEOPLE, options={"first_player": "0"})
        host, friend = g["seats"][0]["token"], g["seats"][1]["token"]
        url = f"/api/games/{g['id']}/seats/1/bot"
        with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
            ws.send_json({"token": friend})
            ws.receive_json()
            time.sleep(0.35)
            res = client.post(url, json={"token": host, "bot": "easy"})
            assert res.status_code == 409 and res.json()["code"] == "present"  # connected, and not to move
        res = client.post(url, json={"token": host, "bot": "easy"})
        assert res.status_code == 409 and res.json()["code"] == "present"  # just left: not away long enough
        time.sleep(0.35)
        res = client.post(url, json={"token": host, "bot": "ismcts:iters=20"})
        assert res.status_code == 422 and res.json()["code"] == "bad_bot"  # a built-in level only
        assert view(client, g["id"])["seats"][1]["bot"] is None
        assert client.post(url, json={"token": host, "bot": "easy"}).status_code == 200
        seen = view(client, g["id"], friend)["seats"][1]
        assert seen["stand_in"] and seen["handed_by_host"]  # the player's own page says what happened


def test_a_connected_player_who_has_not_moved_for_the_while_can_be_handed_to_a_bot(tmp_path: Path) -> None:
    service = make_service(tmp_path / "s.sqlite", limits=Limits(hand_over_after=0.3))
    with client_for(service) as client:
        g = create(client, "duel", TWO_PEOPLE, options={"first_player": "1"})
        host, friend = g["seats"][0]["token"], g["seats"][1]["token"]
        with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
            ws.send_json({"token": friend})
            ws.receive_json()
            time.sleep(0.35)  # seat 1 is to move and has not
            res = client.post(f"/api/games/{g['id']}/seats/1/bot", json={"token": host, "bot": "normal"})
            assert res.status_code == 200, res.text
