"""Screenshots of a game's end for docs/screenshots (headless Chromium): a three-player Dwar7s Spring game
played out at random through the API, then its page with the score sheet at desktop and phone size, and its
log by turns.

    .venv/bin/python scripts/story_screenshots.py
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.live import CHROMIUM, CHROMIUM_ARGS, LiveServer

OUT = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
SEATS = [{"kind": "person", "host": True}, {"kind": "person"}, {"kind": "person"}]


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="dwarfhall-story-shots-"))
    server = LiveServer(folder / "shots.sqlite", folder / "server.log", window_delay=0.0)
    server.start()
    try:
        g = server.api("POST", "/api/games", {"game": "spring", "seats": SEATS, "options": {"players": 3}})
        tokens = [s["token"] for s in g["seats"]]
        rng = random.Random(8)
        while True:  # random legal moves for every seat, through the API as the page sends them
            seen = server.api("GET", f"/api/games/{g['id']}/view")
            if seen["to_act"] is None:
                break
            token = tokens[seen["to_act"]]
            mine = server.api("GET", f"/api/games/{g['id']}/view", token=token)
            if not mine["moves"]:
                continue
            move = rng.choice(mine["moves"])["id"]
            body = {"token": token, "action": move, "version": mine["version"]}
            server.api("POST", f"/api/games/{g['id']}/moves", body)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for name, size in (("desktop", (1280, 900)), ("phone", (390, 844))):
                page = browser.new_page(viewport={"width": size[0], "height": size[1]})
                page.goto(f"{server.url}/game/{g['id']}#t={tokens[0]}")
                page.wait_for_selector("#score-sheet")
                page.locator("#end").scroll_into_view_if_needed()
                page.wait_for_timeout(300)
                target = OUT / f"score-sheet-spring-{name}.png"
                page.screenshot(path=str(target))
                print(f"screenshots: {target}")
                if name == "desktop":  # the log by turns, one turn opened by a click and a move shown
                    page.locator("#log details.turn-block").nth(3).locator("summary").click()
                    page.locator("#log details.turn-block").nth(3).locator("li.jump").first.click()
                    page.wait_for_timeout(500)
                    target = OUT / "story-log-desktop.png"
                    page.locator("#log").locator("xpath=..").screenshot(path=str(target))
                    print(f"screenshots: {target}")
            browser.close()
    finally:
        server.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
