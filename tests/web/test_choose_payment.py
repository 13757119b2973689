"""The page's picking of things (web/choose.js) on a board of its own, so that each way of paying is certain
rather than left to a random deal: the card first with the cheapest payment preselected, and the page's own
picks giving way to another die while the payment is finished again around it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

WEB = Path(__file__).resolve().parents[2] / "src" / "dwarfhall" / "web"

# a card that costs two dice, three dice to pay with: every pair of them is one move
MOVES = [
    {"id": 10, "label": "Play A with 1 and 2", "things": ["hand:a", "die:1", "die:2"]},
    {"id": 11, "label": "Play A with 1 and 3", "things": ["hand:a", "die:1", "die:3"]},
    {"id": 12, "label": "Play A with 2 and 3", "things": ["hand:a", "die:2", "die:3"]},
]
# what web/game.js defines for choose.js: the state drawn, a move being sent, and sending (recorded here)
TABLE_STUBS = "var current = null; var pending = null; var sent = []; function send(id) { sent.push(id); }"
BOARD = """<div id="board"><button data-thing="hand:a">A</button><button data-thing="die:1">1</button>
<button data-thing="die:2">2</button><button data-thing="die:3">3</button></div><div id="choose"></div>"""


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    page = browser.new_page()
    # a page of an http origin of its own (the scripts keep preferences in localStorage, which about:blank refuses)
    html = f"<!doctype html><html lang='en'><body>{BOARD}</body></html>"
    page.route("http://choose.test/", lambda route: route.fulfill(status=200, content_type="text/html", body=html))
    page.goto("http://choose.test/")
    page.add_script_tag(content=TABLE_STUBS)
    page.add_script_tag(path=str(WEB / "common.js"))
    page.add_script_tag(path=str(WEB / "choose.js"))
    page.evaluate("(moves) => { current = {version: 1, moves}; chooseShow(); }", MOVES)
    # the table's own click handler (web/game.js) hands a board thing to chooseThing the same way
    page.evaluate(
        "() => document.getElementById('board')"
        ".addEventListener('click', (ev) => chooseThing(ev.target.closest('[data-thing]')))"
    )
    yield page
    page.close()


def _picked(page: Page) -> list[str]:
    return sorted(page.eval_on_selector_all("#board .thing-picked", "(ns) => ns.map((n) => n.dataset.thing)"))


def _confirm(page: Page) -> int | None:
    return page.evaluate(
        "() => { const b = document.getElementById('pick-confirm'); return b ? Number(b.dataset.id) : null; }"
    )


def test_the_card_first_preselects_a_whole_payment(page: Page) -> None:
    page.click("[data-thing='hand:a']")
    assert _picked(page) == ["die:1", "die:2", "hand:a"]
    assert _confirm(page) == 10


def test_the_pages_picks_give_way_and_the_payment_is_finished_again(page: Page) -> None:
    page.click("[data-thing='hand:a']")
    page.click("[data-thing='die:3']")
    # die 3 does not fit beside both preselected dice: one of them gives way, the other is kept
    assert "die:3" in _picked(page) and len(_picked(page)) == 3
    assert _confirm(page) in (11, 12)
    offered = _confirm(page)
    page.click("#pick-confirm")
    assert page.evaluate("() => sent") == [offered]


def test_a_thing_the_player_picked_is_never_given_way(page: Page) -> None:
    page.click("[data-thing='die:3']")
    page.click("[data-thing='hand:a']")
    assert _picked(page) == ["die:1", "die:3", "hand:a"] and _confirm(page) == 11  # the page added die 1
    page.click("[data-thing='die:2']")
    # die 1 (the page's pick) gives way, die 3 (the player's) stays: the only move left is played
    assert page.evaluate("() => sent") == [12]
