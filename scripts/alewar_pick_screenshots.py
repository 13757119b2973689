"""Screenshots of Ale War with a unit picked and its squares offered, at desktop and phone size, for
docs/screenshots (headless Chromium; the set-up is played by clicking units and squares, as a person does).

    .venv/bin/python scripts/alewar_pick_screenshots.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.live import CHROMIUM, CHROMIUM_ARGS, LiveServer

OUT = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
SIZES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
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
    folder = Path(tempfile.mkdtemp(prefix="dwarfhall-shots-"))
    server = LiveServer(folder / "shots.sqlite", folder / "server.log")
    server.start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for size, context in SIZES.items():
                touch = size == "phone"
                game = server.api("POST", "/api/games", {
                    "game": "alewar", "options": {"dwarf_seat": 0},
                    "seats": [{"kind": "person"}, {"kind": "bot", "bot": "easy"}],
                })
                page = browser.new_context(**context).new_page()
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
                page.wait_for_timeout(400)
                target = OUT / f"alewar-pick-{size}.png"
                page.screenshot(path=str(target))
                print(f"screenshots: {target}")
                page.context.close()
            browser.close()
    finally:
        server.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
