"""Screenshots of a Spring map spot picked with its choices and its help, at desktop and phone size, for
docs/screenshots (headless Chromium).

    .venv/bin/python scripts/spring_pick_screenshots.py
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from scripts.screenshots import OUT, SIZES, play_until
from tests.server.live import CHROMIUM, CHROMIUM_ARGS, LiveServer

# the map place with the most moves (a settlement of several lines, a dwarf, the fortress), a resource spot first
PICK = """() => {
  const places = [...document.querySelectorAll('#board .spring-map [data-thing][data-action]')];
  const worth = (n) => n.dataset.action.split(' ').length * 10 + (n.querySelector('.amt') ? 5 : 0)
    + (/only 1/.test(n.dataset.help) ? 3 : 0);  // a resource spot a monster cuts says the most
  places.sort((a, b) => worth(b) - worth(a));
  return places.length ? places[0].dataset.thing : null;
}"""


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="dwarfhall-shots-"))
    server = LiveServer(folder / "shots.sqlite", folder / "server.log", window_delay=0.05)
    server.start()
    try:
        spring = server.api("POST", "/api/games", {"game": "spring", "options": {"players": 4},
                                                   "seats": [{"kind": "person"} for _ in range(4)]})
        tokens = [s["token"] for s in spring["seats"]]
        play_until(server, spring["id"], tokens, random.Random(4), 12, 'role="button" data-pick="list"')
        path = f"/game/{spring['id']}#t={tokens[0]}"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for size, (width, height) in SIZES.items():
                page = browser.new_page(viewport={"width": width, "height": height}, has_touch=size == "phone")
                page.goto(server.url + path)
                page.wait_for_selector("#moves button.move", state="attached")
                key = page.evaluate(PICK)
                spot = page.locator(f'#board .spring-map [data-thing="{key}"]')
                spot.tap() if size == "phone" else spot.click()  # a finger on the phone, a mouse on the desktop
                page.wait_for_selector("#choose button.move")
                if size == "desktop":  # a pointer resting on the spot shows its help beside the choices
                    spot.hover()
                page.wait_for_timeout(600)
                target = OUT / f"spring-pick-{size}.png"
                page.screenshot(path=str(target))
                print(f"screenshots: {target}")
                page.close()
            browser.close()
    finally:
        server.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
