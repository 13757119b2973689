"""Every tutorial completed in Chromium by following only what the page highlights, in English and in German, at
desktop size and on a phone (390×844, touch); and every rules page in both languages with nothing left
untranslated. One browser and one server for all of it."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.server.live import LiveServer, running_server

from .learner import LESSONS, SIZES, Walk, follow

LANGS = ("en", "de")
GERMAN_HEAD = re.compile(r"^Anleitung · (Schritt \d+ von \d+|Lektion geschafft)$")
ENGLISH_HEAD = re.compile(r"^Guide · (Step \d+ of \d+|Lesson complete)$")
PHONE_GUIDE_SHARE = 0.2  # of the screen's height the guide may take on a phone
# the guide's height and the screen's, and whether the thing to click is on the screen and not under the guide
# (the guide's own button is in it; a thing on the board lies wholly between the screen's top and the guide)
SEEN = """() => {
  const guide = document.getElementById('learn-guide');
  const target = document.querySelector('#board .learn-target') || document.querySelector('.learn-target');
  const g = guide.getBoundingClientRect(), r = target.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const room = guide.contains(target) ? innerHeight : g.top;
  return { guide: g.height, screen: innerHeight, on_screen: r.top >= 0 && r.bottom <= room && r.width > 0,
           on_top: Boolean(hit) && (hit === target || target.contains(hit)) };
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One server for the module: a lesson keeps no state on the server."""
    yield from running_server(tmp_path_factory.mktemp("tutorials"))


def _walk(browser: Browser, server: LiveServer, lesson: str, size: str, lang: str) -> Walk:
    width, height = SIZES[size]
    phone = size == "phone"
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone)
    context.add_init_script(f"localStorage.setItem('dwarfhall-lang', '{lang}')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        walk = follow(page, server.url, lesson, _guide_leaves_the_target_in_view if phone else None)
        progress = page.evaluate("() => JSON.parse(localStorage.getItem('dwarfhall-learn'))")
        assert progress[lesson]["done"] is True, progress
        assert page.evaluate("() => document.documentElement.lang") == lang
        assert not errors
        return walk
    finally:
        context.close()


def _guide_leaves_the_target_in_view(page: Page) -> None:
    """On a phone the guide is a short bar at the foot of the screen, and the step's highlighted thing is scrolled
    into the screen above it, uncovered."""
    page.wait_for_timeout(100)  # the guide's height is measured after it is drawn (ResizeObserver)
    seen = page.evaluate(SEEN)
    assert seen["guide"] <= PHONE_GUIDE_SHARE * seen["screen"], seen
    assert seen["on_screen"] and seen["on_top"], (page.locator("#learn-guide h2").inner_text(), seen)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lesson", LESSONS)
def test_a_tutorial_is_completed_by_following_the_highlights_in_both_languages(
    browser: Browser, server: LiveServer, lesson: str, size: str
) -> None:
    english, german = (_walk(browser, server, lesson, size, lang) for lang in LANGS)
    steps = len(english.says)
    assert steps >= 5 and english.clicks == steps
    assert (len(german.says), german.clicks) == (steps, english.clicks)  # the same lesson, step by step
    assert all(ENGLISH_HEAD.match(h) for h in english.heads), english.heads
    assert all(GERMAN_HEAD.match(h) for h in german.heads), german.heads
    # every sentence of the guide is in German on the German page: none is the English one
    pairs = zip([*english.says, english.done_say], [*german.says, german.done_say], strict=True)
    assert not [en for en, de in pairs if en == de]
    assert english.heads[-1] == "Guide · Lesson complete"


# the page's texts as drawn: each text node, and the labels a reader is given (title, aria-label, alt)
TEXTS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest('script, style') || !node.textContent.trim()) continue;
    if (node.parentElement.getClientRects().length) out.push(node.textContent.trim());
  }
  for (const node of document.querySelectorAll('[title], [aria-label], [alt]'))
    for (const name of ['title', 'aria-label', 'alt']) {
      if (node.getAttribute(name)) out.push(node.getAttribute(name).trim());
    }
  return out;
}"""


def _texts(browser: Browser, server: LiveServer, game: str, lang: str) -> list[str]:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        response = page.goto(f"{server.url}/rules/{game}?lang={lang}")
        assert response is not None and response.ok
        assert page.evaluate("() => document.documentElement.lang") == lang
        texts: list[str] = page.evaluate(TEXTS)
        assert not errors
        return [page.title(), *texts]
    finally:
        page.close()


def _language_neutral(text: str) -> bool:
    """Names, numbers, symbols, command flags (--cards) and capitals (FILE) read the same in both languages."""
    words = re.sub(r"--?[a-z-]+|\b[A-Z]{2,}\b", " ", text)
    return len(re.findall(r"[A-Za-zÄÖÜäöüß]{4,}", words)) < 2


@pytest.mark.parametrize("game", ["duel", "alewar", "spring"])
def test_every_rules_page_is_translated(browser: Browser, server: LiveServer, game: str) -> None:
    english, german = (_texts(browser, server, game, lang) for lang in LANGS)
    assert len(english) > 30 and len(german) > 30
    for texts in (english, german):
        keys = [t for t in texts if re.fullmatch(r"[a-z]+(_[a-z0-9]+)+|[a-z]+\.[a-z_.]+", t)]
        assert not keys, keys  # a catalog key shown instead of its text
        assert not [t for t in texts if "{" in t or "}" in t or "$" in t]  # a placeholder left unfilled
    untranslated = sorted({t for t in set(german) & set(english) if not _language_neutral(t)})
    assert not untranslated, untranslated
