"""Spring's moves for a person: alike moves on one line (a settlement line and its spots), and typed moves read
forgivingly: a spot's label as drawn on the map (`H3`), a verb or resource word (`wood H3`, `explore K`),
a unique beginning of a card's name (`play batt`, `train ribbon`)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from dwarfhall.core import Action
from dwarfhall.core.errors import DwarfhallError
from dwarfhall.core.i18n import DEFAULT_LANGUAGE, languages

from .usage import ACTION_PREFIX, TRIM_PREFIX
from .viewdata import Cards, MapLabels, label_of

SPOT_MOVES = (
    "start_settlement",
    "build",
    "fortress",
    "explore",
    "remove_web",
    "move_from",
    "move_to",
    "swap_own",
    "swap_other",
    "pick_dwarf",
)
GROUPED_MOVES = frozenset((*SPOT_MOVES, "trim", "quest", "play_faerie", "train"))  # kinds that share one line
REACHED_MOVES = frozenset(("build", "fortress", "explore"))  # dwarf actions that need a place in reach (R32, R41)
LABEL_LIKE = re.compile(r"[A-Za-z][0-9]?")  # how a place's label looks: a letter, and a digit for a spot
LISTED_SPOTS = 8  # a group line names its spots when there are at most this many


def targets(actions: Sequence[Action]) -> frozenset[str]:
    """The places (spot or wildland ids) the offered moves act on, for the map to mark."""
    return frozenset(str(a.payload["spot"]) for a in actions if a.payload.get("move") in SPOT_MOVES)


def words_of(action: Action, cards: Cards, obs: Mapping[str, Any]) -> set[str]:
    """Every word that names this move: its verbs, its resource line, its spot's label, its card's name."""
    p = action.payload
    move = str(p.get("move"))
    words = set(_typed(cards, move))
    for key in ("line", "resource"):
        if p.get(key):
            words |= _typed(cards, f"resource_{p[key]}")
    if p.get("spot") and move in SPOT_MOVES:
        words.add(label_of(str(p["spot"])).casefold())
        words.add(str(p["spot"]).casefold())
    if move in ("dragon_spot", "quest"):
        words.add(str(p["spot"]))
    if move == "add_backpacks":
        words.add(str(p["n"]))
    if move == "pick_dwarf":
        words.add(str(p["owner"]))
    for component in _named_cards(p):
        level = 1
        if component in cards.dragons and obs.get("viewer") is not None:
            mine = obs["players"][obs["viewer"]]["nest"]
            level = next((d["level"] for d in mine if d["dragon"] == component), 1)
        words |= cards.words(component, level)
    return words


def _named_cards(payload: Mapping[str, Any]) -> list[str]:
    """The card keys a move names: its component (one or several; a trim's as "trim:<card>"), or its card."""
    given = payload.get("component")
    keys = [given] if isinstance(given, str) else list(given) if isinstance(given, list) else []
    if isinstance(payload.get("card"), str):
        keys.append(payload["card"])
    named = [str(k).removeprefix(TRIM_PREFIX) for k in keys if not str(k).startswith(ACTION_PREFIX)]
    return list(dict.fromkeys(named))


def _fits(token: str, words: set[str]) -> bool:
    if token in words:
        return True
    return len(token) >= 3 and not token.isdigit() and any(w.startswith(token) for w in words)


def parse_move(
    text: str, actions: Sequence[Action], obs: Mapping[str, Any], cards: Cards, labels: MapLabels | None
) -> int | None:
    """The one legal move whose words fit every typed word, or None; DwarfhallError when several fit (it names
    up to three of them so the person can add a word)."""
    filler = _typed(cards, "filler")
    tokens = [w for w in text.casefold().replace(",", " ").split() if w not in filler]
    if not tokens:
        return None
    if labels is not None:  # a long id typed with its dot stays one word; a label in any case is a label
        tokens = [label_of(labels.location_of(t) or "").casefold() if labels.location_of(t) else t for t in tokens]
    fitting = [a for a in actions if all(_fits(t, words_of(a, cards, obs)) for t in tokens)]
    if len(fitting) == 1:
        return fitting[0].id
    exact = [a for a in fitting if all(t in words_of(a, cards, obs) for t in tokens)]
    if len(exact) == 1:
        return exact[0].id
    if len(fitting) > 1:
        lang = _language_of(tokens, cards)
        shown = fitting[0].label(lang)
        raise DwarfhallError(cards.t("tv_ambiguous", lang, text=text, n=len(fitting), moves=shown))
    return None


def why_not(
    text: str, kin: Sequence[Action], obs: Mapping[str, Any], cards: Cards, labels: MapLabels, lang: str
) -> str | None:
    """Why a typed move on a place (`dwarf C`) is none of the legal moves `kin` of its kind, from the public
    map alone: the place holds a settlement, or (for a dwarf action) the viewer's pieces do not reach it."""
    viewer = obs.get("viewer")
    moves = {a.payload.get("move") for a in kin}
    if viewer is None or not moves or not moves <= REACHED_MOVES:
        return None
    words = text.replace(",", " ").split()[1:]
    places = [labels.location_of(word) for word in words]
    named = [p for p in places if p is not None]
    if not named and len(words) == 1 and LABEL_LIKE.fullmatch(words[0]):
        return cards.t("tv_why_nowhere", lang, label=words[0].upper())
    if len(named) != 1:
        return None
    location = named[0]
    label = label_of(location)
    players = obs["players"]
    if any(location in p["settlements"] or location == p["fortress"] for p in players):
        return cards.t("tv_why_taken", lang, label=label)
    mine = players[viewer]
    pieces = [*mine["settlements"], *([mine["fortress"]] if mine["fortress"] else []), *mine["dwarfs"]]
    geometry = labels.geometry
    reach = geometry.reach(geometry.by_id(p).index for p in pieces)
    if pieces and geometry.by_id(location).index not in reach:
        return cards.t("tv_why_far", lang, label=label)
    return None


def _typed(cards: Cards, what: str) -> frozenset[str]:
    """The words for `what` (messages.toml's typed_<what>) in every language; none for a move without words."""
    key = f"typed_{what}"
    return cards.messages.word_list(key) if key in cards.messages else frozenset()


def _language_of(tokens: Sequence[str], cards: Cards) -> str:
    """The language of a typed move, for its error (parse_move is not told it): the first language with a
    typed word of its own (one English does not have), else English."""
    keys = [key for key in cards.messages.messages if key.startswith("typed_")]
    english = {w for key in keys for w in cards.messages.word_list(key, DEFAULT_LANGUAGE)}
    for lang in languages():
        own = {w for key in keys for w in cards.messages.word_list(key, lang)} - english
        if any(t in own for t in tokens):
            return lang
    return DEFAULT_LANGUAGE


def group_key(action: Action) -> object:
    """Moves of one kind share a line: every settlement (any line, any spot), every quest, every faerie card,
    every dragon to train; choices inside a dwarf action keep a line each."""
    move = action.payload.get("move")
    if move in GROUPED_MOVES:
        return (move,)
    return action.id


def group(actions: Sequence[Action]) -> list[list[int]]:
    groups: dict[object, list[int]] = {}
    for i, action in enumerate(actions):
        groups.setdefault(group_key(action), []).append(i)
    return list(groups.values())


def group_line(actions: Sequence[Action], cards: Cards, lang: str) -> str | None:
    """A short line for a group of alike moves; None keeps the first move's label (a group of one)."""
    first = actions[0].payload
    move = str(first.get("move"))
    if len(actions) < 2:
        return None
    t = cards.t
    if move == "trim":
        return t("tv_group_trim", lang, n=len(actions))
    if move in ("quest", "play_faerie", "train"):
        names = []
        for action in actions:
            p = action.payload
            name = str(p["quest"]) if move == "quest" else _short_name(cards, str(p["component"]), lang)
            if name not in names:
                names.append(name)
        example = names[0].split()[0].casefold()
        return t(f"tv_group_{move}", lang, names=", ".join(names), typed=example)
    if move not in SPOT_MOVES:
        return None
    labels = []
    for action in actions:
        label = label_of(str(action.payload["spot"]))
        if label not in labels:
            labels.append(label)
    spots = " ".join(labels) if len(labels) <= LISTED_SPOTS else t("tv_n_spots", lang, n=len(labels))
    lines = []
    for action in actions:
        line = action.payload.get("line")
        if line and line not in lines:
            lines.append(str(line))
    codes = "/".join(t(f"tv_g_{line}", lang) for line in lines)
    resource = cards.resource(lines[0], lang).casefold() if lines else ""
    typed = t(f"tv_type_{move}", lang, spot=labels[0], line=resource)
    return t(f"tv_group_{move}", lang, line=codes, spots=spots, typed=typed)


def _short_name(cards: Cards, key: str, lang: str) -> str:
    return cards.name(key, lang, mark=False)
