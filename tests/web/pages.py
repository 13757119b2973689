"""Driving the game page as a person does: wait for a decision, click a thing on the board or a listed move."""

from __future__ import annotations

import random

from playwright.sync_api import Browser, Locator, Page, expect

READY = """() => {
  const over = document.querySelector('#end') && !document.querySelector('#end').hidden;
  return over || document.querySelector('#moves button.move') !== null;
}"""


def open_lobby(browser: Browser, url: str) -> tuple[Page, list[str]]:
    """A desktop-sized page on the lobby, and the list that collects the page's script errors."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url + "/")
    return page, errors


def version(page: Page) -> int:
    return int(page.evaluate("() => Number(document.body.dataset.version || -1)"))


def is_over(page: Page) -> bool:
    return bool(page.evaluate("() => !!document.querySelector('#end') && !document.querySelector('#end').hidden"))


def my_turn(page: Page) -> bool:
    return page.locator("#moves button.move").count() > 0


def wait_ready(page: Page, timeout: float = 20_000) -> None:
    page.wait_for_function(READY, timeout=timeout)


def open_moves(page: Page) -> None:
    """On a narrow screen the move bar is folded to one line: open it, as a person taps it."""
    fold = page.locator("#movebar.folded .movebar-fold")
    if fold.is_visible():
        fold.click()


def open_groups(button: Locator) -> None:
    """Opens the folded groups of the move list that hold `button`, outermost first, as a person clicks them."""
    count = int(button.evaluate("(b) => { let n = 0; for (let d = b.closest('details'); d; "
                                "d = d.parentElement.closest('details')) n++; return n; }"))
    for depth in range(count, 0, -1):
        summary = button.locator(f"xpath=ancestor::details[{depth}]/summary")
        if not summary.evaluate("(s) => s.parentElement.open"):
            summary.click()


def pointer_away(page: Page) -> None:
    """The mouse moved off the board, as a person's hand leaves the thing it clicked: a help popup that opened
    while it rested there closes (Playwright's mouse jumps, and could land on the popup, which keeps it open)."""
    page.mouse.move(0, 0)
    expect(page.locator("#help-pop")).to_be_hidden()


def click_a_move(page: Page, rng: random.Random) -> None:
    """Clicks a thing on the board that carries moves (half of the time, when there is one), else a listed move."""
    before = version(page)
    pointer_away(page)
    things = page.locator("#board [data-action]")
    if things.count() and rng.random() < 0.5:
        things.nth(rng.randrange(things.count())).click()
        pointer_away(page)
        choices = page.locator("#choose button.move")
        if choices.count():
            choices.nth(rng.randrange(choices.count())).click()
    else:
        open_moves(page)
        buttons = page.locator("#moves button.move")
        button = buttons.nth(rng.randrange(buttons.count()))
        open_groups(button)
        button.click()
    if page.locator("#confirm-move[open]").count():  # ending a turn with moves left asks first
        page.click("#confirm-yes")
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=20_000)
