"""Helpers for the Duel's rule tests: positions from scenario dicts, actions found by their payload."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dwarfhall.core import Action
from dwarfhall.games.duel.game import DuelGame
from dwarfhall.games.duel.state import DuelState

GAME = DuelGame()


def position(data: Mapping[str, Any], game: DuelGame = GAME) -> DuelState:
    """A state from the scenario format, with two empty-handed players unless the data says otherwise."""
    data = dict(data)
    players = [dict(p) for p in data.pop("players", [{}, {}])]
    players[0].setdefault("side", "good")
    players[1].setdefault("side", "evil")
    data["players"] = players
    data.setdefault("seed", 1)
    return game.scenario_from_dict(data)


def _matches(value: Any, want: Any) -> bool:
    if isinstance(want, Mapping):
        return isinstance(value, Mapping) and all(k in value and _matches(value[k], v) for k, v in want.items())
    return bool(value == want)


def actions(state: DuelState, **want: Any) -> list[Action]:
    """Legal actions whose payload contains `want` (nested tables match partly)."""
    return [a for a in state.legal_actions() if _matches(a.payload, want)]


def find(state: DuelState, **want: Any) -> Action:
    found = actions(state, **want)
    assert len(found) == 1, f"expected one action matching {want}, found {[a.label() for a in found]}"
    return found[0]


def do(state: DuelState, **want: Any) -> None:
    state.apply(find(state, **want))


def pass_window(state: DuelState) -> None:
    do(state, move="pass")


def labels(state: DuelState) -> list[str]:
    return [a.label() for a in state.legal_actions()]


def card(state: DuelState, key: str) -> int:
    return state.game.tables.index[key]


def hand(state: DuelState, player: int) -> list[str]:
    return [state.game.tables.keys[k] for k, n in enumerate(state.hand[player]) for _ in range(n)]


def display(state: DuelState, player: int) -> list[str]:
    return [state.game.tables.keys[k] for k in state.disp[player]]


def discard(state: DuelState, player: int) -> list[str]:
    return [state.game.tables.keys[k] for k in state.discard[player]]


def unused_faces(state: DuelState) -> list[int | str]:
    return sorted(
        (f for f, used in zip(state.dice, state.spent, strict=True) if not used),
    )
