"""Screenshots of learning to play, for docs/screenshots (headless Chromium): each game's How to play dialog
over a game page and a tutorial step with its highlight, at desktop size and on a phone (the guide a bar at the
foot of the screen).

    .venv/bin/python scripts/learn_screenshots.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.live import CHROMIUM, CHROMIUM_ARGS, LiveServer

OUT = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
STEPS = {"duel": ("basics", 2), "alewar": ("basics", 1), "spring": ("1-found", 7)}  # a step worth showing


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="dwarfhall-learn-shots-"))
    server = LiveServer(folder / "shots.sqlite", folder / "server.log", window_delay=0.05)
    server.start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            for game, (key, step) in STEPS.items():
                page.goto(f"{server.url}/learn/{game}/{key}")
                page.wait_for_selector(".learn-target")  # the first step has saved its progress
                progress = {f"{game}/{key}": {"step": step, "done": False}}
                page.evaluate("(p) => localStorage.setItem('dwarfhall-learn', JSON.stringify(p))", progress)
                page.reload()
                page.wait_for_selector(".learn-target")
                page.wait_for_timeout(300)
                target = OUT / f"{game}-tutorial.png"
                page.screenshot(path=str(target))
                print(f"screenshots: {target}")
                page.click("#how-to-play")
                page.wait_for_selector("#rules-dialog .rules-pictures")
                page.wait_for_timeout(300)
                target = OUT / f"{game}-rules.png"
                page.screenshot(path=str(target))
                print(f"screenshots: {target}")
                page.keyboard.press("Escape")
            page.evaluate("() => localStorage.removeItem('dwarfhall-learn')")
            phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
            page = phone.new_page()
            for game, (key, step) in STEPS.items():
                progress = {f"{game}/{key}": {"step": step, "done": False}}
                page.goto(f"{server.url}/learn/{game}/{key}")
                page.evaluate("(p) => localStorage.setItem('dwarfhall-learn', JSON.stringify(p))", progress)
                page.reload()
                page.wait_for_selector(".learn-target")
                page.wait_for_timeout(300)
                target = OUT / f"{game}-tutorial-phone.png"
                page.screenshot(path=str(target))
                print(f"screenshots: {target}")
            phone.close()
            browser.close()
    finally:
        server.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
