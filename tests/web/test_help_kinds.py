"""The help of every kind of element is reached by hover, by keyboard and by touch (issue 25), in all three games:
a game is played through the API to a position with many kinds of element, the page groups its `[data-help]`
elements by kind and checks the kinds a game must show; for one element of each kind the help shows on hover and
on keyboard focus (English, desktop) and on a long press (German, a phone) without playing a move, with a rules
link to a section of the How to play panel, a screen-reader label, and a German text that is not the English one.
A kind seen only during a game's set-up (Ale War's terrain piles, shown while a player picks the next terrain
piece) is checked in a case of its own, at the first decision of a game with the options that show it."""

from __future__ import annotations

import random
import re
import time
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

from tests.server.live import LiveServer, running_server

from .pages import version

# the kind of a [data-help] element: its first class (or tag) and the head of its data-thing (a map place excepted)
KINDS = """() => [...document.querySelectorAll('#board [data-help]')].map((n, i) => {
  // the page marks things of the current decision (thing-live, thing-picked, thing-open): not a kind
  const own = (n.getAttribute('class') || '').split(' ').filter((c) => c && !c.startsWith('thing-'));
  const cls = own[0] || n.tagName.toLowerCase();
  const head = (n.dataset.thing || '').split(/[:@]/)[0];
  return [i, /^P\\d/.test(head) || !head ? cls : `${cls}/${head}`];
})"""
NODE = "(i) => document.querySelectorAll('#board [data-help]')[i]"
# a point of the element that nothing covers (a monster stands on its wildland, a bar may cover an edge), as a
# person points at the part they see; null when none is seen
SEEN_POINT = """(n) => {
  const r = n.getBoundingClientRect();
  const v = window.visualViewport;  // a phone may show the page zoomed: a touch is given in screen points
  const screen = (x, y) => [(x - v.offsetLeft) * v.scale, (y - v.offsetTop) * v.scale];
  // a finger's width from any other thing (a phone gives a touch to the nearest thing it may mean)
  for (const fy of [0.5, 0.3, 0.7, 0.2, 0.8]) for (const fx of [0.5, 0.3, 0.7, 0.2, 0.8]) {
    const x = r.left + r.width * fx, y = r.top + r.height * fy;
    const mine = (dx, dy) => {
      const hit = document.elementFromPoint(x + dx, y + dy);
      return hit && hit.closest('[data-help]') === n;
    };
    if (mine(0, 0) && mine(-12, -12) && mine(12, 12) && mine(-12, 12) && mine(12, -12)) return screen(x, y);
  }
  for (const fy of [0.5, 0.3, 0.7]) for (const fx of [0.5, 0.3, 0.7]) {  // a small thing: its middle, if seen
    const hit = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
    if (hit && hit.closest('[data-help]') === n) return screen(r.left + r.width * fx, r.top + r.height * fy);
  }
  return null;
}"""
# what the elements of a kind that is not seen are, where they lie and what is seen at their middles
WHERE = """(ii) => ii.map((i) => {
  const n = document.querySelectorAll('#board [data-help]')[i], r = n.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return [n.outerHTML.slice(0, 120), [r.left, r.top, r.width, r.height].map(Math.round),
          hit ? hit.outerHTML.slice(0, 120) : null];
})"""
# a thing inside a folded list (a discard pile's cards) is reached as a person does: the list opened first
UNFOLD = "(n) => { for (let d = n.closest('details'); d; d = d.parentElement.closest('details')) d.open = true; }"
# each case: its game and the options of its game (a set-up case shows kinds that no later position does)
CASES: dict[str, tuple[str, dict[str, Any]]] = {
    "duel": ("duel", {}),
    "alewar": ("alewar", {}),
    "alewar-set-up": ("alewar", {"terrain_pick": "choose"}),  # the placing player picks a terrain pile
    "spring": ("spring", {}),
}
SET_UP = {"alewar-set-up"}  # only its own kinds are checked there: the rest are in the game's other case
# what each case must show at the position reached: the list of kinds, as this page draws them
EXPECTED = {
    "duel": {"dcard/hand", "dcard/card", "die-wrap/die", "wild", "wild-middle", "pile/pile", "discard-card/discard",
             "summary", "vp", "h4", "backs"},
    "alewar": {"piece/unit", "piece/barrel", "sq/square", "counter", "h4/side", "unit-line"},
    "alewar-set-up": {"counter/pile"},
    "spring": {"spot", "wild", "monster/monster", "scard/card", "dragon/dragon", "scard/faerie", "bspot/spot",
               "sline/line", "res/res", "succ/succ", "sb-vp/score", "span/pile", "span/era", "hcard/hero"},
}
# the board HTML of seat 0 shows these once the position has the kinds above
READY: dict[str, tuple[str, ...]] = {
    "duel": ('data-thing="card:', 'data-thing="hand:', 'data-thing="die:', 'data-thing="discard:'),
    "alewar": ('data-thing="unit:', 'data-thing="barrel:'),
    "alewar-set-up": ('data-thing="pile:',),
    "spring": ('data-thing="faerie:', 'class="monster', 'data-thing="dragon:'),
}
# a point of the phone's screen with nothing a tap might reach within 30 px: Chromium moves a tap to a nearby
# link or button (the header's 44 px links are a few pixels from the corner)
EMPTY = """(active) => {
  const near = (x, y) => [[0, 0], [30, 0], [-30, 0], [0, 30], [0, -30], [21, 21], [-21, -21], [21, -21], [-21, 21]]
    .some(([dx, dy]) => {
      const e = document.elementFromPoint(x + dx, y + dy);
      return !e || e.closest(active + ", #help-pop");
    });
  for (let y = 40; y < innerHeight - 40; y += 10)
    for (let x = 40; x < innerWidth - 40; x += 10) if (!near(x, y)) return [x, y];
  return null;
}"""
ACTIVE = "button, a, summary, [data-help], [data-action]"  # what a tap might play or open
SEATS = {"duel": 2, "alewar": 2, "spring": 4}


def _prefer(game: str) -> Callable[[dict[str, Any]], bool]:
    """The moves seat 0 prefers on the way: in Spring summoning faeries (a faerie card in hand is a kind)."""
    if game == "spring":
        return lambda m: "spot:faerie" in m.get("things", [])
    return lambda m: False


def _play_to_position(server: LiveServer, case: str) -> tuple[str, str]:
    """A game of persons only (nothing moves while the pages look), played at random until seat 0's board holds
    the kinds of READY; the game's id and seat 0's token."""
    game, options = CASES[case]
    seats = [{"kind": "person"}] * SEATS[game]
    g = server.api("POST", "/api/games", {"game": game, "options": options, "seats": seats})
    tokens = [s["token"] for s in g["seats"]]
    # every seat asks to be asked in every window: a window the page's default preferences leave out would be
    # passed for seat 0 after the window delay, and the page would show a later position than the one reached
    for t in tokens:
        kinds = server.api("GET", f"/api/games/{g['id']}/view", token=t).get("windows") or {"kinds": []}
        server.api("POST", f"/api/games/{g['id']}/windows", {"token": t, "ask": [k["kind"] for k in kinds["kinds"]]})
    rng = random.Random(3)
    prefer = _prefer(game)
    for _ in range(400):
        views = [server.api("GET", f"/api/games/{g['id']}/view", token=t) for t in tokens]
        if views[0]["moves"] and all(mark in views[0]["html"] for mark in READY[case]):
            return g["id"], tokens[0]
        seat = next(s for s, v in enumerate(views) if v["moves"])
        offered = views[seat]["moves"]
        liked = [m for m in offered if seat == 0 and prefer(m)]
        move = rng.choice(liked or offered)
        server.api("POST", f"/api/games/{g['id']}/moves",
                   {"token": tokens[seat], "action": move["id"], "version": views[seat]["version"]})
    raise AssertionError(f"{case}: no position with {READY[case]} within 400 moves")


def _sections(server: LiveServer, game: str, lang: str) -> set[str]:
    with urllib.request.urlopen(f"{server.url}/rules/{game}?lang={lang}&fragment=true", timeout=10) as res:
        return set(re.findall(r'<section[^>]*id="rules-([^"]+)"', res.read().decode()))


def _kinds(page: Page) -> dict[str, list[int]]:
    """The elements (their indexes among the board's [data-help]) of each kind."""
    found: dict[str, list[int]] = {}
    for index, kind in page.evaluate(KINDS):
        found.setdefault(kind, []).append(index)
    return found


def _seen(page: Page, indexes: list[int]) -> tuple[int, Any, list[float]]:
    """The first element of a kind that a person sees once it is scrolled to (a map place may lie under the bar
    of the page on a phone), with the point to press. On a phone the map may be zoomed to the current decision's
    places, with the kind's elements out of its view: then, as a person would, "Show all" is tapped first."""
    for attempt in range(2):
        for index in indexes:
            node = page.evaluate_handle(NODE, index).as_element()
            assert node is not None
            node.evaluate(UNFOLD)
            node.evaluate("(n) => n.scrollIntoView({ block: 'center', inline: 'center' })")
            point = node.evaluate(SEEN_POINT)
            if point:
                return index, node, point
        reset = page.locator("#board .zoom-tools .zoom-reset")
        if attempt or not reset.count():
            break
        reset.first.click()
    where = page.evaluate(WHERE, indexes)
    raise AssertionError(f"no element of this kind can be seen: {indexes} {where}")


def _focus(page: Page, index: int) -> None:
    """Focuses the element of that index, found again at the moment: the board may have been drawn anew since it
    was last found (an update from the server), which leaves an older handle pointing at nothing."""
    for attempt in range(3):
        node = page.evaluate_handle(NODE, index).as_element()
        assert node is not None
        try:
            node.focus()
            return
        except PlaywrightError:
            if attempt == 2:
                raise


def _popup_for(page: Page, index: int, sections: set[str]) -> None:
    """The popup shows the element's own help, a rules link to an existing section, and the element points to it."""
    node = page.evaluate_handle(NODE, index).as_element()
    assert node is not None
    pop = page.locator("#help-pop")
    expect(pop).to_be_visible()
    text = node.get_attribute("data-help") or ""
    assert text.strip()
    expect(pop.locator(".help-text")).to_have_text(text)
    assert node.get_attribute("aria-describedby") == "help-pop"
    assert node.get_attribute("aria-label")
    section = node.get_attribute("data-rules")
    assert section in sections, (section, text)
    expect(pop.locator("a.help-link")).to_have_attribute("data-section", section)


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One server for the module (the games here never touch each other)."""
    yield from running_server(tmp_path_factory.mktemp("help-kinds"))


def _checked(kinds: dict[str, list[int]], case: str) -> dict[str, list[int]]:
    """The kinds checked in a case: all it shows, or in a set-up case the ones it is there for."""
    assert EXPECTED[case] <= set(kinds), (EXPECTED[case] - set(kinds), " ".join(sorted(kinds)))
    return {kind: found for kind, found in kinds.items() if case not in SET_UP or kind in EXPECTED[case]}


@pytest.mark.parametrize("case", list(CASES))
def test_the_help_of_every_kind_by_hover_keyboard_and_touch(browser: Browser, live: LiveServer, case: str) -> None:
    started = time.monotonic()
    game = CASES[case][0]
    game_id, token = _play_to_position(live, case)
    url = f"{live.url}/game/{game_id}#t={token}"
    desk = browser.new_context(viewport={"width": 1280, "height": 900})
    page = desk.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector("#board [data-help]")
    kinds = _checked(_kinds(page), case)
    sections = _sections(live, game, "en")
    english = page.evaluate("() => [...document.querySelectorAll('#board [data-help]')].map((n) => n.dataset.help)")
    for indexes in kinds.values():
        index, _, point = _seen(page, indexes)
        page.mouse.move(*point)
        _popup_for(page, index, sections)
        page.mouse.move(0, 0)
        expect(page.locator("#help-pop")).to_be_hidden()
        # the keyboard: a key pressed, then the focus on the element (as Tab brings it); Escape closes the popup
        page.keyboard.press("Shift")
        _focus(page, index)
        _popup_for(page, index, sections)
        page.keyboard.press("Escape")
        expect(page.locator("#help-pop")).to_be_hidden()
    desk.close()
    # touch, in German: a long press shows the help and plays nothing
    phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    phone.add_init_script("localStorage.setItem('dwarfhall-lang', 'de')")
    touch = phone.new_page()
    touch.on("pageerror", lambda e: errors.append(str(e)))
    touch.goto(url)
    touch.wait_for_selector("#board [data-help]")
    before = version(touch)
    german_sections = _sections(live, game, "de")
    cdp = phone.new_cdp_session(touch)
    untranslated = []
    on_phone = _checked(_kinds(touch), case)
    for kind, indexes in on_phone.items():
        index, node, (x, y) = _seen(touch, indexes)
        if node.get_attribute("data-help") == english[index]:
            untranslated.append((kind, english[index]))
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        touch.wait_for_timeout(600)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        _popup_for(touch, index, german_sections)
        assert touch.locator("#board .thing-picked").count() == 0, kind
        # a short tap beside the board closes the popup, as on a phone (it may cover the next thing)
        empty = touch.evaluate(EMPTY, ACTIVE)
        assert empty, "no empty point to tap on the phone's screen"
        touch.touchscreen.tap(*empty)
        expect(touch.locator("#help-pop")).to_be_hidden()
        assert version(touch) == before
    phone.close()
    assert not untranslated
    assert not errors
    print(f"\n{case}: {len(kinds)} kinds of element, {time.monotonic() - started:.1f} s")
