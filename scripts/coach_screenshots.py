"""Screenshots of the coach on the game page, for docs/screenshots (headless Chromium): the review panel of a
finished Duel, and a hint during one.

    .venv/bin/python scripts/coach_screenshots.py
"""

from __future__ import annotations

import random
import sys

from shots_common import LiveServer, chromium, page_at, save, shots_server

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
    with shots_server("dwarfhall-coach-shots-", extra=["--review-iters", "400"]) as server:
        done = server.api("POST", "/api/games", {"game": "duel", "seats": SEATS})
        play(server, done["id"], done["token"], random.Random(7))
        running = server.api("POST", "/api/games", {"game": "duel", "seats": SEATS})
        play(server, running["id"], running["token"], random.Random(8), stop_at=12)
        with chromium() as browser, page_at(browser, "desktop") as page:
            page.goto(f"{server.url}/game/{done['id']}#t={done['token']}")
            page.click("#review-start")
            page.wait_for_selector("#review-list li", timeout=300_000)
            page.locator("#review-list li.mistake, #review-list li.blunder").first.click()
            save(page, "review-desktop", full_page=True, settle=600)
            save(page.locator("#review"), "review-panel")
            page.goto(f"{server.url}/game/{running['id']}#t={running['token']}")
            page.click("#hint")
            page.wait_for_selector("#hint-moves li", timeout=60_000)
            save(page.locator(".side"), "hint-panel")
    return 0


if __name__ == "__main__":
    sys.exit(main())
