"""The game page on a phone (390×844) and a tablet (768×1024), with touch: the move bar is folded to one line and
never covers the board, its dice or a hand; every tap target is at least 40 px; Spring's map zooms with a
two-finger pinch and by buttons, and a tap on a place after zooming still offers its moves.

A tap target is an element that does something when tapped now: one that carries moves (`data-action`), a thing
that a move of the current decision names (choose.js marks it `thing-live`), a button, a link or a group's
heading in the move list (`summary`). An element that only carries help (`data-help` without a move now) answers
a long press, not a tap: it is not held to 40 px here (test_table.py shows that a long press reaches it)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, CDPSession, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.server.live import LiveServer, running_server

from .pages import version, wait_ready

SIZES = {"phone": (390, 844), "tablet": (768, 1024)}
# per game: its options and the board's parts the bar must never cover (beside everything that carries a move)
GAMES: dict[str, tuple[dict[str, str], str]] = {
    "duel": ({"first_player": "0"}, ".dice, .die-wrap, .cards.hand, .cards.hand .dcard"),
    "alewar": ({}, ".alewar-board"),
    "spring": ({"players": "2"}, ".spring-map, .sp-panel, .scard"),
}
MIN_TAP = 40

# each element scrolled to the foot of the page's scroll area: its box must end above the move bar
COVERED = """(selector) => {
  const bar = document.getElementById('movebar').getBoundingClientRect();
  const out = [];
  for (const node of document.querySelectorAll(selector)) {
    if (!node.getClientRects().length) continue;
    node.scrollIntoView({ block: 'end' });
    const r = node.getBoundingClientRect();
    const overlaps = r.bottom > bar.top + 0.5 && r.top < bar.bottom && r.right > bar.left && r.left < bar.right;
    if (overlaps) out.push([node.className.baseVal ?? node.className, Math.round(r.bottom), Math.round(bar.top)]);
  }
  document.getElementById('game').scrollTop = 0;
  return out;
}"""

SMALL_TARGETS = """(least) => [...document.querySelectorAll('[data-action], .thing-live, button, a[href], summary')]
  .filter((node) => node.getClientRects().length && !node.closest('[hidden], dialog:not([open])'))
  .map((node) => [node.tagName, (node.getAttribute('aria-label') || node.textContent).slice(0, 30),
                  node.getBoundingClientRect()])
  .filter(([, , r]) => r.width > 0 && (r.width < least || r.height < least))
  .map(([tag, text, r]) => `${tag} ${text}: ${Math.round(r.width)}x${Math.round(r.height)}`)"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One server for the module: each test makes its own games."""
    yield from running_server(tmp_path_factory.mktemp("phones"))


SETTLED = """() => {
  const area = document.querySelector("main#game").getBoundingClientRect();
  return area.bottom <= document.getElementById("movebar").getBoundingClientRect().top + 0.5;
}"""


@pytest.fixture
def touch(browser: Browser) -> Iterator[dict[str, BrowserContext]]:
    made = {
        name: browser.new_context(viewport={"width": w, "height": h}, has_touch=True, is_mobile=True)
        for name, (w, h) in SIZES.items()
    }
    yield made
    for context in made.values():
        context.close()


def _game(server: LiveServer, game: str) -> str:
    options, _ = GAMES[game]
    made = server.api(
        "POST",
        "/api/games",
        {"game": game, "options": options, "seats": [{"kind": "person"}, {"kind": "bot", "bot": "easy"}]},
    )
    return f"{server.url}/game/{made['id']}#t={made['token']}"


def _open_page(context: BrowserContext, url: str) -> tuple[Page, list[str]]:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("() => document.getElementById('movebar').getBoundingClientRect().height > 0")
    return page, errors


def _box(page: Page, selector: str) -> dict[str, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box


def _scroll_area_ends_above_the_bar(page: Page) -> None:
    # the bar's new height reaches the page's layout through a ResizeObserver, a frame after the bar changed
    try:
        page.wait_for_function(SETTLED, polling="raf", timeout=5000)
    except PlaywrightTimeout:
        pass  # never settled: the assertion below says by how much
    area, bar = _box(page, "main#game"), _box(page, "#movebar")
    assert area["y"] + area["height"] <= bar["y"] + 0.5


@pytest.mark.parametrize("game", list(GAMES))
def test_the_move_bar_folds_and_never_covers_the_board_and_taps_are_big_enough(
    server: LiveServer, touch: dict[str, BrowserContext], game: str
) -> None:
    url = _game(server, game)
    _, parts = GAMES[game]
    for size, context in touch.items():
        page, errors = _open_page(context, url)
        fold = page.locator("#movebar .movebar-fold")
        expect(fold).to_be_visible()
        expect(fold).to_have_text(re.compile(r"^\d+ moves? · open$"))
        assert int(fold.inner_text().split()[0]) == page.locator("#moves button.move").count() > 0
        expect(page.locator("#moves")).to_be_hidden()
        assert _box(page, "#movebar")["height"] < 70  # one line
        _scroll_area_ends_above_the_bar(page)
        assert page.locator(f"#board :is({parts})").count() > 0
        assert page.evaluate(COVERED, f"#board :is({parts}), #board [data-action]") == []
        small = page.evaluate(SMALL_TARGETS, MIN_TAP)
        assert small == [], f"{size}: {small}"
        fold.tap()  # opened on demand: the moves, still above the page's scroll area
        first = page.locator("#moves > li").first
        if first.locator(":scope > details").count():  # the first item is a group of moves: opened by a tap
            first.locator("summary").first.tap()
        move = first.locator("button.move").first
        expect(move).to_be_visible()
        expect(fold).to_have_text(re.compile(r"· close$"))
        _scroll_area_ends_above_the_bar(page)
        small = page.evaluate(SMALL_TARGETS, MIN_TAP)
        assert small == [], f"{size}, opened: {small}"
        before = version(page)
        move.tap()
        if page.locator("dialog.confirm-move[open]").count():  # a move that asks first (ending a turn)
            page.locator("#confirm-yes").tap()
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=20_000)
        assert not errors
        page.close()


def _advance(server: LiveServer, game_id: str, tokens: list[str], want: str, rng: random.Random) -> bool:
    """Random moves for both people until seat 0 decides with its board matching `want` (a decision mid-game);
    False when the game ends first (each game is dealt from its own random seed)."""
    for _ in range(400):
        seat = server.api("GET", f"/api/games/{game_id}/view")["to_act"]
        if seat is None:
            return False
        mine = server.api("GET", f"/api/games/{game_id}/view", token=tokens[seat])
        if seat == 0 and re.search(want, mine["html"]):
            return True
        body = {"token": tokens[seat], "action": rng.choice(mine["moves"])["id"], "version": mine["version"]}
        server.api("POST", f"/api/games/{game_id}/moves", body)
    return False


def _spring_game_at(server: LiveServer, want: str, tries: int = 6) -> tuple[str, list[str]]:
    """A two-person Spring game played on until seat 0's board matches `want`: its id and the seats' tokens."""
    rng = random.Random(3)
    for _ in range(tries):
        seats = [{"kind": "person"}, {"kind": "person"}]
        made = server.api("POST", "/api/games", {"game": "spring", "options": {"players": "2"}, "seats": seats})
        tokens = [s["token"] for s in made["seats"]]
        if _advance(server, made["id"], tokens, want, rng):
            return made["id"], tokens
    raise AssertionError(f"no decision with {want!r} came in {tries} games")


def test_spring_board_targets_mid_game_are_big_enough(server: LiveServer, touch: dict[str, BrowserContext]) -> None:
    game_id, tokens = _spring_game_at(server, r'class="res r-\w+"[^>]* data-action=')  # a resource a move acts on
    page, errors = _open_page(touch["phone"], f"{server.url}/game/{game_id}#t={tokens[0]}")
    assert page.locator("#board .sboard [data-action]").count() > 0
    small = page.evaluate(SMALL_TARGETS, MIN_TAP)
    assert small == [], small
    assert page.evaluate(COVERED, "#board [data-action], #board .sboard") == []
    page.locator("[data-lang=de]").tap()  # the page is laid out again in German: the bar folds the same way
    expect(page.locator("#movebar .movebar-fold")).to_have_text(re.compile(r"^\d+ (Zug|Züge) · öffnen$"))
    expect(page.locator("#movebar")).to_have_class(re.compile("folded"))
    _scroll_area_ends_above_the_bar(page)
    assert not errors


def _pinch(cdp: CDPSession, centre: tuple[float, float], start: float, end: float, steps: int = 6) -> None:
    """Two fingers that move apart (or together) horizontally around a centre."""
    x, y = centre

    def fingers(gap: float) -> list[dict[str, Any]]:
        return [{"x": x - gap / 2, "y": y, "id": 0}, {"x": x + gap / 2, "y": y, "id": 1}]

    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers(start)})
    for k in range(1, steps + 1):
        points = fingers(start + (end - start) * k / steps)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def _zoom(page: Page) -> float:
    return float(page.locator("#board .zoom-view").get_attribute("data-zoom") or "0")


def _scale(page: Page) -> float:
    """The scale the map is drawn at, read from its CSS transform."""
    return float(
        page.evaluate("""() => {
      const t = getComputedStyle(document.querySelector('#board .zoom-view > *')).transform;
      return t === 'none' ? 1 : new DOMMatrix(t).a;
    }""")
    )


@pytest.mark.parametrize("size", list(SIZES))
def test_the_spring_map_zooms_with_a_pinch_and_its_places_still_take_a_tap(
    server: LiveServer, touch: dict[str, BrowserContext], size: str
) -> None:
    context = touch[size]
    page, errors = _open_page(context, _game(server, "spring"))
    view = page.locator("#board .zoom-view")
    view.scroll_into_view_if_needed()
    page.tap("#board .zoom-tools .zoom-reset")
    assert _scale(page) == 1 == _zoom(page)
    box = _box(page, "#board .zoom-view")
    centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    cdp = context.new_cdp_session(page)
    _pinch(cdp, centre, 60, 180)
    assert _scale(page) == pytest.approx(3, rel=0.05) == _zoom(page)  # fingers three times as far apart
    _pinch(cdp, centre, 150, 100)
    assert _scale(page) == pytest.approx(2, rel=0.05)
    page.tap("#board .zoom-tools .zoom-in")
    assert _scale(page) == pytest.approx(3, rel=0.05)
    # a place with moves whose middle is in sight, tapped where the finger sees it
    spot = page.evaluate("""() => {
      const v = document.querySelector('#board .zoom-view').getBoundingClientRect();
      const area = document.getElementById('game').getBoundingClientRect();
      for (const node of document.querySelectorAll('#board .zoom-view .spot[data-action]')) {
        const r = node.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        const top = Math.max(v.top, area.top), bottom = Math.min(v.bottom, area.bottom);
        if (x > v.left + 5 && x < v.right - 5 && y > top + 5 && y < bottom - 5)
          return { x, y, w: r.width, ids: node.dataset.action };
      }
      return null;
    }""")
    assert spot is not None and spot["w"] >= MIN_TAP
    before = version(page)
    page.touchscreen.tap(spot["x"], spot["y"])
    offered = page.locator("#choose button.move")
    if len(spot["ids"].split()) > 1:  # several moves act on it: the bar opens to ask which
        expect(offered).to_have_count(len(spot["ids"].split()))
        expect(page.locator("#movebar")).not_to_have_class(re.compile("folded"))
        expect(page.locator("#moves")).to_be_hidden()  # only the choice, not the whole list
        offered.first.tap()
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=20_000)
    expect(page.locator("#movebar")).to_have_class(re.compile("folded"))  # folded again once answered
    assert _scale(page) == pytest.approx(3, rel=0.05)  # the zoom is kept when the board is drawn again
    assert not errors


# the map's places that lie wholly out of the zoomed view's sight, or whether one of them (by index) is in sight now:
# wholly, or where it is larger than the view (a wildland at a high zoom), filling the view along that side
OUT_OF_VIEW = """(want) => {
  const v = document.querySelector('#board .zoom-view').getBoundingClientRect();
  const places = [...document.querySelectorAll('#board .zoom-view [data-place][tabindex]')];
  const fits = (lo, hi, vlo, vhi) =>
    (hi - lo <= vhi - vlo ? lo >= vlo - 0.5 && hi <= vhi + 0.5 : lo <= vlo && hi >= vhi);
  if (want !== null) {
    const r = places[want].getBoundingClientRect();
    return (fits(r.left, r.right, v.left, v.right) && fits(r.top, r.bottom, v.top, v.bottom))
      || [places[want].getAttribute('class'), [r.left, r.right, r.top, r.bottom].map(Math.round)];
  }
  return places.map((n, i) => [i, n]).filter(([, n]) => { const r = n.getBoundingClientRect();
    return r.right < v.left || r.left > v.right || r.bottom < v.top || r.top > v.bottom; }).map(([i]) => i);
}"""


def test_a_map_place_reached_by_the_keyboard_is_panned_into_sight_on_a_zoomed_map(
    server: LiveServer, touch: dict[str, BrowserContext]
) -> None:
    page, errors = _open_page(touch["phone"], _game(server, "spring"))
    page.locator("#board .zoom-view").scroll_into_view_if_needed()
    for _ in range(4):  # zoomed in as far as the buttons go: most places are out of sight
        page.tap("#board .zoom-tools .zoom-in")
    scale = _scale(page)
    hidden = page.evaluate(OUT_OF_VIEW, None)
    assert scale > 2 and len(hidden) > 10, (scale, len(hidden))
    page.wait_for_timeout(700)  # the keyboard comes after the last tap (a tap's own focus is not panned to)
    for index in (hidden[0], hidden[-1]):  # one place from each end of the map
        page.evaluate("(i) => document.querySelectorAll('#board .zoom-view [data-place][tabindex]')[i].focus()", index)
        assert page.evaluate(OUT_OF_VIEW, index) is True, (index, page.evaluate(OUT_OF_VIEW, index))
        assert _scale(page) == pytest.approx(scale)  # panned, not zoomed
    assert not errors
