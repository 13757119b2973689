"""A game's story on the server: the log's turns and third-person lines, who began, the score sheet at the end,
and replays that jump to a turn."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from .helpers import create, play_people, view

TWO_PEOPLE = [{"kind": "person"}, {"kind": "person"}]


def _finished_alewar(client: TestClient) -> tuple[str, list[str]]:
    g = create(client, "alewar", TWO_PEOPLE, options={"turn_limit": 8})
    tokens = [s["token"] for s in g["seats"]]
    play_people(client, g["id"], tokens, random.Random(3))
    return g["id"], tokens


def test_a_finished_game_shows_its_score_sheet_and_its_log_by_turns(client: TestClient) -> None:
    gid, _ = _finished_alewar(client)
    seen = view(client, gid)
    sheet = seen["score_sheet"]
    assert seen["to_act"] is None and sheet is not None
    assert sheet["totals"] == seen["scores"]
    assert sheet["rule"] in ("decided_barrels", "decided_dwarves_out", "decided_turn_limit") and sheet["decided"]
    turns = [e["turn"] for e in seen["log"]]
    assert turns == sorted(turns) and turns[0] == 0 and turns[-1] == seen["turn"]  # set-up first, then turn by turn
    assert seen["opening"].startswith("Roll-off")  # who began and why, said once before the log
    assert not any("Roll-off" in e["outcome"] for e in seen["log"])
    german = client.get(f"/api/games/{gid}/view", params={"lang": "de"}).json()
    assert german["score_sheet"]["decided"] != sheet["decided"] and german["opening"].startswith("Auswürfeln")


def test_replay_jumps_to_the_start_of_a_turn(client: TestClient) -> None:
    gid, _ = _finished_alewar(client)
    log = view(client, gid)["log"]
    at = client.get(f"/api/games/{gid}/replay/turn/3").json()
    first_of_turn_3 = next(e["n"] for e in log if e["turn"] == 3)
    assert at["turn"] == 3 and at["move"] == first_of_turn_3 - 1  # the position before turn 3's first move
    assert at["turns"][3] == at["move"] and at["turns"][0] == 0 and len(at["turns"]) == view(client, gid)["turn"] + 1
    whole = client.get(f"/api/games/{gid}/replay/{at['move']}").json()
    assert whole["html"] == at["html"]
    assert client.get(f"/api/games/{gid}/replay/turn/{len(at['turns'])}").status_code == 422


def test_a_running_game_has_no_score_sheet_and_no_replay(client: TestClient) -> None:
    g = create(client, "duel", TWO_PEOPLE, options={"first_player": "1"})
    seen = view(client, g["id"])
    assert seen["score_sheet"] is None and seen["turn"] == 1
    assert seen["opening"] == "Player 1 starts (option first_player)."
    assert client.get(f"/api/games/{g['id']}/replay/turn/1").status_code == 403
