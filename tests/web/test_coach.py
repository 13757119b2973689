"""The coach in Chromium: a hint against the computer, and the review of a finished Duel with its marks, its
summary and a click that shows the reviewed position."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.server.live import LiveServer

from .pages import click_a_move, is_over, my_turn, open_lobby, wait_ready

TINY_BUDGET = ["--review-iters", "30", "--hint-iters", "30"]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path / "server.sqlite", tmp_path / "server.log", extra=TINY_BUDGET)
    live.start()
    yield live
    live.kill()


def test_a_hint_and_then_the_review_of_a_finished_duel(browser: Browser, server: LiveServer) -> None:
    seats = [{"kind": "person"}, {"kind": "bot", "bot": "random"}]
    g = server.api("POST", "/api/games", {"game": "duel", "seats": seats})
    page, errors = open_lobby(browser, server.url)
    page.goto(f"{server.url}/game/{g['id']}#t={g['token']}")
    rng = random.Random(4)
    hinted = False
    for _ in range(400):
        wait_ready(page)
        if is_over(page):
            break
        if not hinted and my_turn(page) and page.locator("#moves button.move").count() > 1:
            page.click("#hint")  # one person against the computer: hints are on without asking anyone
            expect(page.locator("#hint-moves li").first).to_be_visible(timeout=20_000)
            assert 1 <= page.locator("#hint-moves li").count() <= 3
            expect(page.locator("#hints-used")).to_contain_text("Player 0 (1)")
            hinted = True
        click_a_move(page, rng)
    assert hinted and is_over(page)
    page.click("#review-start")
    expect(page.locator("#review-list li").first).to_be_visible(timeout=60_000)
    expect(page.locator("#review-summary")).to_contain_text("Accuracy")
    assert page.locator("#review-list li .mark").count() > 0, "random moves against the search earn marks"
    expect(page.locator("#hints-used")).to_contain_text("Player 0 (1)")  # the finished page says hints were used
    expect(page.locator("#review-hints")).to_contain_text("Player 0 (1)")  # and so does the review
    line = page.locator("#review-list li").nth(1)
    move = int(line.get_attribute("data-move") or "-1")
    line.click()
    expect(page.locator("#replay-pos")).to_contain_text(f"{move} / ")
    page.click("[data-lang=de]")
    expect(page.locator("#review-summary")).to_contain_text("Genauigkeit")
    assert not errors


def test_two_people_both_allow_hints_before_either_gets_one(browser: Browser, server: LiveServer) -> None:
    g = server.api("POST", "/api/games", {"game": "duel", "seats": [{"kind": "person"}, {"kind": "person"}]})
    pages = []
    for s in g["seats"]:
        page, errors = open_lobby(browser, server.url)
        page.goto(f"{server.url}/game/{g['id']}#t={s['token']}")
        expect(page.locator("#hints")).to_be_visible()
        pages.append((page, errors))
    for page, _errors in pages:
        expect(page.locator("#hint")).to_have_count(0)  # off until every person allows them
    pages[0][0].click("#hints-allow")
    expect(pages[0][0].locator("#hints")).to_contain_text("1 / 2")
    pages[1][0].click("#hints-allow")
    for page, _errors in pages:
        expect(page.locator("#hint")).to_be_visible(timeout=10_000)  # the first one learns it by looking again
    assert all(not errors for _page, errors in pages)


def test_an_answer_cut_off_by_the_server_is_a_failed_request_not_an_empty_one(
    browser: Browser, server: LiveServer
) -> None:
    """A body that breaks off (the server went away while answering) gives no script error; the hints come back
    with the next answer that arrives whole."""
    seats = [{"kind": "person"}, {"kind": "bot", "bot": "random"}]
    g = server.api("POST", "/api/games", {"game": "duel", "seats": seats})
    page, errors = open_lobby(browser, server.url)
    hints = f"**/api/games/{g['id']}/hints"
    page.route(hints, lambda route: route.fulfill(status=200, content_type="application/json", body='{"on": tr'))
    page.goto(f"{server.url}/game/{g['id']}#t={g['token']}")
    wait_ready(page)
    page.wait_for_timeout(500)
    assert not errors
    expect(page.locator("#hint")).to_have_count(0)
    page.unroute(hints)
    rng = random.Random(2)
    for _ in range(40):  # the next decision of mine reads the hints again
        click_a_move(page, rng)
        wait_ready(page)
        if my_turn(page) and page.locator("#hint").count():
            break
    expect(page.locator("#hint")).to_be_visible()
    assert not errors
