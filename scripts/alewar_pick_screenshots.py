"""Screenshots of Ale War with a unit picked and its squares offered, at desktop and phone size, for
docs/screenshots (headless Chromium; the set-up is played by clicking units and squares, as a person does).

    .venv/bin/python scripts/alewar_pick_screenshots.py
"""

from __future__ import annotations

import sys
from typing import Any

from playwright.sync_api import Page
from shots_common import chromium, page_at, save, shots_server

DRAWN = "() => current && current.moves.length && current.version === Number(document.body.dataset.version)"


def moving_units(moves: list[dict[str, Any]]) -> list[str]:
    return [m["things"][0] for m in moves if len(m.get("things", [])) == 2 and m["things"][0].startswith("unit:")]


def press(page: Page, key: str, touch: bool) -> None:
    node = page.locator(f'#board [data-thing="{key}"]').first
    if touch:
        node.tap()
    else:
        node.click()


def main() -> int:
    with shots_server("dwarfhall-shots-") as server, chromium() as browser:
        for size in ("desktop", "phone"):
            touch = size == "phone"
            game = server.api("POST", "/api/games", {
                "game": "alewar", "options": {"dwarf_seat": 0},
                "seats": [{"kind": "person"}, {"kind": "bot", "bot": "easy"}],
            })
            with page_at(browser, size) as page:
                page.goto(f"{server.url}/game/{game['id']}#t={game['token']}")
                for _ in range(20):  # the set-up: a unit, then its square
                    page.wait_for_function(DRAWN)
                    moves = page.evaluate("() => current.moves")
                    if moving_units(moves):
                        break
                    before = page.evaluate("() => current.version")
                    move = [m for m in moves if m.get("things")][-1]
                    for key in sorted(move["things"], key=lambda k: not k.startswith("unit:")):
                        press(page, key, touch)
                    page.wait_for_function(f"() => current.version > {before}")
                moves = page.evaluate("() => current.moves")
                units = moving_units(moves)
                unit = max(set(units), key=units.count)  # the unit with the most squares to go to
                press(page, unit, touch)
                if touch:
                    page.locator(".alewar").evaluate("(n) => n.scrollIntoView({ block: 'start' })")
                else:
                    page.mouse.move(1000, 880)  # the pointer off the board: no help popup in the picture
                save(page, f"alewar-pick-{size}", settle=400)
    return 0


if __name__ == "__main__":
    sys.exit(main())
