"""Learning to play: each game's "How to play" as a page of its own (and the fragment the page's dialog shows)."""

from __future__ import annotations

import functools
import logging
from html import escape
from importlib import resources
from string import Template
from typing import Any, Literal

from fastapi import APIRouter, HTTPException
from fastapi.responses import HTMLResponse

from dwarfhall.core.i18n import pick
from dwarfhall.core.registry import game_names, load_game
from dwarfhall.core.rulebook import rulebook_of
from dwarfhall.core.tutorial import Tutorial, TutorialError, check, start, tutorials_of

WEB = resources.files("dwarfhall") / "web"
router = APIRouter()
log = logging.getLogger(__name__)


@functools.lru_cache(maxsize=16)
def rules_fragment(game: str, lang: str) -> tuple[str, str]:
    """The game's rules as an HTML fragment and its title; the same for every request, so drawn once."""
    loaded = load_game(game)
    book = rulebook_of(loaded)
    if book is None:
        raise HTTPException(404, f"{game} has no rules page")
    view = loaded.web_view()
    return book.html(lang, view.picture), pick(book.title, lang)


@router.get("/rules/{game}", tags=["learn"], response_class=HTMLResponse)
async def rules_page(game: str, lang: Literal["en", "de"] = "en", fragment: bool = False) -> HTMLResponse:
    """How to play a game, in English or German: a page of its own, or (`fragment=true`) the part a dialog shows."""
    if game not in game_names():
        raise HTTPException(404, f"unknown game {game!r}")
    body, title = rules_fragment(game, lang)
    if fragment:
        return HTMLResponse(body)
    page = Template((WEB / "rules.html").read_text(encoding="utf-8"))
    return HTMLResponse(page.substitute(lang=lang, title=escape(title), game=game, body=body))


@functools.lru_cache(maxsize=1)
def tutorial_listing() -> tuple[dict[str, Any], ...]:
    """Every game's tutorials (loaded and checked once: a tutorial that no longer fits is left out and logged)."""
    games = []
    for name in game_names():
        try:
            game = load_game(name)
        except ImportError:
            continue
        found = []
        for tutorial in tutorials_of(game):
            try:
                check(tutorial)
            except TutorialError as exc:
                log.error("tutorial left out: %s", exc)
                continue
            found.append(tutorial.listing())
        games.append({"game": name, "title": dict(game.title), "tutorials": found})
    return tuple(games)


@router.get("/api/tutorials", tags=["learn"])
async def tutorials() -> dict[str, Any]:
    """The tutorials of every game, with their titles and summaries in English and German."""
    return {"games": list(tutorial_listing())}


@functools.lru_cache(maxsize=32)
def _tutorial(game: str, key: str) -> Tutorial:
    if game not in game_names():
        raise HTTPException(404, f"unknown game {game!r}")
    for tutorial in tutorials_of(load_game(game)):
        if tutorial.key == key:
            return tutorial
    raise HTTPException(404, f"{game} has no tutorial {key!r}")


@router.get("/api/tutorials/{game}/{key}/steps/{index}", tags=["learn"])
async def tutorial_step(game: str, key: str, index: int, lang: Literal["en", "de"] = "en") -> dict[str, Any]:
    """The learner's view before step `index` (0-based; the number of steps: the end): the guide's sentence, the
    board as the learner sees it, the learner's moves and the one the step teaches (None in a scripted step)."""
    tutorial = _tutorial(game, key)
    total = len(tutorial.steps)
    if not 0 <= index <= total:
        raise HTTPException(404, f"step {index} is outside 0..{total}")
    walk = start(tutorial)
    while walk.index < index:
        walk.advance()
    taught = None if walk.done else walk.taught()  # plays the forced moves before the step
    state = walk.state
    learner = tutorial.learner
    mine = not state.is_terminal and state.current_player == learner
    actions = state.legal_actions() if mine else []
    return {
        "game": game,
        "key": key,
        "title": pick(tutorial.title, lang),
        "index": index,
        "total": total,
        "over": walk.done,
        "say": pick(tutorial.done if walk.done else tutorial.steps[index].say, lang),
        "scripted": taught is not None and not mine,
        "taught": taught.id if taught is not None and mine else None,
        "taught_label": taught.label(lang) if taught is not None else None,
        "finish": tutorial.finish,
        "html": load_game(game, tutorial.options).web_view().render(state.observation(learner), actions, lang),
        "moves": [{"id": a.id, "label": a.label(lang)} for a in actions],
        "options": dict(tutorial.options),
    }


@router.get("/learn/{game}/{key}", include_in_schema=False, response_class=HTMLResponse)
async def tutorial_page(game: str, key: str) -> HTMLResponse:
    _tutorial(game, key)
    page = Template((WEB / "tutorial.html").read_text(encoding="utf-8"))
    return HTMLResponse(page.substitute(game=game))
