"""The table in Chromium: a whole Duel against the computer played by clicking the things on the board (the card,
then the dice, or the dice first; an Ally's die, then its target), the move list used only for its top-level
buttons that no thing stands for (pass, end the turn, roll, keep, draw); and the help of a card, a die and a pile
reached by hover, by keyboard focus and by a long press on a phone."""

from __future__ import annotations

import random
import time
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.server.live import LiveServer

from .pages import is_over, version, wait_ready

VS_BOT = [{"kind": "person"}, {"kind": "bot", "bot": "easy"}]
# a card in hand played with a payment (dice or Wild Cards); a Twist of Fate aimed at a card names two things too
PAID = "(m) => m.things && m.things[0].startsWith('hand:') && m.things.length > 1 && (m.preview || '').includes('pays')"
MOVES = "() => current && current.version === Number(document.body.dataset.version) ? current.moves : []"


def _new_duel(browser: Browser, server: LiveServer, **context: Any) -> tuple[Page, list[str], str]:
    g = server.api("POST", "/api/games", {"game": "duel", "seats": VS_BOT, "options": {"first_player": "0"}})
    page = browser.new_context(**(context or {"viewport": {"width": 1280, "height": 900}})).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/game/{g['id']}#t={g['token']}")
    return page, errors, g["id"]


def _moved(page: Page, before: int) -> None:
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=20_000)


def _top_level_button(page: Page, move_id: int) -> int:
    """Clicks a top-level move button, and Yes when the page asks first; the clicks it took."""
    button = page.locator(f"#moves > li > button.move[data-id='{move_id}']")
    assert button.count() == 1, f"move {move_id} is not a top-level button"
    fold = page.locator("#movebar.folded .movebar-fold")
    if fold.count() and fold.is_visible():  # a phone: the move bar is folded to one line until opened
        fold.click()
    button.click()
    if page.locator("#confirm-move[open]").count():
        page.click("#confirm-yes")
        return 2
    return 1


def _by_things(page: Page, move: dict[str, Any], dice_first: bool) -> int:
    """Picks a move's things on the board (and confirms the pick the page offers); the clicks it took."""
    keys = list(move["things"])
    if dice_first and len(keys) > 1:
        keys = keys[1:] + keys[:1]
    before = version(page)
    clicks = 0
    for key in keys:
        node = page.locator(f"#board [data-thing='{key}']:not(.thing-picked)").first
        if not node.count():
            break  # the page picked it already (the cheapest payment)
        node.click()
        clicks += 1
        if version(page) > before or page.evaluate("() => pending !== null"):
            return clicks
        if page.locator("#pick-confirm").count() and not dice_first:
            break  # the card was picked and its cheapest payment preselected
    if page.locator("#pick-confirm").count():
        page.click("#pick-confirm")
        clicks += 1
    return clicks


def test_a_full_duel_against_the_computer_by_clicking_things(browser: Browser, server: LiveServer) -> None:
    page, errors, _ = _new_duel(browser, server)
    rng = random.Random(4)
    clicks = decisions = by_things = 0
    start = time.monotonic()
    while True:
        wait_ready(page)
        if is_over(page):
            break
        moves = page.evaluate(MOVES)
        if not moves:
            page.wait_for_timeout(20)
            continue
        assert time.monotonic() - start < 240, "the game did not end in time"
        before = version(page)
        with_things = [m for m in moves if m.get("things")]
        buttons = [m for m in moves if not m.get("things")]
        # every move is either picked on the board or a top-level button
        assert all(not m.get("group") for m in buttons), buttons
        decisions += 1
        if with_things and (not buttons or rng.random() < 0.85):
            move = rng.choice(with_things)
            clicks += _by_things(page, move, dice_first=rng.random() < 0.5)
            by_things += 1
        else:
            order = {"roll": 0, "keep_dice": 1, "draw": 2, "pass": 3, "end_turn": 4}
            labels = {m["id"]: m for m in buttons}
            pick = min(buttons, key=lambda m: order.get(_kind(m, labels), 5))
            clicks += _top_level_button(page, pick["id"])
        _moved(page, before)
    elapsed = time.monotonic() - start
    print(f"\nfull Duel by things: {decisions} decisions, {clicks} clicks, {by_things} by things, {elapsed:.0f} s")
    assert by_things > 10 and clicks >= decisions
    expect(page.locator("#outcome")).to_contain_text("Player 0")
    assert not errors


def _kind(move: dict[str, Any], _: dict[int, Any]) -> str:
    """The kind of a top-level move from its id (the Duel's fixed ids: layout.py)."""
    return {0: "pass", 1: "end_turn", 2: "roll", 3: "keep_dice", 4: "draw", 5: "draw"}.get(move["id"], "other")


def _until_my_card_phase(page: Page) -> None:
    """Plays top-level buttons (roll, keep, draw, pass) until the page offers a card in hand to pick."""
    for _ in range(40):
        wait_ready(page)
        if page.locator("#board .hand [data-thing][data-help]").count() and page.evaluate(
            "() => current.moves.some(" + PAID + ")"
        ):
            return
        moves = page.evaluate(MOVES)
        if not moves:
            page.wait_for_timeout(30)
            continue
        before = version(page)
        plain = [m for m in moves if not m.get("things")]
        if plain:
            _top_level_button(page, min(plain, key=lambda m: m["id"] == 1)["id"])  # end the turn last
        else:
            _by_things(page, moves[0], dice_first=False)
        _moved(page, before)
    raise AssertionError("no card to pay for came up")


def test_a_payment_is_chosen_card_first_with_the_cheapest_preselected(browser: Browser, server: LiveServer) -> None:
    page, errors, _ = _new_duel(browser, server)
    _until_my_card_phase(page)
    card = page.evaluate(
        "() => current.moves.find(" + PAID + ").things[0]"
    )
    node = page.locator(f"#board [data-thing='{card}']").first
    node.click()
    expect(node).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#pick-confirm")).to_be_visible()
    picked = page.locator("#board .thing-picked")
    assert picked.count() >= 2  # the card and the dice (or Wild Card) that pay for it
    chosen = page.evaluate("() => Number(document.getElementById('pick-confirm').dataset.id)")
    move = next(m for m in page.evaluate(MOVES) if m["id"] == chosen)
    assert move["things"][0] == card and "pays" in move["preview"]
    page.click("#pick-clear")
    expect(page.locator("#board .thing-picked")).to_have_count(0)
    # another way to pay: the card, then a thing the page did not pick; the preselected ones give way to it
    node.click()
    expect(page.locator("#pick-confirm")).to_be_visible()
    # a thing of another kind than the picked ones (another die of the same face would pay the same way)
    other_key = page.evaluate(
        "() => { const picked = new Set([...document.querySelectorAll('#board .thing-picked')]"
        ".map((n) => n.dataset.thing));"
        " const n = [...document.querySelectorAll('#board .thing-open:not(.thing-picked)')]"
        ".find((x) => !picked.has(x.dataset.thing)); return n ? n.dataset.thing : null; }"
    )
    if other_key is not None:
        before = version(page)
        page.locator(f"#board .thing-open:not(.thing-picked)[data-thing='{other_key}']").first.click()
        # the move is played (it was the only one left) or the payment is finished again around the new pick:
        # the confirm button offers another move, one that spends the thing clicked
        page.wait_for_function(
            f"() => Number(document.body.dataset.version) > {before} || pending !== null || "
            "(!!document.getElementById('pick-confirm') && "
            f"Number(document.getElementById('pick-confirm').dataset.id) !== {chosen})"
        )
        if version(page) == before and page.locator("#pick-confirm").count():
            offered = page.evaluate("() => Number(document.getElementById('pick-confirm').dataset.id)")
            again = next(m for m in page.evaluate(MOVES) if m["id"] == offered)
            assert again["things"][0] == card and other_key in again["things"]
    assert not errors


def _help_shown_for(page: Page, node_selector: str) -> None:
    pop = page.locator("#help-pop")
    expect(pop).to_be_visible()
    text = page.locator(node_selector).first.get_attribute("data-help") or ""
    expect(pop.locator(".help-text")).to_have_text(text)


# the board drawn again while a thing's help is open (as when a message arrives): in the same moment, is the new
# drawing's thing the one the open popup describes?
REDRAWN = """(sel) => {
  document.querySelector(sel).dataset.probe = "1";
  draw();
  const n = document.querySelector(sel);
  const pop = document.getElementById("help-pop");
  return { fresh: n.dataset.probe === undefined, described: n.getAttribute("aria-describedby"),
           shown: !!pop && pop.isConnected && !pop.hidden };
}"""

POINTER_ELSEWHERE = """() => document.querySelector("header, h1, body").dispatchEvent(
  new PointerEvent("pointermove", { pointerType: "mouse", bubbles: true }))"""

CLICKED_REDRAWN_HOVERED = """(sel) => {
  document.querySelector(sel).dispatchEvent(new PointerEvent("pointerdown", { pointerType: "mouse", bubbles: true }));
  draw();
  document.querySelector(sel).dispatchEvent(new PointerEvent("pointerover", { pointerType: "mouse", bubbles: true }));
}"""


def test_help_by_hover_by_keyboard_and_the_rules_link(browser: Browser, server: LiveServer) -> None:
    page, errors, _ = _new_duel(browser, server)
    wait_ready(page)
    pile = "#board .pile[data-pile='0']"
    page.hover(pile)
    _help_shown_for(page, pile)
    assert page.locator(pile).get_attribute("aria-describedby") == "help-pop"
    # the board drawn again while the help is open (a message arrived): the help stays with the new drawing's pile
    redrawn = page.evaluate(REDRAWN, pile)
    assert redrawn == {"fresh": True, "described": "help-pop", "shown": True}  # at once, not on the next hover
    _help_shown_for(page, pile)
    page.mouse.move(5, 5)
    expect(page.locator("#help-pop")).to_be_hidden()
    # the browser may send the redrawn pile no pointerout (the pointer never entered it): a move elsewhere closes it
    page.hover(pile)
    _help_shown_for(page, pile)
    page.evaluate(REDRAWN, pile)
    page.evaluate(POINTER_ELSEWHERE)
    expect(page.locator("#help-pop")).to_be_hidden()
    # a thing just clicked stays quiet when the board is drawn again under the resting pointer
    page.evaluate(CLICKED_REDRAWN_HOVERED, pile)
    page.wait_for_timeout(600)
    expect(page.locator("#help-pop")).to_be_hidden()
    # keyboard: Tab until a thing with help has the focus; its help shows, Escape closes it
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement.closest('#board [data-help]')"):
            break
    focused = page.evaluate("() => document.activeElement.dataset.help")
    expect(page.locator("#help-pop")).to_be_visible()
    expect(page.locator("#help-pop .help-text")).to_have_text(focused)
    page.keyboard.press("Escape")
    expect(page.locator("#help-pop")).to_be_hidden()
    # the rules link opens "How to play" at the section, inside the page
    page.hover("#board .dcard[data-help]")
    expect(page.locator("#help-pop .help-link")).to_be_visible()
    section = page.locator("#help-pop .help-link").get_attribute("data-section")
    expect(page.locator("#help-pop .help-link")).not_to_have_text("How to play")  # the section's own title
    page.click("#help-pop .help-link")
    expect(page.locator("#rules-dialog")).to_be_visible()
    expect(page.locator(f"#rules-dialog #rules-{section}")).to_be_in_viewport()
    assert "/game/" in page.url
    assert not errors


def test_help_by_a_long_press_on_a_phone_never_covers_the_thing(browser: Browser, server: LiveServer) -> None:
    page, errors, _ = _new_duel(browser, server, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    _until_my_card_phase(page)
    before = version(page)
    key = page.evaluate(
        "() => current.moves.find(" + PAID + ").things[0]"
    )
    card = page.locator(f"#board [data-thing='{key}']").first
    card.evaluate("(n) => n.scrollIntoView({ block: 'center' })")  # clear of the move bar fixed at the bottom
    box = card.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    page.wait_for_timeout(700)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    pop = page.locator("#help-pop")
    expect(pop).to_be_visible()
    expect(pop.locator(".help-text")).to_have_text(card.get_attribute("data-help") or "")
    # the long press picked nothing and played nothing
    expect(card).to_have_attribute("aria-pressed", "false")
    assert version(page) == before
    popup = pop.bounding_box()
    assert popup is not None
    overlap_x = min(box["x"] + box["width"], popup["x"] + popup["width"]) - max(box["x"], popup["x"])
    overlap_y = min(box["y"] + box["height"], popup["y"] + popup["height"]) - max(box["y"], popup["y"])
    assert overlap_x <= 0 or overlap_y <= 0, (box, popup)
    assert popup["x"] >= 0 and popup["x"] + popup["width"] <= 390
    # a plain tap still picks the card
    page.keyboard.press("Escape")
    card.tap()
    expect(card).to_have_attribute("aria-pressed", "true")
    assert not errors
