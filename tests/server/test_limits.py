"""Limits for anonymous visitors: bot budgets, games, connections, message rate, spectators, idle games."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from dwarfhall.agents.levels import levels_for
from dwarfhall.server.limits import Limits
from dwarfhall.server.live import SeatRequest, Watcher
from dwarfhall.server.outbox import Outbox
from dwarfhall.server.service import GameService

from .helpers import client_for, create, make_service, view

TWO_PEOPLE = [{"kind": "person"}, {"kind": "person"}]


def _service(tmp_path: Path, **limits: Any) -> GameService:
    return make_service(tmp_path / "s.sqlite", limits=Limits(**limits))


def test_expert_specs_are_refused_beyond_the_servers_bot_budget(tmp_path: Path) -> None:
    with client_for(_service(tmp_path, bot_max_time=1.0, bot_max_iters=800)) as client:
        for spec, word in [("ismcts:time=3600", "time=3600"), ("ismcts:iters=801", "iters=801")]:
            res = client.post(
                "/api/games", json={"game": "duel", "seats": [{"kind": "person"}, {"kind": "bot", "bot": spec}]}
            )
            assert res.status_code == 422 and res.json()["code"] == "bad_bot", res.text
            assert word in res.json()["error"] and "limit" in res.json()["error"]
        made = {}
        for spec in ("ismcts:time=1", "ismcts:iters=800", "heuristic", "expert"):  # within the budget, and a level
            made[spec] = create(client, "duel", [{"kind": "person"}, {"kind": "bot", "bot": spec}])["seats"][1]["bot"]
        # a search bounded by iterations alone also gets the server's time cap; a level plays its game's spec as it
        # is, beyond the limits an expert spec has
        assert made == {
            "ismcts:time=1": "ismcts:time=1",
            "ismcts:iters=800": "ismcts:iters=800,time=1",
            "heuristic": "heuristic",
            "expert": levels_for("duel")["expert"].spec,
        }


def test_a_client_may_create_only_so_many_games_a_while(tmp_path: Path) -> None:
    with client_for(_service(tmp_path, games_per_client=3, games_window=60)) as client:
        for _ in range(3):
            create(client, "duel", TWO_PEOPLE)
        res = client.post("/api/games", json={"game": "duel", "seats": TWO_PEOPLE})
        assert res.status_code == 429 and res.json()["code"] == "too_many_games"
        assert len(client.get("/api/games").json()) == 3  # the refused one was never made


def test_a_client_may_hold_only_so_many_connections(tmp_path: Path) -> None:
    with client_for(_service(tmp_path, connections_per_client=2)) as client:
        g = create(client, "duel", TWO_PEOPLE)
        url = f"/ws/games/{g['id']}"
        with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
            for ws in (a, b):
                ws.send_json({})
                assert ws.receive_json()["type"] == "state"
            with client.websocket_connect(url) as c:
                assert c.receive_json()["code"] == "too_many"
                with pytest.raises(WebSocketDisconnect) as closed:
                    c.receive_json()
                assert closed.value.code == 4429
        with client.websocket_connect(url) as again:  # a closed connection frees its place
            again.send_json({})
            assert again.receive_json()["type"] == "state"


def test_a_connection_sending_too_many_messages_is_closed(tmp_path: Path) -> None:
    with client_for(_service(tmp_path, messages_per_second=1, message_burst=3)) as client:
        g = create(client, "duel", TWO_PEOPLE)
        with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
            ws.send_json({})
            ws.receive_json()
            for _ in range(3):  # the burst is answered
                ws.send_json({"type": "ping"})
                assert ws.receive_json() == {"type": "pong"}
            ws.send_json({"type": "ping"})
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1008 and "too many messages" in closed.value.reason


def test_a_game_takes_only_so_many_spectators_but_always_its_players(tmp_path: Path) -> None:
    with client_for(_service(tmp_path, spectators_per_game=1)) as client:
        g = create(client, "duel", TWO_PEOPLE)
        url = f"/ws/games/{g['id']}"
        with client.websocket_connect(url) as first:
            first.send_json({})
            assert first.receive_json()["seat"] is None
            with client.websocket_connect(url) as second:
                second.send_json({})
                assert second.receive_json()["code"] == "too_many_spectators"
            with client.websocket_connect(url) as player:
                player.send_json({"token": g["token"]})
                assert player.receive_json()["seat"] == 0


def test_idle_games_leave_memory_and_come_back_from_the_store(tmp_path: Path) -> None:
    service = _service(tmp_path, idle_seconds=0.2)
    with client_for(service) as client:
        g = create(client, "duel", TWO_PEOPLE, options={"first_player": "0"})
        me = view(client, g["id"], g["token"])
        client.post(
            f"/api/games/{g['id']}/moves", json={"token": g["token"], "action": me["moves"][0]["id"], "version": 0}
        )
        before = view(client, g["id"], g["token"])
        deadline = time.monotonic() + 5
        while g["id"] in service.live and time.monotonic() < deadline:
            time.sleep(0.05)
        assert g["id"] not in service.live  # the sweeper dropped it
        assert view(client, g["id"], g["token"]) == before  # rebuilt on demand from its stored record
        assert g["id"] in service.live


def test_at_start_only_games_that_move_by_themselves_are_rebuilt(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    with client_for(make_service(db)) as client:
        waiting = create(client, "duel", TWO_PEOPLE)  # waits for a person: rebuilt when somebody opens it
        clocked = create(client, "duel", TWO_PEOPLE, clock=60)  # its clock runs: rebuilt at once
    again = make_service(db)
    with client_for(again) as client:
        assert set(again.live) == {clocked["id"]}
        assert view(client, waiting["id"])["version"] == 0
        assert waiting["id"] in again.live


def test_presence_changes_are_coalesced_and_a_spectator_changes_nobodys_view(tmp_path: Path) -> None:
    service = _service(tmp_path, presence_delay=0.1)

    async def scenario() -> dict[str, int]:
        row = await service.create("duel", {}, [SeatRequest("person"), SeatRequest("person")])
        live = await service.get(row.id)
        counts: dict[str, int] = {}

        def watcher(name: str, seat: int | None) -> Watcher:
            async def write(_message: dict[str, Any]) -> None:
                counts[name] = counts.get(name, 0) + 1

            w = Watcher(seat, "en", Outbox(write))
            service.subscribe(live, w)
            service.first_view(live, w)  # as a connection does
            return w

        async def until(done: Callable[[], bool]) -> None:
            # waits for what is expected, not for a fixed time: a loaded machine may stall the loop for a while
            deadline = time.monotonic() + 20
            while not done() and time.monotonic() < deadline:
                await asyncio.sleep(0.01)

        watcher("first", 0)
        await until(lambda: counts == {"first": 1} and live.presence_task is None)
        counts.clear()
        watcher("second", 1)  # who is online changes ...
        for i in range(20):  # ... and twenty spectators come and go
            service.unsubscribe(live, watcher(f"spectator{i}", None))
        await until(lambda: "first" in counts and live.presence_task is None and len(counts) == 22)
        await asyncio.sleep(0.5)  # five presence delays more, in which nothing else may arrive
        return counts

    counts = asyncio.run(scenario())
    # the first seat hears once that the second came online; nobody hears of spectators; each got its first view
    assert counts == {"first": 1, "second": 1, **{f"spectator{i}": 1 for i in range(20)}}


def test_server_flags_set_every_limit() -> None:
    import argparse

    from dwarfhall.server.commands import LIMIT_FLAGS, add_commands, limits_from

    parser = argparse.ArgumentParser()
    add_commands(parser.add_subparsers())
    args = parser.parse_args(["serve", "--bot-max-time", "0.5", "--spectators-per-game", "3", "--max-message", "999"])
    limits = limits_from(args)
    assert (limits.bot_max_time, limits.spectators_per_game, limits.max_frame) == (0.5, 3, 999)
    assert {name for _flag, name, _kind, _text in LIMIT_FLAGS} == set(Limits.__dataclass_fields__)
