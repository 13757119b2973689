"""Dwar7s Spring at the table: a four-player game (one person, three `easy` bots) through the set-up and the first
era, played by clicking the map (a spot, then the line or the bastion's dwarf in the popup) and the board; every
decision shows at most 15 buttons on screen (issue 24), and a spot's help says what it gives now."""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.server.live import LiveServer

from .pages import open_lobby, version, wait_ready

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
MOST_BUTTONS = 15  # buttons a decision may show at once (issue 24)
VISIBLE_BUTTONS = """() => [...document.querySelectorAll('#moves button.move, #moves summary, #choose button')]
  .filter((b) => b.checkVisibility() && b.getClientRects().length > 0).length"""


def _buttons(page: Page) -> int:
    return int(page.evaluate(VISIBLE_BUTTONS))


def _era(page: Page) -> str:
    return page.locator(".spring-status").inner_text()


def _play_one(page: Page, rng: random.Random, counts: list[int]) -> str:
    """One decision: a map place with its popup when one carries moves, else a thing of the board, else a listed
    move; counts the buttons on screen before and after the pick."""
    before = version(page)
    counts.append(_buttons(page))
    places = page.locator("#board .spring-map [data-thing][data-action]")
    things = page.locator("#board .sboard [data-thing][data-action], #board .scard[data-thing][data-action]")
    if places.count():
        places.nth(rng.randrange(places.count())).click()
        where = "map"
    elif things.count():
        things.nth(rng.randrange(things.count())).click()
        where = "board"
    else:
        top = page.locator("#moves > li > button.move")
        end = page.locator("#moves > li > button.move", has_text="End")
        (end if end.count() else top).first.click()
        where = "list"
    # the pick was played at once (a new version comes soon), or it opened a choice or a question
    try:
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=1_500)
    except PlaywrightTimeout:
        if not page.locator("dialog[open]").count():
            counts.append(_buttons(page))
            choices = page.locator("#choose button.move")
            choices.nth(rng.randrange(choices.count())).click()
    if version(page) == before and page.locator("#confirm-yes").is_visible():
        page.click("#confirm-yes")
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=20_000)
    return where


def test_spring_set_up_and_first_era_by_clicking_the_map(browser: Browser, server: LiveServer) -> None:
    start = time.monotonic()
    page, errors = open_lobby(browser, server.url)
    page.select_option("#game", "spring")
    page.select_option("#players", "4")
    for seat in (1, 2, 3):
        page.select_option(f"#seat{seat}", "bot:easy")
    page.click("#create-btn")
    page.wait_for_url("**/game/*#t=*")
    rng = random.Random(7)
    counts: list[int] = []
    places: list[str] = []
    wait_ready(page)
    # the help of a spot says what it gives now (a monster in play may cut it)
    spot = page.locator("#board .spring-map .spot[data-help]").first
    assert spot.get_attribute("data-rules") and spot.get_attribute("tabindex") == "0"
    assert spot.get_attribute("aria-label")
    # set-up and first era: until the person's board shows the second era, or the game ends
    while "2" not in _era(page).split("·")[0] and time.monotonic() - start < 80:
        wait_ready(page, timeout=30_000)
        if page.locator("#end").is_visible():
            break
        places.append(_play_one(page, rng, counts))
    assert places.count("map") >= 2, places
    assert max(counts) <= MOST_BUTTONS, counts
    assert not errors
    if os.environ.get("DWARFHALL_FIGURES"):  # the figures BENCHMARKS.md quotes
        print(f"spring decisions {len(counts)}: buttons max {max(counts)}, mean {sum(counts) / len(counts):.1f}")
