"""The end of a game in Chromium: one click on Rematch opens the new game; the lobby's Join takes only open seats;
every page has its icon."""

from __future__ import annotations

import random

from playwright.sync_api import Browser, expect

from tests.server.live import LiveServer

from .pages import click_a_move, is_over, open_lobby, wait_ready

PERSON_AND_BOT = [{"kind": "person"}, {"kind": "bot", "bot": "easy"}]


def test_one_click_on_rematch_opens_the_new_game(browser: Browser, server: LiveServer) -> None:
    g = server.api("POST", "/api/games", {"game": "alewar", "seats": PERSON_AND_BOT, "options": {"turn_limit": 4}})
    page, errors = open_lobby(browser, server.url)
    page.goto(f"{server.url}/game/{g['id']}#t={g['token']}")
    rng = random.Random(2)
    for _ in range(400):
        wait_ready(page)
        if is_over(page):
            break
        click_a_move(page, rng)
    assert is_over(page)
    page.click("#rematch")  # one click
    page.wait_for_url(lambda url: f"/game/{g['id']}" not in url and "#t=" in url, timeout=10_000)
    new_id = page.url.split("/game/")[1].split("#")[0]
    rematch = server.api("GET", f"/api/games/{new_id}")
    assert rematch["status"] == "playing" and rematch["id"] != g["id"]
    wait_ready(page)
    assert not is_over(page)  # the page shows the new game, not the old one's end
    assert not errors


def test_join_is_offered_for_open_seats_only_and_the_icon_is_served(browser: Browser, server: LiveServer) -> None:
    invited = server.api("POST", "/api/games", {"game": "duel", "seats": [{"kind": "person"}, {"kind": "person"}]})
    opened = server.api(
        "POST", "/api/games", {"game": "duel", "seats": [{"kind": "person"}, {"kind": "person", "open": True}]}
    )
    page, errors = open_lobby(browser, server.url)
    rows = page.locator("#playing li.gamerow")
    expect(rows).to_have_count(2)
    expect(rows.filter(has_text=f"#{invited['id']}").locator("button.join")).to_have_count(0)
    expect(rows.filter(has_text=f"#{opened['id']}").locator("button.join")).to_have_count(1)
    rows.filter(has_text=f"#{opened['id']}").locator("button.join").click()
    page.wait_for_url(f"**/game/{opened['id']}#t=*")
    assert page.url.endswith(opened["seats"][1]["token"])
    icon = page.request.get(server.url + "/favicon.ico")
    assert icon.status == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert not errors
