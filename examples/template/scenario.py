"""Reads a state from JSON (records and scenario files): every field checked, errors name the field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dwarfhall.core import Rng
from dwarfhall.core.errors import ScenarioError

from .state import HighDrawState

if TYPE_CHECKING:
    from .game import HighDrawGame


def _cards(value: Any, where: str) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(c, int) and not isinstance(c, bool) for c in value):
        raise ScenarioError(f"{where}: need a list of card numbers")
    return list(value)


def read_state(game: HighDrawGame, body: Mapping[str, Any], rng: Rng) -> HighDrawState:
    players = game.num_players
    hands = body.get("hands")
    if not isinstance(hands, list) or len(hands) != players:
        raise ScenarioError(f"hands: need {players} hands")
    areas = body.get("areas", [[] for _ in range(players)])
    if not isinstance(areas, list) or len(areas) != players:
        raise ScenarioError(f"areas: need {players} areas")
    scores = body.get("scores", [sum(_cards(a, "areas")) for a in areas])
    if not isinstance(scores, list) or len(scores) != players:
        raise ScenarioError(f"scores: need {players} numbers")
    first, turns = body.get("first", 0), body.get("turns", 0)
    if not isinstance(first, int) or not 0 <= first < players:
        raise ScenarioError(f"first: need a seat 0..{players - 1}")
    if not isinstance(turns, int) or turns < 0:
        raise ScenarioError("turns: need a whole number of at least 0")
    return HighDrawState(
        game,
        rng,
        _cards(body.get("pile", []), "pile"),
        [sorted(_cards(h, "hands")) for h in hands],
        [_cards(a, "areas") for a in areas],
        [int(s) for s in scores],
        first,
        turns,
    )
