"""Screenshots of the coach on the game page, for docs/screenshots (headless Chromium): the review panel of a
finished Duel, and a hint during one.

    .venv/bin/python scripts/coach_screenshots.py
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
SEATS = [{"kind": "person"}, {"kind": "bot", "bot": "normal"}]


def play(server: LiveServer, game_id: str, token: str, rng: random.Random, stop_at: int | None = None) -> None:
    """Random moves for the person until the end (or until their decision at move `stop_at` or later)."""
    for _ in range(3000):
        mine = server.api("GET", f"/api/games/{game_id}/view", token=token)
        if mine["to_act"] is None:
            return
        if not mine["moves"]:
            continue  # the bot decides
        if stop_at is not None and mine["version"] >= stop_at and len(mine["moves"]) > 1:
            return
        move = rng.choice(mine["moves"])["id"]
        server.api("POST", f"/api/games/{game_id}/moves", {"token": token, "action": move, "version": mine["version"]})


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="dwarfhall-coach-shots-"))
    server = LiveServer(folder / "shots.sqlite", folder / "server.log", extra=["--review-iters", "400"])
    server.start()
    try:
        done = server.api("POST", "/api/games", {"game": "duel", "seats": SEATS})
        play(server, done["id"], done["token"], random.Random(7))
        running = server.api("POST", "/api/games", {"game": "duel", "seats": SEATS})
        play(server, running["id"], running["token"], random.Random(8), stop_at=12)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(f"{server.url}/game/{done['id']}#t={done['token']}")
            page.click("#review-start")
            page.wait_for_selector("#review-list li", timeout=300_000)
            page.locator("#review-list li.mistake, #review-list li.blunder").first.click()
            page.wait_for_timeout(600)
            page.screenshot(path=str(OUT / "review-desktop.png"), full_page=True)
            page.locator("#review").screenshot(path=str(OUT / "review-panel.png"))
            page.goto(f"{server.url}/game/{running['id']}#t={running['token']}")
            page.click("#hint")
            page.wait_for_selector("#hint-moves li", timeout=60_000)
            page.locator(".side").screenshot(path=str(OUT / "hint-panel.png"))
            browser.close()
        for name in ("review-desktop", "review-panel", "hint-panel"):
            print(f"screenshots: {OUT / name}.png")
    finally:
        server.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
