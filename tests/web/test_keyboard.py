"""The game page by keyboard only: Tab to a thing on the board and Enter or Space, or a digit for a listed move."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from tests.server.live import LiveServer

from .pages import is_over, version, wait_ready

FOCUSED_ON_BOARD = "() => !!document.activeElement && !!document.activeElement.closest('#board [data-action]')"
FOCUSED_CHOICE = "() => !!document.activeElement && !!document.activeElement.closest('#choose button.move')"


def _tab_to_the_board(page: Page) -> bool:
    """Tabs from the top of the page until a thing on the board that carries moves has the focus."""
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED_ON_BOARD):
            return True
    return False


def _moved(page: Page, before: int) -> None:
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=20_000)


def test_a_duel_played_by_keyboard_only(browser: Browser, server: LiveServer) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.select_option("#game", "duel")
    page.select_option("#seat1", "bot:easy")
    page.locator("#create-btn").focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/game/*#t=*")
    by_board = by_digit = 0
    for turn in range(12):
        wait_ready(page)
        if is_over(page):
            break
        before = version(page)
        if turn % 2 == 0 and _tab_to_the_board(page):
            page.keyboard.press("Enter" if turn % 4 == 0 else " ")
            if page.evaluate(FOCUSED_CHOICE):  # several moves act on that thing: the first choice has the focus
                page.keyboard.press("Enter")
            by_board += 1
        else:
            count = page.locator("#moves button.move").count()
            page.keyboard.press(str(min(count, 1 + turn % 3)))
            by_digit += 1
        _moved(page, before)
    assert by_board >= 3 and by_digit >= 3
    assert page.locator("#log li").count() == version(page)
    assert not errors
