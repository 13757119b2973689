"""The HTTP API: creating games, moves refused with nothing changed, seats, rematch, replays."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from fastapi.testclient import TestClient

from dwarfhall.agents.levels import levels_for
from dwarfhall.server.limits import Limits
from dwarfhall.server.service import GameService
from dwarfhall.server.store import SqlStore
from dwarfhall.storage import open_database

from .helpers import client_for, create, make_service, play_people, view

TWO_PEOPLE = [{"kind": "person"}, {"kind": "person"}]


def _tokens(created: dict) -> list[str]:
    return [s["token"] for s in created["seats"]]


def test_create_gives_each_person_seat_a_secret_and_the_lobby_lists_the_game(client: TestClient) -> None:
    g = create(client, "duel", TWO_PEOPLE, options={"first_player": "0"})
    tokens = _tokens(g)
    assert len(set(tokens)) == 2 and all(len(t) >= 20 for t in tokens)
    listed = client.get("/api/games").json()
    assert [x["id"] for x in listed] == [g["id"]]
    assert listed[0]["to_act"] == 0
    assert g["token"] not in client.get("/api/games").text  # the lobby never shows a seat token


def test_a_legal_move_is_acknowledged_with_the_next_version(client: TestClient) -> None:
    g = create(client, "duel", TWO_PEOPLE, options={"first_player": "0"})
    me = view(client, g["id"], g["token"])
    res = client.post(
        f"/api/games/{g['id']}/moves", json={"token": g["token"], "action": me["moves"][0]["id"], "version": 0}
    )
    assert res.status_code == 200 and res.json() == {"version": 1}
    entry = view(client, g["id"])["log"][0]
    # the log tells the move in the third person ("Roll 3 dice" on the button), in the turn it was made
    assert me["moves"][0]["label"] == "Roll 3 dice" and entry["label"] == "rolls 3 dice"
    assert entry["seat"] == 0 and entry["turn"] == 1


def test_illegal_stale_and_out_of_turn_moves_are_refused_and_change_nothing(client: TestClient) -> None:
    g = create(client, "duel", TWO_PEOPLE, options={"first_player": "0"})
    tokens = _tokens(g)
    before = view(client, g["id"], tokens[0])
    legal = {m["id"] for m in before["moves"]}
    illegal = next(a for a in range(10_000) if a not in legal)
    cases = [
        ({"token": tokens[0], "action": illegal, "version": 0}, 422, "illegal"),
        ({"token": tokens[0], "action": min(legal), "version": 5}, 409, "stale"),
        ({"token": tokens[1], "action": min(legal), "version": 0}, 409, "not_your_turn"),
        ({"token": "x" * 24, "action": min(legal), "version": 0}, 403, "bad_token"),
    ]
    for body, status, code in cases:
        res = client.post(f"/api/games/{g['id']}/moves", json=body)
        assert res.status_code == status, res.text
        assert res.json()["code"] == code and res.json()["error"]
    assert view(client, g["id"], tokens[0]) == before


def test_each_seat_sees_only_its_own_hand_and_spectators_none(client: TestClient) -> None:
    g = create(client, "duel", TWO_PEOPLE, options={"first_player": "0"})
    tokens = _tokens(g)
    seat0, seat1, public = view(client, g["id"], tokens[0]), view(client, g["id"], tokens[1]), view(client, g["id"])
    assert seat0["seat"] == 0 and seat1["seat"] == 1 and public["seat"] is None
    assert seat0["moves"] and not seat1["moves"] and not public["moves"]
    # the hand is drawn as face-down backs for everyone but its owner
    assert seat0["html"].count('class="card-back"') == 4  # seat 1's four cards (the first player has five)
    assert public["html"].count('class="card-back"') == 9  # both hands
    assert seat0["html"] != seat1["html"]


def test_the_record_and_replays_are_refused_until_the_end_then_served(client: TestClient) -> None:
    g = create(client, "alewar", TWO_PEOPLE, options={"turn_limit": 12})
    assert client.get(f"/api/games/{g['id']}/record").status_code == 403
    assert client.get(f"/api/games/{g['id']}/replay/0").status_code == 403
    moves = play_people(client, g["id"], _tokens(g), random.Random(1))
    record = client.get(f"/api/games/{g['id']}/record").json()
    assert len(record["actions"]) == moves and isinstance(record["seed"], int)
    step = client.get(f"/api/games/{g['id']}/replay/3", params={"seat": 1}).json()
    assert step["move"] == 3 and step["total"] == moves and step["label"]
    finished = client.get("/api/games", params={"status": "finished"}).json()
    assert [x["id"] for x in finished] == [g["id"]] and finished[0]["result"] is not None


def test_rematch_keeps_the_seats_and_gives_each_player_their_new_token(client: TestClient) -> None:
    g = create(client, "alewar", TWO_PEOPLE, options={"turn_limit": 6})
    tokens = _tokens(g)
    assert client.post(f"/api/games/{g['id']}/rematch", json={"token": tokens[0]}).status_code == 409
    play_people(client, g["id"], tokens, random.Random(2))
    first = client.post(f"/api/games/{g['id']}/rematch", json={"token": tokens[0]}).json()
    again = client.post(f"/api/games/{g['id']}/rematch", json={"token": tokens[1]}).json()
    assert first["id"] == again["id"] != g["id"]  # one rematch per game, whoever asks first
    assert (first["seat"], again["seat"]) == (0, 1) and first["token"] != again["token"]
    assert view(client, g["id"], tokens[1])["rematch"] == {"game_id": first["id"], "token": again["token"]}


def test_host_hands_an_absent_seat_to_a_bot_and_the_player_takes_it_back(tmp_path: Path) -> None:
    service = make_service(tmp_path / "s.sqlite", limits=Limits(hand_over_after=0.3))
    with client_for(service) as client:
        g = create(client, "duel", TWO_PEOPLE, options={"first_player": "1"})
        tokens = _tokens(g)
        refused = client.post(f"/api/games/{g['id']}/seats/0/bot", json={"token": tokens[1], "bot": "easy"})
        assert refused.status_code == 403 and refused.json()["code"] == "not_host"
        time.sleep(0.35)  # seat 1's player has been away for the hand-over time
        ok = client.post(f"/api/games/{g['id']}/seats/1/bot", json={"token": tokens[0], "bot": "easy"})
        assert ok.status_code == 200, ok.text
        for _ in range(200):  # the bot plays seat 1 until it is seat 0's decision
            if view(client, g["id"])["to_act"] == 0:
                break
            time.sleep(0.01)
        me = view(client, g["id"], tokens[1])
        assert me["seats"][1]["stand_in"] and me["seats"][1]["bot"] == levels_for("duel")["easy"].spec
        assert me["seats"][1]["handed_by_host"]  # the player's page says who gave the seat away
        assert client.post(f"/api/games/{g['id']}/take", json={"token": tokens[1]}).json() == {"seat": 1}
        assert view(client, g["id"])["seats"][1]["bot"] is None


def test_join_claim_and_my_games(client: TestClient) -> None:
    key = client.post("/api/players").json()["key"]
    other = client.post("/api/players").json()["key"]
    g = create(client, "duel", [{"kind": "person"}, {"kind": "person", "open": True}], player=key)
    joined = client.post(f"/api/games/{g['id']}/join", json={"player": other}).json()
    assert joined["seat"] == 1 and joined["token"] == g["seats"][1]["token"]
    assert client.post(f"/api/games/{g['id']}/join", json={"player": other}).json()["code"] == "full"
    mine = client.get(f"/api/players/{key}/games").json()
    theirs = client.get(f"/api/players/{other}/games").json()
    assert mine[0]["my_seats"] == [{"seat": 0, "token": g["token"]}]
    assert theirs[0]["my_seats"] == [{"seat": 1, "token": joined["token"]}]


def test_bad_requests_get_clear_errors(client: TestClient) -> None:
    cases = [
        ({"game": "chess", "seats": TWO_PEOPLE}, "chess"),
        ({"game": "duel", "seats": [{"kind": "person"}]}, "seats"),
        ({"game": "duel", "seats": [{"kind": "bot"}, {"kind": "bot"}]}, "person"),
        ({"game": "duel", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "nonsense"}]}, "seats[1].bot"),
        ({"game": "duel", "seats": TWO_PEOPLE, "options": {"cards": "/etc/passwd"}}, "options.cards"),
        ({"game": "duel", "seats": TWO_PEOPLE, "options": {"first_player": "7"}}, "first_player"),
    ]
    for body, words in cases:
        res = client.post("/api/games", json=body)
        assert res.status_code == 422, res.text
        assert words in res.json()["error"]
    assert client.get("/api/games/nothere").json()["code"] == "not_found"


def test_every_option_that_names_a_file_is_refused_for_every_game_without_reading_it(
    client: TestClient, tmp_path
) -> None:
    from dwarfhall.core.registry import game_class, game_names, load_game

    data_dir = tmp_path / "data"
    data_dir.mkdir()
    checked = []
    for name in game_names():
        game = load_game(name)
        seats = [{"kind": "person"}] + [{"kind": "bot", "bot": "easy"}] * (game.num_players - 1)
        for option in game_class(name).options_type.file_options():
            for value in (str(data_dir), "/etc/passwd", str(tmp_path / "missing")):
                res = client.post("/api/games", json={"game": name, "seats": seats, "options": {option: value}})
                assert res.status_code == 422, res.text
                body = res.json()
                assert body["code"] == "bad_option" and f"options.{option}" in body["error"]
                assert value not in body["error"]  # nothing found (or not found) on the server is named
            checked.append((name, option))
    # the rule comes from the option's type, so Spring's components directory is covered like the Duel's cards
    assert {("duel", "cards"), ("alewar", "components"), ("spring", "components")} <= set(checked)
    for entry in client.get("/api/catalog").json()["games"]:  # the lobby never offers them
        assert not set(game_class(entry["name"]).options_type.file_options()) & {o["name"] for o in entry["options"]}


def test_agent_specs_are_checked_whole_when_a_game_is_created(client: TestClient) -> None:
    for bad, words in [
        ("ismcts:iters=-5", "iters"),
        ("ismcts:iters=0", "iters"),
        ("ismcts:time=nan", "time"),
        ("ismcts:wobble=1", "wobble"),
        ("heuristic:style=nonsense", "style"),
    ]:
        seats = [{"kind": "person"}, {"kind": "bot", "bot": bad}]
        res = client.post("/api/games", json={"game": "duel", "seats": seats})
        assert res.status_code == 422, (bad, res.text)
        error = res.json()["error"]
        assert res.json()["code"] == "bad_bot" and "seats[1].bot" in error and words in error
    assert client.get("/api/games").json() == []  # nothing was created


def test_games_come_back_after_a_restart_from_their_stored_record(service: GameService, tmp_path) -> None:
    from .helpers import client_for, make_service

    with client_for(service) as client:
        g = create(client, "duel", [{"kind": "person"}, {"kind": "bot", "bot": "easy"}])
        rng = random.Random(3)
        for _ in range(6):
            me = view(client, g["id"], g["token"])
            if not me["moves"]:
                continue
            client.post(
                f"/api/games/{g['id']}/moves",
                json={"token": g["token"], "action": rng.choice(me["moves"])["id"], "version": me["version"]},
            )
        before = view(client, g["id"], g["token"])
        while not before["moves"]:  # let the bot finish, so that nothing is under way at the restart
            before = view(client, g["id"], g["token"])
    with client_for(make_service(tmp_path / "server.sqlite")) as again:
        after = view(again, g["id"], g["token"])
    assert after["version"] == before["version"] > 0
    assert after["html"] == before["html"] and after["log"] == before["log"]


def test_an_expired_clock_hands_the_seat_to_a_bot_until_the_player_takes_it_back(
    service: GameService, client: TestClient
) -> None:
    service.min_clock = 1
    g = create(client, "duel", TWO_PEOPLE, options={"first_player": "1"}, clock=1)
    tokens = _tokens(g)
    assert view(client, g["id"])["deadline"] is not None
    deadline = time.monotonic() + 10
    while not view(client, g["id"])["seats"][1]["stand_in"]:
        assert time.monotonic() < deadline, "the clock never ran out"
        time.sleep(0.05)
    assert view(client, g["id"])["seats"][1]["bot"] == levels_for("duel")["normal"].spec  # the game's normal level
    client.post(f"/api/games/{g['id']}/take", json={"token": tokens[1]})
    assert not view(client, g["id"])["seats"][1]["stand_in"]
    refused = client.post("/api/games", json={"game": "duel", "seats": TWO_PEOPLE, "clock": 0})
    assert refused.json()["code"] == "bad_clock"


def test_a_record_that_no_longer_replays_is_flagged_and_left_unchanged(service: GameService, tmp_path) -> None:
    from dwarfhall.storage.server_tables import moves

    from .helpers import client_for, make_service

    with client_for(service) as client:
        g = create(client, "duel", TWO_PEOPLE, options={"first_player": "0"})
        me = view(client, g["id"], g["token"])
        client.post(f"/api/games/{g['id']}/moves", json={"token": g["token"], "action": me["moves"][0]["id"],
                                                         "version": 0})
    # as if an engine upgrade had changed the rules: the second stored move is no longer legal
    with service.store.engine.begin() as conn:  # type: ignore[attr-defined]
        conn.execute(moves.insert().values(game_id=g["id"], number=1, seat=0, action=99_999, at=0.0))
    with client_for(make_service(tmp_path / "server.sqlite")) as again:
        seen = view(again, g["id"], g["token"])
        assert seen["flag"] and "no longer replays" in seen["flag"] and seen["version"] == 1
        assert seen["moves"] == []
        refused = again.post(f"/api/games/{g['id']}/moves", json={"token": g["token"], "action": 0, "version": 1})
        assert refused.json()["code"] == "flagged"
    with again_store(tmp_path) as store:
        assert (store.load_game(g["id"]) or (None, []))[1][1] == 99_999  # the record itself is kept as it was


@contextmanager
def again_store(tmp_path) -> Iterator[SqlStore]:
    store = SqlStore(open_database(tmp_path / "server.sqlite"))
    try:
        yield store
    finally:
        store.close()


def test_the_log_says_what_each_move_brought_about(client: TestClient) -> None:
    g = create(client, "duel", TWO_PEOPLE, options={"first_player": "0"})
    tokens = _tokens(g)
    rng = random.Random(9)
    for _ in range(30):
        seen = view(client, g["id"])
        mine = view(client, g["id"], tokens[seen["to_act"]])
        roll = [m for m in mine["moves"] if m["label"].startswith("Roll")]
        move = roll[0] if roll else rng.choice(mine["moves"])
        client.post(f"/api/games/{g['id']}/moves",
                    json={"token": tokens[seen["to_act"]], "action": move["id"], "version": mine["version"]})
    log = view(client, g["id"])["log"]
    rolls = [e for e in log if e["label"].startswith("rolls")]  # the log form of "Roll N dice"
    assert rolls and all(e["outcome"].startswith("dice: ") for e in rolls)
    german = client.get(f"/api/games/{g['id']}/view", params={"lang": "de"}).json()["log"]
    assert german[log.index(rolls[0])]["outcome"].startswith("Würfel: ")


def test_every_page_comes_from_the_one_template_with_its_own_main_element_and_script(client: TestClient) -> None:
    heads = set()
    for path, main, script in (("/", "lobby", "lobby.js"), ("/game/abc", "game", "game.js"), ("/me", "me", "me.js")):
        res = client.get(path)
        assert res.status_code == 200 and res.headers["content-type"].startswith("text/html")
        assert f'<main id="{main}"' in res.text and f'<script src="/static/{script}"></script>' in res.text
        assert "$" not in res.text  # every blank of the template was filled
        heads.add(res.text.split("<body>")[0])
    assert len(heads) == 1
