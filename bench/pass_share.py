"""The share of a person's clicks that are passes in whole Duels played through the server's HTTP API.

    .venv/bin/python bench/pass_share.py --games 20 --seed 1

The person sits at seat 0 and a bot (level easy) at seat 1; the person's clicks are chosen by the heuristic
agent, as a stand-in for somebody playing well. Each game is played twice from the same deal: once as a
person who never chose window preferences (asked in every window, as before preferences existed) and once
with the game's default preferences (GameInfo.asked_windows), as the page sets them on a seat's first visit.
A click is one move the person sends; a pass is a click on the Duel's "pass" move.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from dwarfhall.agents.base import make_agent
from dwarfhall.core.info import game_info
from dwarfhall.core.registry import load_game
from dwarfhall.core.view import PlayerView
from dwarfhall.server.app import create_app
from dwarfhall.server.bots import BotPool
from dwarfhall.server.limits import Limits
from dwarfhall.server.service import GameService
from dwarfhall.server.store import SqlStore
from dwarfhall.storage import open_database

SEATS = [{"kind": "person"}, {"kind": "bot", "bot": "easy"}]


def one_game(client: TestClient, service: GameService, seed: int, ask: list[str] | None) -> tuple[int, int]:
    """(clicks, passes) of the person in one whole Duel; `ask`: the kinds of window they are asked in (None:
    never chosen, so every kind)."""
    service.new_seed = lambda: seed
    created = client.post("/api/games", json={"game": "duel", "seats": SEATS}).json()
    game_id, token = created["id"], created["seats"][0]["token"]
    if ask is not None:
        client.post(f"/api/games/{game_id}/windows", json={"token": token, "ask": ask})
    agent = make_agent("heuristic", seed)
    clicks = passes = 0
    while True:
        seen: dict[str, Any] = client.get(f"/api/games/{game_id}/view", headers={"X-Seat-Token": token}).json()
        if seen["to_act"] is None:
            return clicks, passes
        live = service.live[game_id]
        if seen["to_act"] != 0 or not seen["moves"] or (live.pass_task is not None and not live.pass_task.done()):
            time.sleep(0.002)  # the bot's move, or a window going by on its own
            continue
        state = live.state
        if state.is_terminal or state.current_player != 0 or len(state.history) != seen["version"]:
            continue  # the game moved on since the view was read
        action = agent.choose(PlayerView(state, 0))
        res = client.post(
            f"/api/games/{game_id}/moves", json={"token": token, "action": action, "version": seen["version"]}
        )
        if res.status_code != 200:
            continue  # the window went by on its own meanwhile
        clicks += 1  # the state it was chosen in is the one it was played in (same version)
        passes += state.describe_action(action).payload.get("move") == "pass"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ask", default=None, help="comma-separated kinds of window for a third row (ally,damage)")
    args = parser.parse_args()
    rows: list[tuple[list[str] | None, str]] = [
        (None, "asked in every window"),
        (list(game_info(load_game("duel")).asked_windows), "default preferences"),
    ]
    if args.ask is not None:
        rows.append((args.ask.split(",") if args.ask else [], f"asked in {args.ask or 'no window'}"))
    with tempfile.TemporaryDirectory() as tmp:
        store = SqlStore(open_database(Path(tmp) / "bench.sqlite"))
        limits = Limits(messages_per_second=10_000, message_burst=10_000)
        service = GameService(store, BotPool(inline=True), window_delay=0.0, bot_pause=0.0, limits=limits)
        with TestClient(create_app(service)) as client:
            for ask, name in rows:
                clicks = passes = 0
                for i in range(args.games):
                    c, p = one_game(client, service, args.seed + i, ask)
                    clicks, passes = clicks + c, passes + p
                share = 100 * passes / max(1, clicks)
                per_game = f"{clicks / args.games:.1f} clicks per game, {passes / args.games:.1f} passes"
                print(f"{name}: {per_game}, {share:.1f} %")


if __name__ == "__main__":
    main()
