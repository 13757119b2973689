"""Learning to play: what each tutorial asks of a learner (steps, clicks) and what the How to play button costs a
game page when it opens (median time until the first move can be clicked, with and without learn.js).

    .venv/bin/python bench/learn_page.py --loads 10
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Route, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.live import CHROMIUM, CHROMIUM_ARGS, LiveServer

from dwarfhall.core import load_game
from dwarfhall.core.tutorial import start, tutorials_of

GAMES = ("duel", "alewar", "spring")


def tutorial_table() -> None:
    print("| tutorial | steps | learner's clicks | Next clicks | forced moves |")
    print("| --- | --- | --- | --- | --- |")
    for game in GAMES:
        for tutorial in tutorials_of(load_game(game)):
            walk = start(tutorial)
            mine = 0
            while not walk.done:
                walk.taught()
                mine += walk.state.current_player == tutorial.learner
                walk.advance()
            steps = len(tutorial.steps)
            forced = len(walk.played) - steps
            print(f"| {game}/{tutorial.key} | {steps} | {mine} | {steps - mine} | {forced} |")


def page_loads(loads: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="dwarfhall-learn-bench-"))
    server = LiveServer(folder / "bench.sqlite", folder / "server.log")
    server.start()
    try:
        made = server.api(
            "POST",
            "/api/games",
            {
                "game": "duel",
                "options": {"first_player": "0"},
                "seats": [{"kind": "person"}, {"kind": "bot", "bot": "easy"}],
            },
        )
        url = f"{server.url}/game/{made['id']}#t={made['token']}"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            times: dict[str, list[float]] = {"with learn.js": [], "without": []}
            for _ in range(loads):
                for name in times:
                    page = browser.new_page()
                    if name == "without":
                        page.route("**/static/learn.js", lambda route: route_empty(route))
                    begin = time.perf_counter()
                    page.goto(url)
                    page.wait_for_selector("#moves button.move")
                    times[name].append(time.perf_counter() - begin)
                    page.close()
            browser.close()
        for name, found in times.items():
            print(f"{name}: median {statistics.median(found) * 1000:.0f} ms over {loads} loads")
    finally:
        server.kill()


def route_empty(route: Route) -> None:
    route.fulfill(status=200, content_type="text/javascript", body="")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--loads", type=int, default=10)
    args = parser.parse_args()
    tutorial_table()
    page_loads(args.loads)
    return 0


if __name__ == "__main__":
    sys.exit(main())
