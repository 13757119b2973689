"""A scripted learner: follows a tutorial in the browser by clicking only what the page highlights."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from playwright.sync_api import Page

LESSONS = ("duel/basics", "alewar/basics", "spring/1-found", "spring/2-dragons")
SIZES = {"desktop": (1280, 900), "phone": (390, 844)}
END = "#play-on, #play-real"  # the lesson's last step: play on against the bot, or a real game
STEP_CHANGED = "(old) => document.querySelector('#learn-guide h2').innerText !== old"


@dataclass
class Walk:
    """One lesson as a learner went through it: the guide's sentences, the clicks and the time taken."""

    says: list[str] = field(default_factory=list)
    heads: list[str] = field(default_factory=list)
    clicks: int = 0
    seconds: float = 0.0
    done_say: str = ""


def follow(page: Page, url: str, lesson: str, look: Callable[[Page], None] | None = None) -> Walk:
    """Opens the lesson and clicks the highlighted thing (on the board when it is there) until the lesson ends;
    `look` is called at each step before the click, on the page as the learner first sees it."""
    walk = Walk()
    begin = time.perf_counter()
    page.goto(f"{url}/learn/{lesson}")
    while True:
        page.wait_for_selector(".learn-target")
        head = page.locator("#learn-guide h2").inner_text()
        if page.locator(END).count():
            walk.done_say = page.locator("#learn-say").inner_text()
            walk.heads.append(head)
            break
        walk.says.append(page.locator("#learn-say").inner_text())
        walk.heads.append(head)
        if look is not None:
            look(page)
        target = page.locator("#board .learn-target")
        (target.first if target.count() else page.locator(".learn-target").first).click()
        walk.clicks += 1
        page.wait_for_function(STEP_CHANGED, arg=head, timeout=20_000)
    walk.seconds = time.perf_counter() - begin
    return walk
