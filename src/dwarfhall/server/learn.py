"""Learning to play: each game's "How to play" (a page, and the fragment the page's dialog shows), the tutorials'
list, their steps as the learner sees them, and the game played on against the lesson's bot afterwards."""

from __future__ import annotations

import functools
import logging
from html import escape
from importlib import resources
from string import Template
from typing import Any, Literal

from fastapi import APIRouter, HTTPException
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from dwarfhall.agents import make_agent
from dwarfhall.core import PlayerView
from dwarfhall.core.i18n import pick
from dwarfhall.core.registry import game_names, load_game
from dwarfhall.core.rulebook import rulebook_of
from dwarfhall.core.tutorial import Tutorial, TutorialError, check, start, tutorials_of

from .bots import bot_spec

WEB = resources.files("dwarfhall") / "web"
MAX_PLAY_ON = 5000  # learner moves replayed per request; a game against the easy bot needs far fewer
BOT_SEED = 1  # the bot of a lesson answers the same way on every replay
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
def tutorial_step(game: str, key: str, index: int, lang: Literal["en", "de"] = "en") -> dict[str, Any]:
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
    why = None if walk.done else walk.step().why
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
        "why": pick(why, lang) if why is not None else None,
        "scripted": taught is not None and not mine,
        "taught": taught.id if taught is not None and mine else None,
        "taught_label": taught.label(lang) if taught is not None else None,
        "finish": tutorial.finish,
        "html": load_game(game, tutorial.options).web_view().render(state.observation(learner), actions, lang),
        "moves": [{"id": a.id, "label": a.label(lang)} for a in actions],
        "options": dict(tutorial.options),
    }


class PlayOn(BaseModel):
    moves: list[int] = Field(default_factory=list, max_length=MAX_PLAY_ON, description="the learner's moves so far")
    lang: Literal["en", "de"] = "en"


@router.post("/api/tutorials/{game}/{key}/play", tags=["learn"])
def tutorial_play_on(game: str, key: str, body: PlayOn) -> dict[str, Any]:
    """After the last step the learner plays the lesson's game on against its bot: the learner's moves so far are
    replayed from the end of the lesson with the bot's answers (seeded, so the same each time), and the answer is
    the learner's view, moves and the last moves' public labels. Nothing is stored; a move not legal is refused."""
    tutorial = _tutorial(game, key)
    if tutorial.finish is None:
        raise HTTPException(409, f"{game}/{key} ends with the game; there is nothing to play on")
    walk = start(tutorial)
    while not walk.done:
        walk.advance()
    state = walk.state
    loaded = load_game(game, tutorial.options)
    view = loaded.web_view()
    bot = make_agent(bot_spec(tutorial.finish, loaded), seed=BOT_SEED)
    recent: list[dict[str, Any]] = []

    def play(action: int) -> None:
        seat = state.current_player
        label = state.describe_action(action).label(body.lang)
        before = state.observation(None)
        state.apply(action)
        recent.append(
            {"seat": seat, "label": label, "outcome": view.outcome(before, state.observation(None), body.lang)}
        )

    def bots() -> None:
        while not state.is_terminal and state.current_player != tutorial.learner:
            play(bot.choose(PlayerView(state, state.current_player)))

    bots()
    for index, move in enumerate(body.moves):
        if state.is_terminal or move not in state.legal_action_ids():
            raise HTTPException(409, f"moves[{index}]: {move} is not a legal move of the learner now")
        play(move)
        bots()
    mine = not state.is_terminal
    actions = state.legal_actions() if mine else []
    return {
        "title": pick(tutorial.title, body.lang),
        "html": view.render(state.observation(tutorial.learner), actions, body.lang),
        "moves": [{"id": a.id, "label": a.label(body.lang)} for a in actions],
        "over": state.is_terminal,
        "result": state.returns()[tutorial.learner] if state.is_terminal else None,
        "log": recent[-12:],
        "played": len(body.moves),
    }


@router.get("/learn/{game}/{key}", include_in_schema=False, response_class=HTMLResponse)
async def tutorial_page(game: str, key: str) -> HTMLResponse:
    _tutorial(game, key)
    page = Template((WEB / "tutorial.html").read_text(encoding="utf-8"))
    return HTMLResponse(page.substitute(game=game))
