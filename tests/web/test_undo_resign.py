"""Undo and Resign on the page in Chromium: the Undo button appears only when the server allows it and takes
the move back; Resign asks first and ends the game; the window preferences are listed with the game's texts."""

from __future__ import annotations

import time

from playwright.sync_api import Browser, expect

from tests.server.live import LiveServer

from .pages import open_lobby, version, wait_ready

TWO_PEOPLE = [{"kind": "person"}, {"kind": "person"}]


def test_undo_appears_when_allowed_and_takes_the_move_back_then_resign_ends_the_game(
    browser: Browser, server: LiveServer
) -> None:
    g = server.api("POST", "/api/games", {"game": "alewar", "seats": TWO_PEOPLE})
    first = server.api("GET", f"/api/games/{g['id']}/view")["to_act"]
    token = g["seats"][first]["token"]
    page, errors = open_lobby(browser, server.url)
    page.goto(f"{server.url}/game/{g['id']}#t={token}")
    wait_ready(page)
    expect(page.locator("#undo")).to_have_count(0)  # nothing to take back yet
    page.locator("#moves button.move", has_text="Dwarves").first.click()  # choosing a side: no chance, no secret
    page.wait_for_function("() => document.body.dataset.version === '1'")
    expect(page.locator("#undo")).to_be_visible()
    page.click("#undo")
    page.wait_for_function("() => document.body.dataset.version === '0'")
    expect(page.locator("#undo")).to_have_count(0)
    assert version(page) == 0
    page.once("dialog", lambda dialog: dialog.dismiss())  # the confirmation refused: the game goes on
    page.click("#resign")
    expect(page.locator("#end")).to_be_hidden()
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#resign")
    expect(page.locator("#ending")).to_contain_text(f"Player {first} gave up.")
    expect(page.locator("#end")).to_be_visible()
    assert server.api("GET", f"/api/games/{g['id']}/view")["ending"] == f"resigned:{first}"
    assert not errors


def test_the_duel_lists_its_kinds_of_window_with_the_defaults_set_on_the_first_visit(
    browser: Browser, server: LiveServer
) -> None:
    g = server.api("POST", "/api/games", {"game": "duel", "seats": TWO_PEOPLE})
    page, errors = open_lobby(browser, server.url)
    page.goto(f"{server.url}/game/{g['id']}#t={g['token']}")
    page.wait_for_selector("#windows summary")
    page.click("#windows summary")
    ally = page.locator("#windows input[value=ally]")
    expect(ally).to_be_checked()  # the page set the game's defaults on this first visit
    expect(page.locator("#windows input[value=damage]")).not_to_be_checked()
    expect(page.locator("#windows")).to_contain_text("when the opponent plays an Ally")
    page.locator("#windows input[value=damage]").check()
    asked: list[str] = []
    for _ in range(100):  # the choice reaches the server
        seen = server.api("GET", f"/api/games/{g['id']}/view", token=g["token"])
        asked = [k["kind"] for k in seen["windows"]["kinds"] if k["ask"]]
        if "damage" in asked:
            break
        time.sleep(0.05)
    assert asked == ["ally", "damage", "unknown"]
    assert not errors
