"""Learning to play: what each tutorial asks of a learner (steps, clicks), how long a scripted learner takes for
each in Chromium (following only the highlights, EN and DE, desktop and phone), and what the How to play button
costs a game page when it opens (bytes of the page's responses and median time until the first move can be
clicked, with and without learn.js; and the bytes the dialog fetches when first opened).

    .venv/bin/python bench/learn_page.py --loads 10
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, Response, Route, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.live import CHROMIUM, CHROMIUM_ARGS, LiveServer
from tests.web.learner import LESSONS, SIZES, follow

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


def browser_lessons(browser: Browser, url: str) -> None:
    print("| tutorial | language | size | steps | clicks | seconds |")
    print("| --- | --- | --- | --- | --- | --- |")
    total = 0.0
    for lesson in LESSONS:
        for lang in ("en", "de"):
            for size, (width, height) in SIZES.items():
                phone = size == "phone"
                viewport = {"width": width, "height": height}
                context = browser.new_context(viewport=viewport, has_touch=phone, is_mobile=phone)  # type: ignore[arg-type]
                context.add_init_script(f"localStorage.setItem('dwarfhall-lang', '{lang}')")
                walk = follow(context.new_page(), url, lesson)
                context.close()
                total += walk.seconds
                print(f"| {lesson} | {lang} | {size} | {len(walk.says)} | {walk.clicks} | {walk.seconds:.1f} |")
    print(f"all {len(LESSONS) * 4} runs: {total:.1f} s")


def _load(page: Page, url: str) -> tuple[float, list[int]]:
    """Seconds until the first move can be clicked, and the sizes of the page's responses (the list goes on
    growing with every later response)."""
    sizes: list[int] = []

    def count(response: Response) -> None:
        try:
            sizes.append(len(response.body()))
        except Exception:  # a response without a body (a redirect, the WebSocket's upgrade)
            pass

    page.on("response", count)
    begin = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("#moves button.move", state="attached")
    took = time.perf_counter() - begin
    page.wait_for_load_state("networkidle")
    return took, sizes


def page_loads(loads: int, lessons: bool) -> None:
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
            if lessons:
                browser_lessons(browser, server.url)
            times: dict[str, list[float]] = {"with learn.js": [], "without": []}
            sizes: dict[str, int] = {}
            for _ in range(2):  # warm up the server's drawing of the page and the browser's cache of fonts
                warm = browser.new_page()
                _load(warm, url)
                warm.close()
            for _ in range(loads):
                for name in times:
                    page = browser.new_page()
                    if name == "without":
                        page.route("**/static/learn.js", lambda route: route_empty(route))
                    took, responses = _load(page, url)
                    times[name].append(took)
                    sizes[name] = sum(responses)
                    if name == "with learn.js":
                        page.click("#how-to-play")
                        page.wait_for_selector("#rules-dialog .rules-pictures")
                        page.wait_for_load_state("networkidle")
                        sizes["dialog"] = sum(responses) - sizes[name]
                    page.close()
            browser.close()
        for name, found in times.items():
            print(f"{name}: median {statistics.median(found) * 1000:.0f} ms over {loads} loads, {sizes[name]} bytes")
        added = sizes["with learn.js"] - sizes["without"]
        slower = statistics.median(times["with learn.js"]) / statistics.median(times["without"]) - 1
        print(f"learn.js adds {added} bytes ({added / sizes['without']:.1%}) and {slower:+.1%} time to first move")
        print(f"opening How to play fetches {sizes['dialog']} bytes more (catalog, styles, the rules fragment)")
    finally:
        server.kill()


def route_empty(route: Route) -> None:
    route.fulfill(status=200, content_type="text/javascript", body="")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--loads", type=int, default=10)
    parser.add_argument("--no-lessons", action="store_true", help="skip the lessons in the browser")
    args = parser.parse_args()
    tutorial_table()
    page_loads(args.loads, not args.no_lessons)
    return 0


if __name__ == "__main__":
    sys.exit(main())
