"""Screenshots of each game's page at desktop, phone and tablet size (the last two with touch), for
docs/screenshots (headless Chromium).

    .venv/bin/python scripts/screenshots.py
"""

from __future__ import annotations

import random
import re
import sys

from shots_common import SIZES, LiveServer, chromium, page_at, save, shots_server


def play_until(server: LiveServer, game_id: str, tokens: list[str], rng: random.Random, moves: int, want: str) -> str:
    """Random moves for the people until at least `moves` were made and seat 0 decides with `want` (a pattern) on
    the page."""
    for _ in range(2000):
        public = server.api("GET", f"/api/games/{game_id}/view")
        if public["to_act"] is None:
            break
        seat = public["to_act"]
        if tokens[seat] is None:
            continue  # a bot decides
        mine = server.api("GET", f"/api/games/{game_id}/view", token=tokens[seat])
        if seat == 0 and mine["version"] >= moves and re.search(want, mine["html"]):
            return str(tokens[0])
        move = rng.choice(mine["moves"])["id"]
        server.api("POST", f"/api/games/{game_id}/moves", {"token": tokens[seat], "action": move,
                                                            "version": mine["version"]})
    return str(tokens[0])


def main() -> int:
    with shots_server("dwarfhall-shots-", window_delay=0.05) as server:
        duel = server.api("POST", "/api/games", {"game": "duel", "options": {"first_player": "0"},
                                                 "seats": [{"kind": "person"}, {"kind": "person"}]})
        duel_tokens = [s["token"] for s in duel["seats"]]
        play_until(server, duel["id"], duel_tokens, random.Random(5), 60, r'class="dcard[^>]* data-action=')
        war = server.api("POST", "/api/games", {"game": "alewar", "seats": [{"kind": "person"}, {"kind": "person"}]})
        war_tokens = [s["token"] for s in war["seats"]]
        play_until(server, war["id"], war_tokens, random.Random(2), 20, "data-action")
        spring = server.api("POST", "/api/games", {"game": "spring", "options": {"players": 4},
                                                   "seats": [{"kind": "person"} for _ in range(4)]})
        spring_tokens = [s["token"] for s in spring["seats"]]
        play_until(server, spring["id"], spring_tokens, random.Random(3), 70, 'data-action="')
        # a finished game, so that the lobby's list shows a winner
        over = server.api("POST", "/api/games", {"game": "duel", "seats": [{"kind": "person"}, {"kind": "person"}]})
        play_until(server, over["id"], [s["token"] for s in over["seats"]], random.Random(7), 10**6, "")
        pages = {
            "duel": f"/game/{duel['id']}#t={duel_tokens[0]}",
            "alewar": f"/game/{war['id']}#t={war_tokens[0]}",
            "spring": f"/game/{spring['id']}#t={spring_tokens[0]}",
            "lobby": "/",
        }
        only = set(sys.argv[1:])  # names given: only those pages
        pages = {name: path for name, path in pages.items() if not only or name in only}
        with chromium() as browser:
            for size in SIZES:
                with page_at(browser, size) as page:
                    for name, path in pages.items():
                        page.goto(server.url + path)
                        drawn = "#moves button.move" if name != "lobby" else "#playing li"
                        page.wait_for_selector(drawn, state="attached")
                        if name == "lobby":  # each game's picture is its own page in a frame
                            page.wait_for_load_state("networkidle")
                        save(page, f"{name}-{size}", full_page=size == "desktop", settle=400)
    return 0


if __name__ == "__main__":
    sys.exit(main())
