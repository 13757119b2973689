"""The table's auto-pass (decisions.md, "Hidden information by timing"): between people a response window always
asks, unless every person at the table opted in; then a window with nothing but a pass passes by itself, after
the window delay. A bot's answer in a window keeps its fixed delay whatever the people chose."""

from __future__ import annotations

import random
import time
from pathlib import Path

from fastapi.testclient import TestClient

from dwarfhall.server.service import GameService, _only_a_pass

from .helpers import client_for, create, make_service, view
from .test_timing import TimedService

DELAY = 0.05
TWO_PEOPLE = [{"kind": "person"}, {"kind": "person"}]


def _opt_in(client: TestClient, game_id: str, token: str, on: bool = True) -> bool:
    res = client.post(f"/api/games/{game_id}/auto-pass", json={"token": token, "on": on})
    assert res.status_code == 200, res.text
    return bool(res.json()["table"])


def _play(
    client: TestClient,
    service: GameService,
    game_id: str,
    tokens: list[str],
    moves: int,
    table_on: bool,
    enough: int = 3,
) -> tuple[int, int]:
    """Random moves for the people; returns (passes the people were asked for, passes that went by themselves).
    With the table's setting on it waits for each automatic pass (a busy machine may be slow to send it); it stops
    after `enough` such decisions."""
    rng = random.Random(8)
    asked = passed = 0
    for _ in range(moves):
        live = service.live[game_id]
        if live.state.is_terminal or asked + passed >= enough:
            break
        seat = live.state.current_player
        if not tokens[seat]:
            time.sleep(0.01)  # a bot's decision: it answers by itself
            continue
        at = live.version
        only_a_pass = _only_a_pass(live.state)  # read before anything else: only such a decision passes itself
        mine = view(client, game_id, tokens[seat])
        if only_a_pass:
            deadline = time.monotonic() + (10.0 if table_on else DELAY * 4)
            while service.live[game_id].version == at and time.monotonic() < deadline:
                time.sleep(0.01)
            if service.live[game_id].version > at:
                passed += 1
                assert view(client, game_id, tokens[seat])["log"][at]["seat"] == seat
                continue
            asked += 1
            assert len(mine["moves"]) == 1
        action = rng.choice(mine["moves"])["id"]
        res = client.post(
            f"/api/games/{game_id}/moves", json={"token": tokens[seat], "action": action, "version": mine["version"]}
        )
        assert res.status_code == 200, res.text
    return asked, passed


def test_windows_ask_every_person_until_the_whole_table_chose_auto_pass(tmp_path: Path) -> None:
    service = make_service(tmp_path / "a.sqlite", window_delay=DELAY)
    service.new_seed = lambda: 2026
    with client_for(service) as client:
        g = create(client, "duel", TWO_PEOPLE, options={"first_player": "0"})
        gid, tokens = g["id"], [s["token"] for s in g["seats"]]
        assert _opt_in(client, gid, tokens[0]) is False  # one person of two: the table's setting stays off
        seen = view(client, gid, tokens[1])
        assert seen["auto_pass"] is False and [s["auto_pass"] for s in seen["seats"]] == [True, False]
        asked, passed = _play(client, service, gid, tokens, 120, table_on=False)
        assert asked > 0 and passed == 0
        assert _opt_in(client, gid, tokens[1]) is True  # now every person chose it
        asked, passed = _play(client, service, gid, tokens, 400, table_on=True)
        assert passed > 0 and asked == 0
        assert _opt_in(client, gid, tokens[0], on=False) is False  # one opts out: windows ask again


def test_the_setting_survives_a_restart_and_a_spectator_cannot_set_it(tmp_path: Path) -> None:
    db = tmp_path / "b.sqlite"
    with client_for(make_service(db)) as client:
        g = create(client, "duel", TWO_PEOPLE)
        for seat in g["seats"]:
            _opt_in(client, g["id"], seat["token"])
        bad = client.post(f"/api/games/{g['id']}/auto-pass", json={"token": "x" * 20, "on": True})
        assert bad.status_code in (403, 404, 422)
    with client_for(make_service(db)) as client:
        assert view(client, g["id"])["auto_pass"] is True


def test_a_bots_window_answer_still_waits_the_fixed_delay_when_the_person_chose_auto_pass(tmp_path: Path) -> None:
    delay = 0.1
    base = make_service(tmp_path / "t.sqlite", window_delay=delay)
    service = TimedService(base.store, base.pool, window_delay=delay, bot_pause=0.0)
    service.timings = []
    service.new_seed = lambda: 2026
    with client_for(service) as client:
        g = create(
            client, "duel", [{"kind": "person"}, {"kind": "bot", "bot": "normal"}], options={"first_player": "0"}
        )
        assert _opt_in(client, g["id"], g["token"]) is True  # the only person: the table's setting is on
        _asked, passed = _play(client, service, g["id"], [g["token"], ""], 3000, table_on=True, enough=4)
        assert passed == 4
    assert len(service.timings) >= 2 and min(t for _choice, t in service.timings) >= delay - 0.005
