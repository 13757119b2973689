"""Ale War in Chromium by the things on the board: a whole game against the computer played by clicking units,
squares, the side and the terrain piles only (issue 24), with its clicks counted; and the help of a unit reached
by hover, keyboard and touch (issue 25)."""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.server.live import LiveServer

from .pages import is_over, open_lobby, version, wait_ready

AGAINST_THE_COMPUTER = [{"kind": "person"}, {"kind": "bot", "bot": "easy"}]
OPTIONS = {"turn_limit": 30, "terrain_pick": "choose"}  # the piles are things too; a bounded game


def thing(page: Page, key: str) -> Any:
    return page.locator(f'#board [data-thing="{key}"]').first


def moves(page: Page) -> list[dict[str, Any]]:
    """The moves of the decision on screen (none while a new state is on its way to being drawn)."""
    return list(page.evaluate(
        "() => current && current.version === Number(document.body.dataset.version) ? current.moves : []"))


def choose(rng: random.Random, offered: list[dict[str, Any]]) -> dict[str, Any]:
    """A move a player might make: an attack when there is one, never a pause that asks first (staying put,
    declining an attack), a reinforcement rather than none."""
    attacks = [m for m in offered if len(m.get("things", [])) == 2 and m["things"][0].startswith("unit:")
               and m["things"][1].startswith(("unit:", "barrel:"))]
    if attacks:
        return rng.choice(attacks)
    plain = [m for m in offered if m.get("things") and not m.get("confirm")]
    return rng.choice(plain or offered)


def play(page: Page, move: dict[str, Any], kinds: Counter[str]) -> int:
    """Clicks the move's things, the unit before the square as a player does; returns the clicks."""
    before = version(page)
    keys = sorted(move["things"], key=lambda k: not k.startswith("unit:"))  # stable: an attacker stays first
    clicks = 0
    for key in keys:
        thing(page, key).click()
        kinds[key.split(":")[0]] += 1
        clicks += 1
    sent = "() => pending !== null || Number(document.body.dataset.version) > " + str(before)
    if page.locator("#confirm-move[open]").count():  # a move that asks first (only when nothing else was left)
        page.click("#confirm-yes")
        clicks += 1
    elif not page.evaluate(sent):  # the unit alone fits staying put: the page asks to confirm the pick
        page.click("#pick-confirm")
        clicks += 1
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=20_000)
    return clicks


def test_a_whole_ale_war_by_clicking_units_and_squares(browser: Browser, server: LiveServer) -> None:
    g = server.api("POST", "/api/games", {"game": "alewar", "seats": AGAINST_THE_COMPUTER, "options": OPTIONS})
    page, errors = open_lobby(browser, server.url)
    page.goto(f"{server.url}/game/{g['id']}#t={g['token']}")
    rng = random.Random(4)
    clicks = decisions = buttons = 0
    most_on_top = 0
    kinds: Counter[str] = Counter()
    started = time.monotonic()
    while True:
        wait_ready(page)
        if is_over(page):
            break
        offered = moves(page)
        if not offered:
            page.wait_for_timeout(20)
            continue
        most_on_top = max(most_on_top, page.locator("#moves > li").count())
        move = choose(rng, offered)
        decisions += 1
        if move.get("things"):
            clicks += play(page, move, kinds)
        else:  # declining a reinforcement or a forced pass: the only moves that are no thing on the board
            before = version(page)
            page.locator(f'#moves > li > button.move[data-id="{move["id"]}"]').click()
            buttons += 1
            page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=20_000)
    seconds = time.monotonic() - started
    print(f"\nAle War by things: {decisions} decisions, {clicks} clicks on the board, {buttons} buttons, "
          f"{clicks / decisions:.2f} clicks per decision, at most {most_on_top} top-level buttons, {seconds:.0f} s; "
          f"clicked {dict(kinds)}")
    assert is_over(page) and decisions >= 8
    assert kinds["unit"] and kinds["square"] and kinds["pile"]  # units, squares and the terrain piles
    assert buttons <= 2  # a forced pass is the rare exception
    assert clicks <= 3 * decisions
    assert most_on_top <= 12
    assert not errors


def test_a_units_help_by_hover_keyboard_and_touch(browser: Browser, server: LiveServer) -> None:
    body = {"game": "alewar", "seats": AGAINST_THE_COMPUTER, "options": {"dwarf_seat": 0}}
    g = server.api("POST", "/api/games", body)
    page, errors = open_lobby(browser, server.url)
    page.goto(f"{server.url}/game/{g['id']}#t={g['token']}")
    wait_ready(page)
    unit = thing(page, "unit:axeman")
    popup = page.locator("#help-pop")
    unit.hover()
    expect(popup).to_be_visible()
    expect(popup).to_contain_text("Dwarf Axeman (D1) of the Dwarves: movement 3°, armor 4°")
    expect(popup.locator("a.help-link")).to_have_attribute("data-section", "units")
    page.mouse.move(0, 0)
    expect(popup).to_be_hidden()
    # the keyboard: Tab walks the board's things (and each open help's rules link); the unit's help opens with the focus
    thing(page, "side:dwarves").focus()  # the heading just before the Dwarves' units
    for _ in range(6):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.dataset.thing") == "unit:axeman":
            break
    expect(unit).to_be_focused()
    expect(popup).to_be_visible()
    expect(popup).to_contain_text("Not placed yet: it goes on rows 4-6.")
    assert unit.get_attribute("aria-label") == unit.get_attribute("data-help")
    page.keyboard.press("Escape")
    expect(popup).to_be_hidden()
    # touch: a long press opens the help and does not pick the unit
    phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    touch = phone.new_page()
    touch.goto(f"{server.url}/game/{g['id']}#t={g['token']}")
    wait_ready(touch)
    thing(touch, "unit:axeman").evaluate("(n) => n.scrollIntoView({ block: 'center' })")  # above the move bar
    box = thing(touch, "unit:axeman").bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = phone.new_cdp_session(touch)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    touch.wait_for_timeout(800)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect(touch.locator("#help-pop")).to_be_visible()
    expect(touch.locator("#help-pop")).to_contain_text("Dwarf Axeman")
    assert touch.locator("#board .thing-picked").count() == 0
    phone.close()
    assert not errors
