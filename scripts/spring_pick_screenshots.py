"""Screenshots of a Spring map spot picked with its choices and its help, at desktop and phone size, for
docs/screenshots (headless Chromium).

    .venv/bin/python scripts/spring_pick_screenshots.py
"""

from __future__ import annotations

import random
import sys

from screenshots import play_until
from shots_common import SIZES, chromium, page_at, save, shots_server

# the map place with the most moves (a settlement of several lines, a dwarf, the fortress), a resource spot first
PICK = """() => {
  const places = [...document.querySelectorAll('#board .spring-map [data-thing][data-action]')];
  const worth = (n) => n.dataset.action.split(' ').length * 10 + (n.querySelector('.amt') ? 5 : 0)
    + (/only 1/.test(n.dataset.help) ? 3 : 0);  // a resource spot a monster cuts says the most
  places.sort((a, b) => worth(b) - worth(a));
  return places.length ? places[0].dataset.thing : null;
}"""


def main() -> int:
    with shots_server("dwarfhall-shots-", window_delay=0.05) as server:
        spring = server.api("POST", "/api/games", {"game": "spring", "options": {"players": 4},
                                                   "seats": [{"kind": "person"} for _ in range(4)]})
        tokens = [s["token"] for s in spring["seats"]]
        play_until(server, spring["id"], tokens, random.Random(4), 12, 'role="button" data-pick="list"')
        path = f"/game/{spring['id']}#t={tokens[0]}"
        with chromium() as browser:
            for size in SIZES:
                with page_at(browser, size) as page:
                    page.goto(server.url + path)
                    page.wait_for_selector("#moves button.move", state="attached")
                    key = page.evaluate(PICK)
                    spot = page.locator(f'#board .spring-map [data-thing="{key}"]')
                    spot.tap() if size != "desktop" else spot.click()  # a finger on a touch screen, else a mouse
                    page.wait_for_selector("#choose button.move")
                    if size == "desktop":  # a pointer resting on the spot shows its help beside the choices
                        spot.hover()
                    save(page, f"spring-pick-{size}", settle=600)
    return 0


if __name__ == "__main__":
    sys.exit(main())
