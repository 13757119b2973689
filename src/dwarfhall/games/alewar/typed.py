"""Ale War's typed moves: `c3`, `b2 c3`, `scout c4`, `D1 c4` (a code drawn on the board), `no`, `dwarves`, ...
read against the legal moves; the words come from messages.toml (`typed_*`), every language at once."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from dwarfhall.core import Action
from dwarfhall.core.i18n import LANGUAGES, languages, pick

from .board import parse_square
from .words import board_codes, typed


def _unit_words(obs: Mapping[str, Any]) -> dict[str, set[str]]:
    """Words that name each unit: its key and the distinctive words of its names."""
    words: dict[str, set[str]] = {}
    for unit in obs.get("units", []):
        names = {w for lang in LANGUAGES for w in re.split(r"[\s\-]+", pick(unit["name"], lang).lower()) if w}
        words[unit["key"]] = {unit["key"]} | (names - typed("side_name"))
    for lang in languages():  # the codes on the board: Z1 (German) names the first Dwarf; D1 is also a square
        for key, code in board_codes(obs, lang).items():
            if parse_square(code.lower()) is None:
                words[key].add(code.lower())
    return words


def _squares_of(action: Action, obs: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """(from, to) squares of an action, either None when it has none."""
    p = action.payload
    kind = p.get("type")
    if kind == "move":
        return p.get("from"), p.get("to")
    if kind == "attack":
        attacker = next((u["square"] for u in obs.get("units", []) if u["key"] == p.get("attacker")), None)
        return attacker, p.get("square")
    if kind in ("place", "barrel", "reinforce"):
        return None, p.get("square")
    return None, None


def parse_move(text: str, actions: Sequence[Action], observation: Mapping[str, Any]) -> int | None:
    """`c3` (a destination, target or placement square), `b2 c3` (from and to), `scout c4`, `D1 c4` (the code
    drawn on the board, either language), `no`, `dwarves`, ..."""
    tokens = re.findall(r"[a-zäöüß0-9_]+", text.lower())
    if not tokens:
        return None
    found = _parse_tokens(text, tokens, actions, observation)
    if found is None and len(tokens) > 1:
        # `d1 c4`: D1 is both a square and the first Dwarf's code; read it as the unit when the squares fail
        codes = {code.lower(): key for lang in languages() for key, code in board_codes(observation, lang).items()}
        if tokens[0] in codes:
            found = _parse_tokens(text, [codes[tokens[0]], *tokens[1:]], actions, observation)
    return found


def _parse_tokens(
    text: str, tokens: list[str], actions: Sequence[Action], observation: Mapping[str, Any]
) -> int | None:
    by_type: dict[str, list[Action]] = {}
    for action in actions:
        by_type.setdefault(str(action.payload.get("type")), []).append(action)

    def only(candidates: list[Action]) -> int | None:
        return candidates[0].id if len(candidates) == 1 else None

    if len(tokens) == 1:
        word = tokens[0]
        if word in typed("no") or word in typed("pass"):
            declines = by_type.get("no_attack", []) + by_type.get("no_reinforcement", []) + by_type.get("pass", [])
            return only(declines)
        for side in ("dwarves", "goblins"):
            if word in typed(f"side_{side}") and "side" in by_type:
                return only([a for a in by_type["side"] if a.payload.get("side") == side])
        for kind in ("tree", "hill", "lake"):
            if word in typed(f"terrain_{kind}") and "terrain" in by_type:
                return only([a for a in by_type["terrain"] if a.payload.get("kind") == kind])

    squares = [sq for sq in tokens if parse_square(sq) is not None]
    others = [w for w in tokens if parse_square(w) is None and w not in typed("filler")]
    unit_words = _unit_words(observation)
    unit_hint: str | None = None
    barrel_hint = False
    for word in others:
        matches = [
            k
            for k, names in unit_words.items()
            if word in names or (len(word) >= 3 and any(name.startswith(word) for name in names))
        ]
        if len(matches) == 1:
            unit_hint = matches[0]
        elif word in typed("barrel"):
            barrel_hint = True
        else:
            return _by_label(text, actions)
    if len(squares) > 2 or not (squares or unit_hint or barrel_hint):
        return _by_label(text, actions)

    candidates = []
    for action in actions:
        origin, dest = _squares_of(action, observation)
        if dest is None:
            continue
        if len(squares) == 2 and (origin != squares[0] or dest != squares[1]):
            continue
        if len(squares) == 1 and dest != squares[0]:
            continue
        p = action.payload
        if unit_hint is not None and unit_hint not in (p.get("unit"), p.get("target"), p.get("attacker")):
            continue
        if barrel_hint and p.get("type") not in ("barrel",) and p.get("target") != "barrel":
            continue
        candidates.append(action)
    return only(candidates)


def _by_label(text: str, actions: Sequence[Action]) -> int | None:
    wanted = text.strip().lower()
    matches = [a.id for a in actions if any(label.lower() == wanted for label in a.labels.values())]
    return matches[0] if len(matches) == 1 else None
