"""The page in Chromium: a full Duel against a bot by clicks (with a reload and a server restart on the way),
and Ale War between two people in two browsers joined by an invitation link, watched by a spectator."""

from __future__ import annotations

import random
import time

from playwright.sync_api import Browser, expect

from tests.server.live import LiveServer

from .pages import click_a_move, is_over, my_turn, open_lobby, version, wait_ready


def test_a_full_duel_against_a_bot_survives_a_reload_and_a_server_kill(browser: Browser, server: LiveServer) -> None:
    page, errors = open_lobby(browser, server.url)
    page.select_option("#game", "duel")
    page.select_option("#seat1", "bot:easy")
    page.click("#create-btn")
    page.wait_for_url("**/game/*#t=*")
    rng = random.Random(11)
    clicks = 0
    while True:
        wait_ready(page)
        if is_over(page):
            break
        click_a_move(page, rng)
        clicks += 1
        if clicks == 15:
            at = version(page)
            page.reload()
            wait_ready(page)
            assert version(page) >= at  # the page came back to the same game, by itself
        if clicks == 30:
            at = version(page)
            server.kill()
            expect(page.locator("#conn")).to_have_class("conn warn", timeout=10_000)
            server.start()
            expect(page.locator("#conn")).to_have_class("conn ok", timeout=20_000)
            wait_ready(page)
            assert version(page) >= at
    assert clicks > 40
    expect(page.locator("#outcome")).to_contain_text("Player 0")
    if page.locator("#toggle-passes").count():  # passes are folded away until shown
        page.click("#toggle-passes")
    assert page.locator("#log li").count() == version(page)
    assert not errors


def test_ale_war_between_two_browsers_by_invitation_with_a_spectator(browser: Browser, server: LiveServer) -> None:
    host = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    guest = browser.new_context(viewport={"width": 390, "height": 844}).new_page()  # a phone
    watcher = browser.new_context().new_page()
    host.goto(server.url + "/")
    host.select_option("#game", "alewar")
    host.select_option("#seat1", "person")
    host.locator("#options summary").click()
    host.fill("[data-option=turn_limit]", "10")
    host.click("#create-btn")
    invite = host.locator("input.invite").input_value()
    assert "#t=" in invite
    host.click("#go")
    guest.goto(invite)
    game_url = invite.split("#")[0]
    watcher.goto(game_url)
    guest.click("[data-lang=de]")
    rng = random.Random(3)
    moves = 0
    deadline = time.monotonic() + 120
    while not is_over(host):
        assert time.monotonic() < deadline, "the game did not end in time"
        mover = host if my_turn(host) else guest if my_turn(guest) else None
        if mover is None:
            host.wait_for_timeout(30)  # the other page has not drawn its decision yet
            continue
        click_a_move(mover, rng)
        moves += 1
    for page in (guest, watcher):
        page.wait_for_function(f"() => Number(document.body.dataset.version) === {version(host)}")
    assert moves == version(host) > 10
    expect(guest.locator(".alewar-status")).to_contain_text("Spielende")  # the guest switched to German
    expect(watcher.locator("#moves")).to_contain_text("watching")
    assert watcher.locator("#moves button.move").count() == 0
    # the host finds the game again under "my games"
    host.goto(server.url + "/me")
    expect(host.locator("#mine")).to_contain_text("Ale War")
