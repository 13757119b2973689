"""The lobby in Chromium: a game against the computer in one click for every game, a chosen seat, Continue on
your own running game, field errors shown by their field and cleared when fixed, the Duel first, German labels."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.server.live import LiveServer

from .pages import open_lobby


def _lobby(browser: Browser, server: LiveServer) -> tuple[Page, list[str]]:
    """The lobby once drawn whole (its lists come last)."""
    page, errors = open_lobby(browser, server.url)
    page.wait_for_selector("#finished li")
    return page, errors


def _game_of(page: Page, server: LiveServer) -> tuple[dict[str, Any], dict[str, Any]]:
    """The game the page opened (its summary) and the view of the seat whose token is in the page's address."""
    page.wait_for_url(lambda url: "/game/" in url and "#t=" in url, timeout=15_000)
    game_id, token = page.url.split("/game/")[1].split("#t=")
    return server.api("GET", f"/api/games/{game_id}"), server.api("GET", f"/api/games/{game_id}/view", token=token)


def test_one_click_plays_every_game_against_the_computer(browser: Browser, server: LiveServer) -> None:
    page, errors = _lobby(browser, server)
    names = page.locator(".gamecard").evaluate_all("cards => cards.map(c => c.dataset.game)")
    assert names[0] == "duel" and set(names) == {"duel", "alewar", "spring"}
    assert page.locator("#game").input_value() == "duel"  # the new-game form starts with the Duel too
    for name in names:
        page.goto(server.url + "/")
        page.locator(f'.gamecard[data-game="{name}"] button.vs-bots').click()  # the one click
        game, mine = _game_of(page, server)
        assert game["game"] == name and mine["seat"] == 0
        bots = [s for s in game["seats"] if s["seat"] != 0]
        assert bots and all(s["kind"] == "bot" and s["level"] == "normal" for s in bots)  # the default level
        if name == "spring":
            assert len(game["seats"]) == 4  # me against three bots with no change at all
        expect(page.locator("#board")).not_to_be_empty(timeout=15_000)
    assert not errors


def test_the_chosen_level_and_seat_are_the_ones_played(browser: Browser, server: LiveServer) -> None:
    page, errors = _lobby(browser, server)
    card = page.locator('.gamecard[data-game="spring"]')
    card.locator("select.quick-players").select_option("3")
    card.locator("select.quick-seat").select_option("2")
    page.select_option("#quick-level", "easy")
    card.locator("button.vs-bots").click()
    game, mine = _game_of(page, server)
    assert mine["seat"] == 2 and len(game["seats"]) == 3
    assert [s["level"] for s in game["seats"]] == ["easy", "easy", None]
    expect(page.locator("#seats li[data-seat='0']")).to_contain_text("Bot: easy")  # the level, not the agent
    # the new-game form: "you" at any seat
    page.goto(server.url + "/")
    page.select_option("#game", "duel")
    page.select_option("#seat0", "bot:easy")
    page.select_option("#seat1", "me")
    page.click("#create-btn")
    game, mine = _game_of(page, server)
    assert mine["seat"] == 1 and game["seats"][0]["kind"] == "bot"
    assert not errors


def test_my_running_game_offers_continue_and_others_watch(browser: Browser, server: LiveServer) -> None:
    page, errors = _lobby(browser, server)
    page.locator('.gamecard[data-game="duel"] button.vs-bots').click()
    game, _mine = _game_of(page, server)
    token = page.url.split("#t=")[1]
    page.goto(server.url + "/")
    page.wait_for_selector("#finished li")
    row = page.locator(f'#playing li.gamerow[data-id="{game["id"]}"]')
    expect(row.locator("a.continue")).to_have_attribute("href", f"/game/{game['id']}#t={token}")
    expect(row.locator("a.watch")).to_have_count(0)
    other = browser.new_context().new_page()  # another visitor, with no key of their own
    other.goto(server.url + "/")
    other.wait_for_selector("#finished li")
    row = other.locator(f'#playing li.gamerow[data-id="{game["id"]}"]')
    expect(row.locator("a.watch")).to_have_count(1)
    expect(row.locator("a.continue")).to_have_count(0)
    other.context.close()
    assert not errors


def test_a_field_error_names_its_field_and_clears_when_fixed(browser: Browser, server: LiveServer) -> None:
    page, errors = _lobby(browser, server)
    page.select_option("#game", "spring")
    page.locator("#options summary").click()
    eras = page.locator("[data-option=eras]")
    eras.fill("9")
    expect(page.locator("#err-eras")).to_be_visible()
    expect(page.locator("#err-eras")).to_contain_text("1")
    expect(eras).to_have_attribute("aria-invalid", "true")
    page.click("#create-btn")  # refused in the page: nothing is created
    assert page.url.rstrip("/") == server.url
    eras.fill("3")
    expect(page.locator("#err-eras")).to_be_hidden()
    expect(eras).to_have_attribute("aria-invalid", "false")
    # a refusal by the server lands at its field too, and goes when the field changes
    page.select_option("#seat1", "expert")
    page.fill("#spec1", "ismcts:wobble=1")
    page.click("#create-btn")
    expect(page.locator("#err-seat1")).to_contain_text("wobble")
    page.select_option("#seat1", "bot:easy")
    expect(page.locator("#err-seat1")).to_be_hidden()
    page.fill("#clock", "5")
    expect(page.locator("#err-clock")).to_be_visible()
    page.fill("#clock", "")
    expect(page.locator("#err-clock")).to_be_hidden()
    assert not errors


def test_the_german_lobby_names_options_and_statuses_in_german(browser: Browser, server: LiveServer) -> None:
    page, errors = _lobby(browser, server)
    page.click(".langs button[data-lang=de]")
    expect(page.locator(".gamecard button.vs-bots").first).to_have_text("Gegen den Computer spielen")
    page.select_option("#game", "duel")
    page.locator("#options summary").click()
    expect(page.locator("#options")).to_contain_text("Deck von Spieler 0")
    assert "seat0_side" not in page.locator("#options").inner_text()
    page.locator('.gamecard[data-game="duel"] button.vs-bots').click()
    _game_of(page, server)
    page.goto(server.url + "/me")
    expect(page.locator("#mine li").first).to_contain_text("läuft")
    assert not errors


def test_my_games_lists_the_games_waiting_for_me_first(browser: Browser, server: LiveServer) -> None:
    key = server.api("POST", "/api/players")["key"]
    two = [{"kind": "person"}, {"kind": "person"}]
    ids = {}
    for first in ("0", "1"):  # the game waiting for me is the older one, so newest-first alone would list it last
        body = {"game": "duel", "seats": two, "player": key, "options": {"first_player": first}}
        g = server.api("POST", "/api/games", body)
        ids[first] = g["id"]
    assert server.api("GET", f"/api/games/{ids['0']}")["to_act"] == 0
    assert server.api("GET", f"/api/games/{ids['1']}")["to_act"] == 1
    page, errors = open_lobby(browser, server.url)
    page.goto(f"{server.url}/me#k={key}")
    rows = page.locator("#mine li")
    expect(rows).to_have_count(2)
    assert rows.nth(0).get_attribute("data-id") == ids["0"] and "waiting" in (rows.nth(0).get_attribute("class") or "")
    assert rows.nth(1).get_attribute("data-id") == ids["1"]
    expect(rows.nth(0)).to_contain_text("your turn")
    assert not errors
