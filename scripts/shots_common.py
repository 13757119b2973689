"""What the screenshot scripts (scripts/*screenshots.py) share: a server of their own on a fresh database,
headless Chromium, the sizes a page is shown at, and saving a picture into docs/screenshots."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Locator, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.server.live import CHROMIUM, CHROMIUM_ARGS, LiveServer  # noqa: E402  (the checkout's own tests)

OUT = ROOT / "docs" / "screenshots"
SIZES = {"desktop": (1280, 900), "phone": (390, 844), "tablet": (768, 1024)}


@contextmanager
def shots_server(prefix: str, **options: Any) -> Iterator[LiveServer]:
    """A `dwarfhall serve` on a fresh database in a folder of its own (`options` go to LiveServer), stopped at
    the end; docs/screenshots exists by then."""
    OUT.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    server = LiveServer(folder / "shots.sqlite", folder / "server.log", **options)
    server.start()
    try:
        yield server
    finally:
        server.kill()


@contextmanager
def chromium() -> Iterator[Browser]:
    """Headless Chromium, closed at the end."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def page_at(browser: Browser, size: str) -> Iterator[Page]:
    """A page of its own (a context of its own: no storage shared) at a size of SIZES, closed at the end: a phone
    and a tablet as Chromium emulates them (touch, a mobile viewport), a desktop with a mouse."""
    width, height = SIZES[size]
    touch = size != "desktop"
    page = browser.new_page(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch)
    try:
        yield page
    finally:
        page.close()


def save(what: Page | Locator, name: str, settle: int = 0, **options: Any) -> Path:
    """A picture of a page (or one element of it) as docs/screenshots/NAME.png, after `settle` ms in which the
    page finishes what it started (a popup, a scroll, pictures loading); `options` go to screenshot()."""
    if settle:
        (what if isinstance(what, Page) else what.page).wait_for_timeout(settle)
    target = OUT / f"{name}.png"
    what.screenshot(path=str(target), **options)
    print(f"screenshots: {target}")
    return target
