"""Screenshots of a game's end for docs/screenshots (headless Chromium): a three-player Dwar7s Spring game
played out at random through the API, then its page with the score sheet at desktop and phone size, and its
log by turns.

    .venv/bin/python scripts/story_screenshots.py
"""

from __future__ import annotations

import random
import sys

from shots_common import chromium, page_at, save, shots_server

SEATS = [{"kind": "person", "host": True}, {"kind": "person"}, {"kind": "person"}]


def main() -> int:
    with shots_server("dwarfhall-story-shots-", window_delay=0.0) as server:
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
        with chromium() as browser:
            for name in ("desktop", "phone"):
                with page_at(browser, name) as page:
                    page.goto(f"{server.url}/game/{g['id']}#t={tokens[0]}")
                    page.wait_for_selector("#score-sheet")
                    page.locator("#end").scroll_into_view_if_needed()
                    save(page, f"score-sheet-spring-{name}", settle=300)
                    if name == "desktop":  # the log by turns, one turn opened by a click and a move shown
                        page.locator("#log details.turn-block").nth(3).locator("summary").click()
                        page.locator("#log details.turn-block").nth(3).locator("li.jump").first.click()
                        save(page.locator("#log").locator("xpath=.."), "story-log-desktop", settle=500)
    return 0


if __name__ == "__main__":
    sys.exit(main())
