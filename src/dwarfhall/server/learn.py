"""Learning to play: each game's "How to play" (a page, and the fragment the page's dialog shows), the tutorials'
list, their steps as the learner sees them, and the game played on against the lesson's bot afterwards."""

from __future__ import annotations

import functools
import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from html import escape
from typing import Any, Literal

from fastapi import APIRouter, HTTPException
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from dwarfhall.agents import make_agent
from dwarfhall.core import LANGUAGES, PlayerView, State
from dwarfhall.core.i18n import pick
from dwarfhall.core.registry import game_names, load_game
from dwarfhall.core.rulebook import rulebook_of
from dwarfhall.core.tutorial import Tutorial, TutorialError, check, start, tutorials_of

from .bots import bot_spec
from .pages import page

MAX_PLAY_ON = 5000  # learner moves replayed per request; a game against the easy bot needs far fewer
BOT_SEED = 1  # with the move number, seeds each answer of a lesson's bot: the same on every replay
RECENT = 12  # moves shown in the log of a game played on
PLAYED_ON_KEPT = 256  # positions of games played on kept in memory, the least recently used dropped first
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
    langs = '<nav class="langs"><a href="?lang=en" hreflang="en">EN</a> <a href="?lang=de" hreflang="de">DE</a></nav>'
    styles = ["/static/learn.css", f"/games/{game}/web.css"]
    title = f"{escape(title)} · dwarfhall"
    return HTMLResponse(page("rules", "rules-page", styles, lang=lang, title=title, nav=langs, body=body))


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


@dataclass
class _PlayedOn:
    """A lesson's game after some learner moves: its state, the moves made since the lesson (each with its public
    label and outcome in every language), and how many there were (which seeds the bot's next answer)."""

    state: State[Any]
    recent: list[dict[str, Any]] = field(default_factory=list)
    made: int = 0

    def copy(self) -> _PlayedOn:
        return _PlayedOn(self.state.clone(), list(self.recent), self.made)


_played_on: OrderedDict[tuple[str, str, tuple[int, ...]], _PlayedOn] = OrderedDict()
_played_on_lock = threading.Lock()


@router.post("/api/tutorials/{game}/{key}/play", tags=["learn"])
def tutorial_play_on(game: str, key: str, body: PlayOn) -> dict[str, Any]:
    """After the last step the learner plays the lesson's game on against its bot: the learner's moves so far are
    replayed from the end of the lesson with the bot's answers (each seeded by its move number, so the same each
    time), and the answer is the learner's view, moves and the last moves' public labels. Nothing is stored for
    the learner (a few recent positions are kept in memory to spare the replay); a move not legal is refused."""
    tutorial = _tutorial(game, key)
    if tutorial.finish is None:
        raise HTTPException(409, f"{game}/{key} ends with the game; there is nothing to play on")
    loaded = load_game(game, tutorial.options)
    view = loaded.web_view()
    spec = bot_spec(tutorial.finish, loaded)
    moves = tuple(body.moves)
    with _played_on_lock:
        cut, cached = next(
            (
                (n, _played_on[(game, key, moves[:n])])
                for n in (len(moves), len(moves) - 1)
                if (game, key, moves[:n]) in _played_on
            ),
            (0, None),
        )
        played = cached.copy() if cached is not None else None
    if played is None:
        walk = start(tutorial)
        while not walk.done:
            walk.advance()
        played = _PlayedOn(walk.state)
    state = played.state

    def play(action: int) -> None:
        seat = state.current_player
        action_of = state.describe_action(action)
        before = state.observation(None)
        state.apply(action)
        after = state.observation(None)
        played.recent.append(
            {
                "seat": seat,
                "label": {lang: action_of.log_label(lang) for lang in LANGUAGES},  # told in the third person
                "outcome": {lang: view.outcome(before, after, lang) for lang in LANGUAGES},
            }
        )
        del played.recent[:-RECENT]
        played.made += 1

    def bots() -> None:
        while not state.is_terminal and state.current_player != tutorial.learner:
            bot = make_agent(spec, seed=BOT_SEED + played.made)
            play(bot.choose(PlayerView(state, state.current_player)))

    if cached is None:
        bots()
    for index, move in enumerate(moves[cut:], start=cut):
        if state.is_terminal or move not in state.legal_action_ids():
            raise HTTPException(409, f"moves[{index}]: {move} is not a legal move of the learner now")
        play(move)
        bots()
    with _played_on_lock:
        _played_on[(game, key, moves)] = played.copy()
        while len(_played_on) > PLAYED_ON_KEPT:
            _played_on.popitem(last=False)
    mine = not state.is_terminal
    actions = state.legal_actions() if mine else []
    return {
        "title": pick(tutorial.title, body.lang),
        "html": view.render(state.observation(tutorial.learner), actions, body.lang),
        "moves": [{"id": a.id, "label": a.label(body.lang)} for a in actions],
        "over": state.is_terminal,
        "result": state.returns()[tutorial.learner] if state.is_terminal else None,
        "log": [
            {"seat": e["seat"], "label": e["label"][body.lang], "outcome": e["outcome"][body.lang]}
            for e in played.recent
        ],
        "played": len(moves),
    }


@router.get("/learn/{game}/{key}", include_in_schema=False, response_class=HTMLResponse)
async def tutorial_page(game: str, key: str) -> HTMLResponse:
    _tutorial(game, key)
    styles = ["/static/learn.css", f"/games/{game}/web.css"]
    return HTMLResponse(page("tutorial", "game", styles, ["tutorial.js", "learn.js", "help.js"]))
