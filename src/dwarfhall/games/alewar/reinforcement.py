"""The Goblins' special rule: at the start of their turn they may bring a knocked-out Goblin back on row 1."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import kit as A
from .board import LAKE, REINFORCEMENT_SQUARES
from .pieces import EMPTY, FIRST_GOBLIN, GOBLIN_UNITS, OUT

if TYPE_CHECKING:
    from .state import AleWarState


def free_squares(state: AleWarState) -> list[int]:
    """Squares of row 1 a Goblin may come back on: no lake, nothing standing there."""
    terrain, occ = state.terrain, state.occ
    return [s for s in REINFORCEMENT_SQUARES if terrain[s] != LAKE and occ[s] == EMPTY]


def may_reinforce(state: AleWarState) -> bool:
    """A Goblin (one of the three) is knocked out and row 1 has room for it."""
    pos = state.pos
    if pos[FIRST_GOBLIN] != OUT and pos[FIRST_GOBLIN + 1] != OUT and pos[FIRST_GOBLIN + 2] != OUT:
        return False
    terrain, occ = state.terrain, state.occ
    for s in REINFORCEMENT_SQUARES:
        if terrain[s] != LAKE and occ[s] == EMPTY:
            return True
    return False


def reinforce_ids(state: AleWarState) -> list[int]:
    """Declining first, then every knocked-out Goblin on every free square of row 1."""
    free = free_squares(state)
    pos = state.pos
    return [A.NO_REINFORCEMENT, *(A.reinforce(u, s) for u in GOBLIN_UNITS if pos[u] == OUT for s in free)]


def bring_back(state: AleWarState, slot: int, sq: int) -> None:
    """Goblin slot 0-2 returns on `sq`; it may be the unit that moves this turn."""
    unit = FIRST_GOBLIN + slot
    state.pos[unit] = sq
    state.occ[sq] = unit
