"""Screenshots of learning to play, for docs/screenshots (headless Chromium): each game's How to play dialog
over a game page and a tutorial step with its highlight, at desktop size and on a phone (the guide a bar at the
foot of the screen).

    .venv/bin/python scripts/learn_screenshots.py
"""

from __future__ import annotations

import sys

from playwright.sync_api import Page
from shots_common import chromium, page_at, save, shots_server

STEPS = {"duel": ("basics", 2), "alewar": ("basics", 1), "spring": ("1-found", 7)}  # a step worth showing


def open_step(page: Page, url: str, game: str, key: str, step: int) -> None:
    """The lesson at `step`, as a learner who left it there comes back to it (the progress this browser keeps)."""
    page.goto(f"{url}/learn/{game}/{key}")
    page.wait_for_selector(".learn-target")  # the first step has saved its progress
    progress = {f"{game}/{key}": {"step": step, "done": False}}
    page.evaluate("(p) => localStorage.setItem('dwarfhall-learn', JSON.stringify(p))", progress)
    page.reload()
    page.wait_for_selector(".learn-target")
    page.wait_for_timeout(300)


def main() -> int:
    with shots_server("dwarfhall-learn-shots-", window_delay=0.05) as server, chromium() as browser:
        with page_at(browser, "desktop") as page:
            for game, (key, step) in STEPS.items():
                open_step(page, server.url, game, key, step)
                save(page, f"{game}-tutorial")
                page.click("#how-to-play")
                page.wait_for_selector("#rules-dialog .rules-pictures")
                save(page, f"{game}-rules", settle=300)
                page.keyboard.press("Escape")
        with page_at(browser, "phone") as page:
            for game, (key, step) in STEPS.items():
                open_step(page, server.url, game, key, step)
                save(page, f"{game}-tutorial-phone")
    return 0


if __name__ == "__main__":
    sys.exit(main())
