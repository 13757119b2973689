"""Learning in Chromium: the How to play dialog over a page, and The Duel's tutorial completed by following only
what the page highlights, then a real game against the computer."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.server.live import LiveServer

from .pages import open_lobby

WRONG = {"en": "Not this one", "de": "Nicht dieser Zug"}
WON = {"en": "you win the duel", "de": "du gewinnst das Duell"}


def test_the_rules_dialog_opens_over_the_lobby_in_both_languages(browser: Browser, server: LiveServer) -> None:
    page, errors = open_lobby(browser, server.url)
    page.click("#how-to-play")
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_be_visible()
    page.click("#rules-dialog .rules-tabs button[data-game=duel]")
    expect(dialog.locator("#rules-paying h2")).to_have_text("Paying with dice")
    assert dialog.locator(".rules-pictures .dcard").count() >= 5  # the game's own card drawings
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    page.evaluate("() => localStorage.setItem('dwarfhall-lang', 'de')")
    page.reload()
    page.click("#how-to-play")
    page.click("#rules-dialog .rules-tabs button[data-game=alewar]")
    expect(page.locator("#rules-attack h2")).to_have_text("Angreifen")
    assert not errors


@pytest.mark.parametrize(
    ("lang", "size"),
    [("en", {"width": 1280, "height": 900}), ("de", {"width": 390, "height": 844})],
    ids=["en", "de-phone"],
)
def test_the_duel_tutorial_is_completed_by_following_the_highlights(
    browser: Browser, server: LiveServer, lang: str, size: dict[str, int]
) -> None:
    page = browser.new_page(viewport=size)  # type: ignore[arg-type]
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.evaluate("(l) => localStorage.setItem('dwarfhall-lang', l)", lang)
    page.reload()
    page.click("#learn-to-play")
    page.click("a[data-tutorial='duel/basics']")
    page.wait_for_url("**/learn/duel/basics")
    wrong_tried = False
    clicks = 0
    while True:
        page.wait_for_selector(".learn-target")
        if page.locator("#play-real").count():
            break
        if not wrong_tried and page.locator("#board [data-action]:not(.learn-target)").count():
            page.locator("#board [data-action]:not(.learn-target)").first.click()  # a move the lesson does not want
            expect(page.locator("#learn-why")).to_contain_text(WRONG[lang])
            expect(page.locator("#learn-why")).to_contain_text("Bavragor")  # the step says why its move is better
            wrong_tried = True
        step = page.locator("#learn-say").inner_text()
        target = page.locator("#board .learn-target")
        (target.first if target.count() else page.locator(".learn-target").first).click()
        clicks += 1
        page.wait_for_function("(old) => document.querySelector('#learn-say').innerText !== old", arg=step)
    assert wrong_tried and clicks >= 5
    expect(page.locator("#learn-say")).to_contain_text(WON[lang])
    progress = page.evaluate("() => JSON.parse(localStorage.getItem('dwarfhall-learn'))")
    assert progress["duel/basics"]["done"] is True
    page.click("#play-real")
    page.wait_for_url("**/game/*#t=*")
    page.wait_for_selector("#board")
    assert not errors


def test_after_the_ale_war_lesson_the_game_goes_on_against_the_computer(browser: Browser, server: LiveServer) -> None:
    page, errors = open_lobby(browser, server.url)
    page.goto(server.url + "/learn/alewar/basics")
    while not page.locator("#play-on").count():
        page.wait_for_selector(".learn-target")
        if page.locator("#play-on").count():
            break
        step = page.locator("#learn-say").inner_text()
        target = page.locator("#board .learn-target")
        (target.first if target.count() else page.locator(".learn-target").first).click()
        page.wait_for_function("(old) => document.querySelector('#learn-say').innerText !== old", arg=step)
    page.click("#play-on")
    page.wait_for_selector("#log li")
    before = page.locator("#log li").count()
    page.locator("#moves button.move").first.click()
    page.wait_for_function("(n) => document.querySelectorAll('#log li').length > n", arg=before)
    page.reload()  # the game played on is kept in this browser
    page.wait_for_selector("#log li")
    assert page.evaluate("() => JSON.parse(localStorage.getItem('dwarfhall-learn'))['alewar/basics'].moves.length") == 1
    assert not errors
