"""Hidden information over the wire: every message a seat receives is the same whatever the hidden cards are.

The check re-deals everything the receiver may not see (`determinize`: the opponent's hand,
every pile's order, the future of the dice) and rebuilds the message from that other world:
if a message showed anything hidden, the two would differ.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dwarfhall.core.rng import Rng
from dwarfhall.server.service import GameService, LiveGame

from .helpers import create

TWO_PEOPLE = [{"kind": "person"}, {"kind": "person"}]
GAMES = [("duel", {"first_player": "0"}), ("alewar", {"turn_limit": 30})]


def _same_in_another_world(service: GameService, game_id: str, seat: int | None, message: dict[str, Any]) -> None:
    live = service.live[game_id]
    for k in (1, 2):
        other = live.state.determinize(seat if seat is not None else k - 1, Rng(1000 + k))
        other.history = list(live.state.history)
        # the undo list is the mover's own (shown only to them, decided by what they saw): the same in both worlds
        twin = LiveGame(live.row, other, live.log, watchers=live.watchers, undo=live.undo, undo_seat=live.undo_seat,
                        opening=live.opening)  # who began: told once from the public first position
        again = service.view(twin, seat, message["lang"], log_from=message["log_from"])
        assert again == message, f"seat {seat}, move {message['version']}"


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_no_websocket_or_http_message_shows_a_seat_what_it_may_not_see(
    service: GameService, client: TestClient, game: str, options: dict[str, Any]
) -> None:
    g = create(client, game, TWO_PEOPLE, options=options)
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    seed = str(service.live[gid].row.seed)
    rng = random.Random(5)
    with (
        client.websocket_connect(f"/ws/games/{gid}") as ws0,
        client.websocket_connect(f"/ws/games/{gid}") as ws1,
        client.websocket_connect(f"/ws/games/{gid}") as spectator,
    ):
        sockets = [(ws0, 0), (ws1, 1), (spectator, None)]
        ws0.send_json({"token": tokens[0], "lang": "en"})
        latest: dict[int | None, dict[str, Any]] = {0: ws0.receive_json()}
        ws1.send_json({"token": tokens[1], "lang": "de"})
        latest[0], latest[1] = ws0.receive_json(), ws1.receive_json()
        spectator.send_json({"lang": "en"})  # a spectator changes nobody's view: only it gets a message
        latest[None] = spectator.receive_json()
        checked = 0
        while latest[0]["to_act"] is not None:
            for seat, message in latest.items():
                raw = json.dumps(message)
                assert seed not in raw and tokens[1 - (seat or 0)] not in raw
                _same_in_another_world(service, gid, seat, message)
                checked += 1
            mover = latest[0]["to_act"]
            if checked % 7 == 0:  # the HTTP view says exactly what the WebSocket said
                http = client.get(f"/api/games/{gid}/view", params={"lang": latest[mover]["lang"]},
                                  headers={"X-Seat-Token": tokens[mover]}).json()
                assert http == {**latest[mover], "log_from": 0, "log": http["log"]}
                assert http["log"][latest[mover]["log_from"]:] == latest[mover]["log"]
            action = rng.choice(latest[mover]["moves"])["id"]
            ws = sockets[mover][0]
            ws.send_json({"type": "move", "action": action, "version": latest[mover]["version"], "ref": checked})
            ack = ws.receive_json()  # committed, so acknowledged before the new boards are drawn
            for sock, seat in sockets:
                latest[seat] = sock.receive_json()
                assert latest[seat]["type"] == "state"
            assert ack == {"type": "ack", "version": latest[0]["version"], "ref": checked}
        assert all(m["result"] is not None for m in latest.values())
        assert checked > 60


def test_a_websocket_move_that_is_stale_or_illegal_gets_an_error_and_changes_nothing(
    service: GameService, client: TestClient
) -> None:
    g = create(client, "duel", TWO_PEOPLE, options={"first_player": "0"})
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        ws.send_json({"token": g["token"]})
        state = ws.receive_json()
        legal = state["moves"][0]["id"]
        for msg, code in [
            ({"type": "move", "action": legal, "version": 3}, "stale"),
            ({"type": "move", "action": 99_999, "version": 0}, "illegal"),
            ({"type": "move", "action": "one", "version": 0}, "bad_message"),
            ({"type": "dance"}, "bad_message"),
        ]:
            ws.send_json(msg)
            answer = ws.receive_json()
            assert answer["type"] == "error" and answer["code"] == code and answer["error"]
        assert service.live[g["id"]].version == 0


def test_a_spectator_cannot_move_and_a_wrong_token_is_refused(client: TestClient) -> None:
    g = create(client, "duel", TWO_PEOPLE)
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        ws.send_json({})
        assert ws.receive_json()["seat"] is None
        ws.send_json({"type": "move", "action": 0, "version": 0})
        assert ws.receive_json()["code"] == "spectator"
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        ws.send_json({"token": "not-a-token-of-this-game"})
        assert ws.receive_json()["code"] == "bad_token"
