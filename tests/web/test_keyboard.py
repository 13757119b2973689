"""The game page by keyboard only: Tab to a thing on the board and Enter or Space, or a digit for a listed move;
after a move made on the board the focus comes back to the board once the player decides again."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from tests.server.live import LiveServer

from .pages import is_over, open_lobby, version, wait_ready

FOCUSED_ON_BOARD = "() => !!document.activeElement && !!document.activeElement.closest('#board [data-action]')"
FOCUS_KEPT = "() => !!document.activeElement && !!document.activeElement.closest('#board [data-action], #moves button')"
FOCUSED_CHOICE = "() => !!document.activeElement && !!document.activeElement.closest('#choose button.move')"


def _tab_to_the_board(page: Page) -> bool:
    """Tabs on until a thing on the board that carries moves has the focus (it may have it already)."""
    if page.evaluate(FOCUSED_ON_BOARD):
        return True
    for _ in range(150):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED_ON_BOARD):
            return True
    return False


def _moved(page: Page, before: int) -> None:
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=20_000)


def test_a_duel_played_by_keyboard_only(browser: Browser, server: LiveServer) -> None:
    page, errors = open_lobby(browser, server.url)
    page.select_option("#game", "duel")
    page.select_option("#seat1", "bot:easy")
    page.locator("#create-btn").focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/game/*#t=*")
    by_board = by_digit = kept = 0
    last_on_board = False
    for turn in range(60):  # until enough moves of each kind were made (some decisions offer nothing on the board)
        wait_ready(page)
        if is_over(page) or min(by_board, by_digit, kept) >= 3:
            break
        if last_on_board:  # the focus came back to the board or the moves: no need to tab from the top again
            page.wait_for_function(FOCUS_KEPT, timeout=5_000)
            kept += 1
        before = version(page)
        last_on_board = False
        if turn % 3 != 2 and _tab_to_the_board(page):
            page.keyboard.press("Enter" if turn % 2 == 0 else " ")
            if page.evaluate(FOCUSED_CHOICE):  # several moves act on that thing: the first choice has the focus
                page.keyboard.press("Enter")
            by_board += 1
            last_on_board = True
        else:
            count = page.locator("#moves > li > button.move").count()  # the digits play the top-level moves
            checkbox = page.locator("#autopass-mine")
            if turn % 2 and checkbox.count():  # a focused checkbox (auto-pass) must not swallow the digit
                checkbox.first.focus()
            page.keyboard.press(str(min(count, 1 + turn % 3)))
            if page.locator("#confirm-move[open]").count():  # ending a turn with moves left asks; Yes has the focus
                page.keyboard.press("Enter")
            by_digit += 1
        _moved(page, before)
    assert by_board >= 3 and by_digit >= 3 and kept >= 3, (by_board, by_digit, kept)
    if page.locator("#toggle-passes").count():  # passes are folded away until shown
        page.click("#toggle-passes")
    assert page.evaluate("() => document.querySelectorAll('#log li').length === Number(document.body.dataset.version)")
    assert not errors
