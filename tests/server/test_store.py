"""The server's storage on SQLite and on PostgreSQL: games, seats and moves kept and read back alike."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from dwarfhall.server.records import BOT, FINISHED, PERSON, PLAYING, GameRow, SeatRow
from dwarfhall.server.store import SqlStore, StaleMove
from dwarfhall.storage import open_database
from tests.support.databases import KINDS, database_target

from .helpers import client_for, create, make_service, play_people, view


@pytest.fixture(params=KINDS)
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with database_target(request.param, tmp_path, "server.sqlite") as where:
        yield where


def _row(game_id: str = "g1") -> GameRow:
    return GameRow(
        id=game_id, game="duel", options={"first_player": "0"}, seed=2**61 + 5, engine_version="0.1.0",
        to_act=0, created=1.0, updated=1.0,
        seats=[SeatRow(0, PERSON, "tok-a" + game_id, player="me", host=True), SeatRow(1, BOT, "tok-b" + game_id,
                                                                                      bot="heuristic")],
    )


def test_a_game_its_seats_and_moves_read_back_as_written(target: str) -> None:
    store = SqlStore(open_database(target))
    try:
        row = _row()
        store.create_game(row)
        after = _row()
        after.to_act, after.updated, after.turns = 1, 2.0, 3
        store.add_move("g1", 0, 0, 317, after)
        store.add_move("g1", 1, 1, 4, after)
        loaded, actions = store.load_game("g1") or (None, None)
        assert loaded is not None and actions == [317, 4]
        assert loaded.turns == 3  # turns as the game counts them, kept for the lobby's lists
        assert (loaded.seed, loaded.options, loaded.moves, loaded.to_act) == (2**61 + 5, {"first_player": "0"}, 2, 1)
        assert [s.token for s in loaded.seats] == ["tok-ag1", "tok-bg1"] and loaded.seats[1].bot == "heuristic"
        assert store.seat_by_token("tok-bg1") == ("g1", 1)
        assert [g.id for g in store.games_of_player("me")] == ["g1"]
        assert store.unfinished_ids() == ["g1"] and [g.id for g in store.list_games(PLAYING, 10)] == ["g1"]
        done = _row()
        done.status, done.result, done.to_act = FINISHED, [1.0, -1.0], None
        store.add_move("g1", 2, 0, 1, done)
        assert store.unfinished_ids() == [] and store.list_games(FINISHED, 10)[0].result == [1.0, -1.0]
    finally:
        store.close()


def test_two_writers_can_never_both_store_move_n(target: str) -> None:
    first, second = SqlStore(open_database(target)), SqlStore(open_database(target))
    try:
        first.create_game(_row())
        first.add_move("g1", 0, 0, 317, _row())
        with pytest.raises(StaleMove):
            second.add_move("g1", 0, 0, 2, _row())
        assert (first.load_game("g1") or (None, []))[1] == [317]
    finally:
        first.close()
        second.close()


def test_a_played_game_comes_back_from_the_database_after_a_restart(target: str) -> None:
    service = make_service(target)
    with client_for(service) as client:
        g = create(client, "alewar", [{"kind": "person"}, {"kind": "person"}], options={"turn_limit": 8})
        tokens = [s["token"] for s in g["seats"]]
        play_people(client, g["id"], tokens, random.Random(6))
        finished = view(client, g["id"], tokens[0])
        h = create(client, "duel", [{"kind": "person"}, {"kind": "person"}])
        for _ in range(5):
            seen = view(client, h["id"])
            me = view(client, h["id"], h["seats"][seen["to_act"]]["token"])
            client.post(f"/api/games/{h['id']}/moves", json={"token": h["seats"][seen["to_act"]]["token"],
                                                             "action": me["moves"][0]["id"], "version": me["version"]})
        running = view(client, h["id"], h["token"])
        listed = next(r for r in client.get("/api/games?status=finished").json() if r["id"] == g["id"])
    service.store.close()  # type: ignore[attr-defined]
    again = make_service(target)
    with client_for(again) as client:
        # the list after a restart, read from the store alone (the game is not loaded yet), still counts turns
        stored = next(r for r in client.get("/api/games?status=finished").json() if r["id"] == g["id"])
        assert listed["turns"] is not None and stored["turns"] == listed["turns"] < stored["moves"]
        assert view(client, g["id"], tokens[0]) == finished
        assert view(client, h["id"], h["token"]) == running
    again.store.close()  # type: ignore[attr-defined]


def test_an_undone_move_leaves_the_record_and_is_kept_with_its_times_and_the_new_columns_read_back(
    target: str,
) -> None:
    store = SqlStore(open_database(target))
    try:
        row = _row("u1")
        row.seats[0].windows = ["ally"]
        store.create_game(row)
        store.add_move("u1", 0, 0, 317, _row("u1"))
        store.add_move("u1", 1, 0, 4, _row("u1"))
        with pytest.raises(StaleMove):
            store.undo_move("u1", 0, _row("u1"))  # only the last move can be taken back
        store.undo_move("u1", 1, _row("u1"))
        loaded, actions = store.load_game("u1") or (None, None)
        assert loaded is not None and actions == [317] and loaded.moves == 1
        assert loaded.seats[0].windows == ["ally"] and loaded.seats[1].windows is None
        [(number, seat, action, made, taken_back)] = store.undone_moves("u1")
        assert (number, seat, action) == (1, 0, 4) and made <= taken_back
        store.add_move("u1", 1, 0, 5, _row("u1"))  # the number is free again
        ended = _row("u1")
        ended.status, ended.result, ended.ending, ended.to_act = FINISHED, [-1.0, 1.0], "resigned:0", None
        store.update_game(ended)
        loaded, actions = store.load_game("u1") or (None, None)
        assert loaded is not None and actions == [317, 5] and loaded.ending == "resigned:0"
    finally:
        store.close()
