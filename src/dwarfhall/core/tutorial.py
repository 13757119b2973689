"""Tutorials as data: a position in the game's own scenario format plus steps, each a short sentence in every
language and the move it teaches. Checked when loaded by playing every step.

A tutorial file lives in a game's `tutorials/` folder (`<key>.toml`):

    title = { en = "...", de = "..." }
    summary = { en = "...", de = "..." }
    done = { en = "...", de = "..." }   # said after the last step
    learner = 0                 # the learner's seat
    finish = "easy"            # after the last step the learner plays on against this bot level (omit: the
                                # last step ends the game)
    options = { ... }           # the game's options (default: none)
    [position]                  # the game's scenario format (`Game.scenario_from_dict`)
    [[step]]
    say = { en = "...", de = "..." }
    move = { move = "play", card = "ally_ones", payment = { value = 1 } }
    why = { en = "...", de = "..." }   # optional: why another move is worse, said when the learner tries one

A taught move is named by part of its payload, never by its action id: exactly one legal move of the player
who decides must contain every field given (nested tables compare the same way). The step belongs to whoever
decides then: the learner's steps are the moves the learner must make; another player's steps are played by
the script and shown with their sentence. Before each step, a decision with a single legal move that is not
the taught one is made by itself (a forced pass, a draw), as the table's auto-pass would.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import Action
from .data import texts_of
from .datafile import read_document
from .errors import DwarfhallError, ScenarioError
from .game import Game, State
from .registry import load_game

FIELDS = {"title", "summary", "done", "learner", "finish", "options", "position", "step"}
STEP_FIELDS = {"say", "move", "why"}
MAX_FORCED = 200  # forced moves between two steps; more means the position runs away from the script


class TutorialError(ScenarioError):
    """A tutorial that no longer fits the rules or its own format; the message names the file and the step."""


@dataclass(frozen=True)
class Step:
    say: Mapping[str, str]
    move: Mapping[str, Any]
    why: Mapping[str, str] | None = None  # said when the learner tries another move: why the taught one is better


@dataclass(frozen=True)
class Tutorial:
    key: str
    game: str
    title: Mapping[str, str]
    summary: Mapping[str, str]
    done: Mapping[str, str]
    learner: int
    finish: str | None
    options: Mapping[str, Any]
    position: Mapping[str, Any]
    steps: tuple[Step, ...]
    origin: str = field(default="", compare=False)

    def listing(self) -> dict[str, Any]:
        """What a lobby needs to offer the tutorial."""
        return {
            "key": self.key,
            "title": dict(self.title),
            "summary": dict(self.summary),
            "steps": len(self.steps),
            "learner": self.learner,
            "finish": self.finish,
        }


@dataclass
class Walk:
    """A tutorial being played: the state, the next step, and each step's move as applied (id and who made it)."""

    tutorial: Tutorial
    state: State[Any]
    index: int = 0
    played: list[tuple[int, int]] = field(default_factory=list)

    @property
    def done(self) -> bool:
        return self.index >= len(self.tutorial.steps)

    def step(self) -> Step:
        return self.tutorial.steps[self.index]

    def taught(self) -> Action:
        """The legal move the current step teaches (after the forced moves before it)."""
        self._forced()
        return find_move(self.state, self.step().move, self._where())

    def advance(self) -> Action:
        """Plays the current step's move and moves on; TutorialError if it no longer fits the rules."""
        action = self.taught()
        self.played.append((self.state.current_player, action.id))
        self.state.apply(action.id)
        self.index += 1
        if self.done:
            self._forced()
        return action

    def _where(self) -> str:
        return f"{self.tutorial.origin}: step {self.index + 1}"

    def _forced(self) -> None:
        wanted = None if self.done else self.step().move
        for _ in range(MAX_FORCED):
            if self.state.is_terminal:
                return
            actions = self.state.legal_actions()
            if len(actions) != 1 or (wanted is not None and contains(actions[0].payload, wanted)):
                return
            self.played.append((self.state.current_player, actions[0].id))
            self.state.apply(actions[0].id)
        raise TutorialError(f"{self._where()}: more than {MAX_FORCED} forced moves before the step")


def contains(payload: Any, wanted: Any) -> bool:
    """Whether `payload` has every field of `wanted` with the same value (tables compared field by field)."""
    if isinstance(wanted, Mapping):
        return isinstance(payload, Mapping) and all(k in payload and contains(payload[k], v) for k, v in wanted.items())
    return bool(payload == wanted)


def find_move(state: State[Any], wanted: Mapping[str, Any], where: str) -> Action:
    if state.is_terminal:
        raise TutorialError(f"{where}: the game is over before this step")
    matches = [a for a in state.legal_actions() if contains(a.payload, wanted)]
    if len(matches) != 1:
        legal = "; ".join(a.label("en") for a in state.legal_actions()[:12])
        found = "no" if not matches else f"{len(matches)}"
        raise TutorialError(
            f"{where}: {found} legal moves of seat {state.current_player} match {dict(wanted)} (legal: {legal})"
        )
    return matches[0]


def start(tutorial: Tutorial) -> Walk:
    """The tutorial's position (the game loaded with the tutorial's options), ready for its first step."""
    try:
        state = load_game(tutorial.game, tutorial.options).scenario_from_dict(tutorial.position)
    except DwarfhallError as exc:
        raise TutorialError(f"{tutorial.origin}: position: {exc}") from exc
    return Walk(tutorial, state)


def check(tutorial: Tutorial) -> Walk:
    """Plays the tutorial through: every taught move legal when its step comes, and the end as the file says
    (the game over when it names no bot, still going on at the learner's decision when it does)."""
    walk = start(tutorial)
    while not walk.done:
        walk.advance()
    over = walk.state.is_terminal
    if tutorial.finish is None and not over:
        raise TutorialError(f"{tutorial.origin}: the game goes on after the last step, but no `finish` bot is named")
    if tutorial.finish is not None and over:
        raise TutorialError(f"{tutorial.origin}: the game is over after the last step; remove `finish`")
    return walk


def load_tutorial(path: Path, game: str) -> Tutorial:
    """A tutorial file, its shape checked (TutorialError naming the file and the field); `check` plays it."""
    origin = f"{game}/tutorials/{path.name}"
    raw = read_document(path, "tutorial", "toml", TutorialError)
    unknown = set(raw) - FIELDS
    if unknown:
        raise TutorialError(f"{origin}: unknown field {sorted(unknown)[0]!r}")
    learner = raw.get("learner", 0)
    if not isinstance(learner, int) or learner < 0:
        raise TutorialError(f"{origin}: learner: must be a seat number")
    finish = raw.get("finish")
    if finish is not None and not isinstance(finish, str):
        raise TutorialError(f"{origin}: finish: must be a bot level such as 'easy'")
    position = raw.get("position")
    if not isinstance(position, Mapping):
        raise TutorialError(f"{origin}: position: a table in the game's scenario format is needed")
    options = raw.get("options", {})
    if not isinstance(options, Mapping):
        raise TutorialError(f"{origin}: options: must be a table")
    steps = []
    for index, entry in enumerate(raw.get("step", [])):
        where = f"{origin}: step {index + 1}"
        unknown = set(entry) - STEP_FIELDS
        if unknown:
            raise TutorialError(f"{where}: unknown field {sorted(unknown)[0]!r}")
        move = entry.get("move")
        if not isinstance(move, Mapping) or not move:
            raise TutorialError(f"{where}: move: name the taught move by fields of its payload")
        why = _text(entry["why"], f"{where}: why") if "why" in entry else None
        steps.append(Step(_text(entry.get("say"), f"{where}: say"), dict(move), why))
    if not steps:
        raise TutorialError(f"{origin}: no [[step]]")
    return Tutorial(
        key=path.stem,
        game=game,
        title=_text(raw.get("title"), f"{origin}: title"),
        summary=_text(raw.get("summary"), f"{origin}: summary"),
        done=_text(raw.get("done"), f"{origin}: done"),
        learner=learner,
        finish=finish,
        options=dict(options),
        position=dict(position),
        steps=tuple(steps),
        origin=origin,
    )


def tutorials_of(game: Game) -> list[Tutorial]:
    """The tutorials in the game's own `tutorials/` folder, in file-name order."""
    module = sys.modules[type(game).__module__].__file__
    folder = Path(module).parent / "tutorials" if module else None
    if folder is None or not folder.is_dir():
        return []
    return [load_tutorial(path, game.name) for path in sorted(folder.glob("*.toml"))]


def _text(value: Any, where: str) -> dict[str, str]:
    out = texts_of(value, where, TutorialError, one_line=True)
    if " " in out["en"] and out["en"] == out["de"]:
        raise TutorialError(f"{where}: the German text is the English one")
    return out
