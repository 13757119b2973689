"""Dwar7s Spring on the server: 2, 3 and 4 seats from the lobby's form, bot levels, and no hidden card on the wire.

The leak check is the one of test_leaks.py for a four-seat game: every message a seat receives is rebuilt from
a world in which everything hidden from that seat (the other faerie hands, every pile's order, the monsters
left in the box) was dealt again, and must come out the same.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dwarfhall.server.service import GameService

from .helpers import create, view
from .test_leaks import _same_in_another_world

FOUR_PEOPLE = [{"kind": "person"} for _ in range(4)]


def test_the_catalog_lets_the_lobby_choose_springs_number_of_players(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/catalog").json()["games"]}
    spring = games["spring"]
    assert (spring["min_players"], spring["max_players"], spring["players_option"]) == (2, 4, "players")
    assert games["duel"]["players_option"] is None


@pytest.mark.parametrize(
    "seats",
    [
        [{"kind": "person"}, {"kind": "bot", "bot": "easy"}],
        [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "normal"}],
        [
            {"kind": "bot", "bot": "easy"},
            {"kind": "person"},
            {"kind": "bot", "bot": "hard"},
            {"kind": "bot", "bot": "normal"},
        ],
    ],
)
def test_spring_is_created_with_its_players_option_for_2_3_and_4_seats_of_any_kind(
    client: TestClient, seats: list[dict[str, Any]]
) -> None:
    g = create(client, "spring", seats, options={"players": str(len(seats)), "eras": "1"})
    person = next(i for i, s in enumerate(seats) if s["kind"] == "person")
    token = next(s["token"] for s in g["seats"] if s["seat"] == person)
    seen = view(client, g["id"], token)
    assert len(seen["seats"]) == len(seats)
    assert 'class="spring-map"' in seen["html"] and f'data-seat="{len(seats) - 1}"' in seen["html"]


def test_a_spring_game_refuses_seats_that_do_not_match_its_players_option(client: TestClient) -> None:
    res = client.post("/api/games", json={"game": "spring", "seats": FOUR_PEOPLE[:3], "options": {"players": "4"}})
    assert res.status_code == 422 and res.json()["code"] == "bad_seats"


def test_the_bots_of_every_level_play_spring_until_someone_moves_for_the_person(client: TestClient) -> None:
    seats = [{"kind": "bot", "bot": level} for level in ("easy", "normal", "hard")] + [{"kind": "person"}]
    g = create(client, "spring", seats, options={"players": "4", "first_player": "0", "eras": "1"})
    token = g["seats"][3]["token"]
    for _ in range(400):  # the starting settlements go 0, 1, 2, 3: three bot moves come first
        seen = view(client, g["id"], token)
        if seen["moves"]:
            break
    assert seen["moves"] and seen["version"] >= 3
    assert [e["seat"] for e in seen["log"][:3]] == [0, 1, 2]


def test_no_spring_message_shows_a_seat_another_faerie_hand_or_any_pile_order(
    service: GameService, client: TestClient
) -> None:
    g = create(client, "spring", FOUR_PEOPLE, options={"players": "4", "eras": "1", "first_player": "0"})
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    seed = str(service.live[gid].row.seed)
    rng = random.Random(7)
    with (
        client.websocket_connect(f"/ws/games/{gid}") as ws0,
        client.websocket_connect(f"/ws/games/{gid}") as ws1,
        client.websocket_connect(f"/ws/games/{gid}") as ws2,
        client.websocket_connect(f"/ws/games/{gid}") as ws3,
        client.websocket_connect(f"/ws/games/{gid}") as spectator,
    ):
        sockets: list[tuple[Any, int | None]] = [(ws0, 0), (ws1, 1), (ws2, 2), (ws3, 3), (spectator, None)]
        latest: dict[int | None, dict[str, Any]] = {}
        for k, (sock, seat) in enumerate(sockets):
            sock.send_json({"token": tokens[seat], "lang": "de" if k % 2 else "en"} if seat is not None else {})
            latest[seat] = sock.receive_json()
            if seat is not None:  # who is online changed: each earlier viewer hears of it (a spectator is not shown)
                for earlier, other in sockets[:k]:
                    latest[other] = earlier.receive_json()
        checked = hands_seen = 0
        while latest[0]["to_act"] is not None and checked < 700:
            for seat, message in latest.items():
                raw = json.dumps(message)
                assert seed not in raw
                assert all(tokens[s] not in raw for s in range(4) if s != seat)
                if seat is None:
                    assert 'class="scard faerie"' not in message["html"]
                elif 'class="scard faerie"' in message["html"]:
                    hands_seen += 1
                _same_in_another_world(service, gid, seat, message)
                checked += 1
            mover = latest[0]["to_act"]
            if checked % 9 == 0:  # the HTTP view says exactly what the WebSocket said
                http = client.get(
                    f"/api/games/{gid}/view",
                    params={"lang": latest[mover]["lang"]},
                    headers={"X-Seat-Token": tokens[mover]},
                ).json()
                assert http == {**latest[mover], "log_from": 0, "log": http["log"]}
                assert http["log"][latest[mover]["log_from"] :] == latest[mover]["log"]
            action = rng.choice(latest[mover]["moves"])["id"]
            ws = sockets[mover][0]
            ws.send_json({"type": "move", "action": action, "version": latest[mover]["version"]})
            assert ws.receive_json()["type"] == "ack"  # committed, so acknowledged before the boards are drawn
            for sock, seat in sockets:
                latest[seat] = sock.receive_json()
                assert latest[seat]["type"] == "state"
        assert latest[0]["to_act"] is None and checked > 200
        assert hands_seen > 20  # the check ran while seats held faerie cards
        assert any(e.get("outcome") for e in latest[None]["log"])
