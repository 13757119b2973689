"""A game's story in Chromium: the tab says "your turn", a short Ale War against a bot ends with a score sheet
whose totals are the game's scores, the turn slider and a click on a log line both jump the replay, and the log
is grouped by turns with who began said once; the sheet fits a phone's width."""

from __future__ import annotations

import random

from playwright.sync_api import Browser, Page, expect

from tests.server.live import LiveServer

from .pages import click_a_move, is_over, open_lobby, version, wait_ready

VS_BOT = [{"kind": "person", "host": True}, {"kind": "bot", "bot": "easy"}]


def _play_to_the_end(page: Page) -> None:
    rng = random.Random(4)
    saw_my_turn = False
    while True:
        wait_ready(page)
        if is_over(page):
            return
        title = page.title()
        icon = page.evaluate("() => document.querySelector('link[rel=icon]').getAttribute('href')")
        assert title.startswith("● Your turn") and icon == "/static/favicon-turn.svg"
        saw_my_turn = True
        click_a_move(page, rng)
        # the page may still be this seat's decision, or wait for the bot: then the title says nothing of a turn
        waiting, title = page.evaluate("() => [!document.querySelector('#moves button.move'), document.title]")
        if waiting and not is_over(page):
            assert not title.startswith("●"), title
    assert saw_my_turn


def test_score_sheet_slider_and_log_lines_after_a_short_ale_war(browser: Browser, server: LiveServer) -> None:
    g = server.api("POST", "/api/games", {"game": "alewar", "seats": VS_BOT, "options": {"turn_limit": 8}})
    page, errors = open_lobby(browser, server.url)
    page.goto(f"{server.url}/game/{g['id']}#t={g['token']}")
    wait_ready(page)
    expect(page.locator("#opening")).to_contain_text("Roll-off")  # who began and why, once, above the log
    _play_to_the_end(page)
    assert not page.title().startswith("●")  # over: nobody's turn
    seen = server.api("GET", f"/api/games/{g['id']}/view")
    sheet = page.locator("#score-sheet")
    expect(sheet).to_be_visible()
    expect(sheet.locator("tr[data-source=score_barrels] th")).to_have_text("Ale barrels destroyed (Dwarves)")
    totals = sheet.locator("tr.total td").all_inner_texts()
    assert [float(v) for v in totals] == seen["scores"]
    expect(page.locator("#decided")).to_contain_text(f"Decided by: {seen['score_sheet']['decided']}")
    # the log: one block per turn (the set-up first), every move inside one
    blocks = page.locator("#log details.turn-block")
    assert blocks.count() == seen["turn"] + 1
    expect(blocks.first.locator("summary")).to_contain_text("Set-up")
    assert page.locator("#log li").count() == version(page)
    # the slider jumps to the start of a turn
    page.locator("#turn-slider").fill("3")
    page.locator("#turn-slider").dispatch_event("change")
    turn_3 = server.api("GET", f"/api/games/{g['id']}/replay/turn/3")
    expect(page.locator("#replay-pos")).to_contain_text(f"Turn 3 / {seen['turn']} ({turn_3['move']} / ")
    # a click on a log line shows the game right after that move
    line = page.locator("#log details.turn-block").nth(2).locator("li.jump").first
    n = int(line.get_attribute("data-n") or 0)
    line.click()
    expect(page.locator("#replay-pos")).to_contain_text(f"({n} / ")
    expect(page.locator(f"#log li.here[data-n='{n}']")).to_have_count(1)
    # on a phone the sheet fits the screen's width (scripts/story_screenshots.py takes the pictures)
    page.set_viewport_size({"width": 390, "height": 844})
    expect(sheet).to_be_visible()
    assert page.evaluate("() => document.querySelector('#score-sheet').getBoundingClientRect().right") <= 390
    # "My games": the finished game names its outcome for this seat (a draw at the turn limit, or a winner)
    page.goto(f"{server.url}/me")
    row = page.locator(f"#mine li[data-id='{g['id']}']")
    expect(row).to_contain_text("finished")
    mine = "draw" if not seen["score_sheet"]["winners"] else "won" if 0 in seen["score_sheet"]["winners"] else "lost"
    expect(row).to_contain_text(f"you: {mine}")
    assert not errors


def test_german_sheet_and_the_switches_remembered_per_browser(browser: Browser, server: LiveServer) -> None:
    g = server.api("POST", "/api/games", {"game": "alewar", "seats": VS_BOT, "options": {"turn_limit": 2}})
    page, errors = open_lobby(browser, server.url)
    page.click("[data-lang=de]")
    page.goto(f"{server.url}/game/{g['id']}#t={g['token']}")
    wait_ready(page)
    expect(page.locator("#sound")).not_to_be_checked()  # off by default
    page.locator("#sound").check()
    page.reload()
    wait_ready(page)
    expect(page.locator("#sound")).to_be_checked()
    assert page.title().startswith("● Du bist am Zug")
    rng = random.Random(2)
    while not is_over(page):
        wait_ready(page)
        if not is_over(page):
            click_a_move(page, rng)
    expect(page.locator("#score-sheet tr.total th")).to_have_text("Summe")
    expect(page.locator("#decided")).to_contain_text("Entschieden durch:")
    assert not errors
