"""Dwar7s Spring in Chromium: a four-player game made in the lobby (one person, three `easy` bots) in which the
person plays by clicking places of the map, spots of the board and cards, and the log tells the outcomes; the
same page on a phone-sized screen does not overflow sideways."""

from __future__ import annotations

import random

from playwright.sync_api import Browser, Page, expect

from tests.server.live import LiveServer

from .pages import open_groups, open_lobby, version, wait_ready

ON_THE_MAP = "#board .spring-map [data-action]"
ON_THE_BOARD = "#board .sboard [data-action], #board .scard[data-action], #board .sp-loose[data-action]"


def _click_on_the_table(page: Page, rng: random.Random) -> str:
    """Clicks a thing on the table that carries moves (a listed move only when there is none); says where."""
    before = version(page)
    on_map, on_board = page.locator(ON_THE_MAP), page.locator(ON_THE_BOARD)
    if on_map.count() or on_board.count():
        where = "board" if on_board.count() and (rng.random() < 0.6 or not on_map.count()) else "map"
        things = on_board if where == "board" else on_map
        things.nth(rng.randrange(things.count())).click()
        choices = page.locator("#choose button.move")
        if choices.count():
            choices.nth(rng.randrange(choices.count())).click()
    else:
        where = "list"
        buttons = page.locator("#moves button.move")
        button = buttons.nth(rng.randrange(buttons.count()))
        open_groups(button)  # the list folds what is beyond its top-level dozen
        button.click()
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=20_000)
    return where


def test_a_four_player_spring_game_played_by_clicks_on_the_map_and_board(browser: Browser, server: LiveServer) -> None:
    page, errors = open_lobby(browser, server.url)
    page.select_option("#game", "spring")
    page.select_option("#players", "3")
    assert page.locator("#seats select[data-seat]").count() == 3
    page.select_option("#players", "4")
    for seat in (1, 2, 3):
        page.select_option(f"#seat{seat}", "bot:easy")
    page.click("#create-btn")
    page.wait_for_url("**/game/*#t=*")
    rng = random.Random(5)
    places = []
    for _ in range(14):
        wait_ready(page)
        places.append(_click_on_the_table(page, rng))
    assert places.count("map") >= 2 and "board" in places  # settlements on the map, then board or card moves
    expect(page.locator("#board .sboard")).to_have_count(4)
    expect(page.locator("#seats li")).to_have_count(4)
    assert page.locator("#log .outcome").count() > 0  # e.g. what a settlement or a gathering brought
    assert page.evaluate("() => document.querySelectorAll('#log li').length === Number(document.body.dataset.version)")
    assert not errors
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.goto(page.url)
    wait_ready(phone)
    phone.click("[data-lang=de]")
    expect(phone.locator(".spring-status")).to_contain_text("Ära")
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
