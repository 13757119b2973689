"""The Goblins' set-up as a book: units and barrels placed so that the Goblins wall the barrels in from the start.

A Dwarf can strike a barrel only from a square next to it (not a lake, not the other barrel). With both barrels
in a corner of the Goblins' rows, or against a lake, three or fewer such squares are left, and the three Goblins
can stand on all of them before the first turn. Between searches, games that began with such a wall went to the
Goblins far more often (BENCHMARKS.md, "Ale War's expert: the match against the reference played on").
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from dwarfhall.core import Rng

from . import kit as A
from .board import LAKE, NEIGHBOURS, SETUP_SQUARES, SQUARES, distance
from .phases import PLACE_BARRELS, PLACE_UNITS
from .pieces import EMPTY, FIRST_BARREL, FIRST_GOBLIN, GOBLINS, RESERVE
from .state import AleWarState

WALL = 3  # Goblins on the board to hold a wall


def strike_squares(terrain: Sequence[int], barrels: tuple[int, ...]) -> frozenset[int]:
    """The squares a Dwarf could strike one of `barrels` from: next to it, not a lake, not a barrel."""
    return frozenset(n for b in barrels for n in NEIGHBOURS[b] if terrain[n] != LAKE and n not in barrels)


def _walls(terrain: Sequence[int]) -> list[tuple[tuple[int, int], frozenset[int]]]:
    """Every pair of barrel squares in the Goblins' rows whose strike squares three Goblins can hold at set-up."""
    rows = set(SETUP_SQUARES[GOBLINS])
    open_squares = [s for s in SETUP_SQUARES[GOBLINS] if terrain[s] != LAKE]
    walls = []
    for pair in combinations(open_squares, 2):
        wall = strike_squares(terrain, pair)
        if len(wall) <= WALL and wall <= rows:
            walls.append((pair, wall))
    return walls


def _goblin_squares(state: AleWarState) -> list[int]:
    return [state.pos[u] for u in range(FIRST_GOBLIN, FIRST_BARREL) if state.pos[u] >= 0]


def _place_unit(state: AleWarState, rng: Rng) -> int | None:
    """A Goblin onto a square of the tightest wall still open to the Goblins already placed."""
    terrain, occ = state.terrain, state.occ
    placed = _goblin_squares(state)
    best: list[tuple[tuple[int, int], frozenset[int]]] = []
    best_key: tuple[int, int] | None = None
    for pair, wall in _walls(terrain):
        if any(occ[s] != EMPTY for s in pair) or any(occ[s] != EMPTY and s not in placed for s in wall):
            continue  # only Goblins stand in their rows at set-up: a barrel square taken, or a wall square
        spare = sum(1 for s in placed if s not in wall)
        if spare > WALL - len(wall):
            continue
        key = (len(wall), spare)
        if best_key is None or key < best_key:
            best, best_key = [(pair, wall)], key
        elif key == best_key:
            best.append((pair, wall))
    if not best:
        return None
    pair, wall = rng.choice(best)
    free = [s for s in sorted(wall) if occ[s] == EMPTY]
    if not free:
        # the wall stands; the spare Goblin goes next to it, where it can step into a gap
        free = [
            s
            for s in SETUP_SQUARES[GOBLINS]
            if occ[s] == EMPTY and terrain[s] != LAKE and s not in pair and min(distance(s, w) for w in wall) == 1
        ] or [s for s in SETUP_SQUARES[GOBLINS] if occ[s] == EMPTY and terrain[s] != LAKE and s not in pair]
    square = rng.choice(free)
    unit = next(u for u in range(FIRST_GOBLIN, FIRST_BARREL) if state.pos[u] == RESERVE)
    return A.place_unit(unit, square)


def _place_barrel(state: AleWarState, rng: Rng) -> int:
    """The barrel that, with the other, leaves the fewest strike squares no Goblin holds (then the fewest in all)."""
    terrain, occ = state.terrain, state.occ
    goblins = set(_goblin_squares(state))
    free = [s for s in range(SQUARES) if terrain[s] != LAKE and occ[s] == EMPTY]
    standing = tuple(b for b in state.barrels if b >= 0)
    pairs = [(*standing, s) for s in free] if standing else list(combinations(free, 2))
    best: list[int] = []
    best_key: tuple[int, int] | None = None
    for pair in pairs:
        wall = strike_squares(terrain, pair)
        key = (len(wall - goblins), len(wall))
        squares = [s for s in pair if s not in standing]
        if best_key is None or key < best_key:
            best, best_key = squares, key
        elif key == best_key:
            best.extend(squares)
    return A.PLACE_BARREL + rng.choice(best)


def goblin_setup(state: AleWarState, player: int, rng: Rng) -> int | None:
    """The book's move for `player` if it places the Goblins' units or barrels; None otherwise."""
    if state.current_player != player or state.side != GOBLINS:
        return None
    if state.phase == PLACE_UNITS:
        return _place_unit(state, rng)
    if state.phase == PLACE_BARRELS:
        return _place_barrel(state, rng)
    return None
