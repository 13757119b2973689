"""Building Ale War positions and steering its dice for the rule tests."""

from __future__ import annotations

from typing import Any

from dwarfhall.core import Rng
from dwarfhall.games.alewar import kit as A
from dwarfhall.games.alewar.board import SQUARE_NAMES, parse_square
from dwarfhall.games.alewar.game import AleWarGame
from dwarfhall.games.alewar.state import AleWarState

UNIT = {"axeman": 0, "shieldbearer": 1, "scout": 2, "spearman": 3, "warrior": 4, "brute": 5}


def sq(name: str) -> int:
    square = parse_square(name)
    assert square is not None, name
    return square


def position(options: dict[str, Any] | None = None, **body: Any) -> AleWarState:
    """A hand-written position (see AleWarGame.scenario_from_dict); Dwarves to move on turn 1 by default."""
    state = AleWarGame(options or {}).scenario_from_dict(body)
    assert isinstance(state, AleWarState)
    return state


def seed_for_dice(*dice: int) -> int:
    """An Rng seed whose first die rolls are `dice`."""
    for seed in range(100_000):
        rng = Rng(seed)
        if all(rng.die() == d for d in dice):
            return seed
    raise AssertionError(f"no seed rolls {dice}")


def destinations(state: AleWarState, unit: str) -> set[str]:
    """Squares the unit may move to now (its own square included when moving 0 is legal)."""
    base = A.MOVE + UNIT[unit] * 36
    return {SQUARE_NAMES[a - base] for a in state.legal_action_ids() if base <= a < base + 36}


def move(state: AleWarState, unit: str, to: str) -> None:
    state.apply(A.move(UNIT[unit], sq(to)))


def attack(state: AleWarState, target: str) -> None:
    state.apply(A.ATTACK + sq(target))


def odds(state: AleWarState, target: str) -> dict[str, Any]:
    return dict(state.describe_action(A.ATTACK + sq(target)).payload)
