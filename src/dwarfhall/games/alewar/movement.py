"""Moving a unit: up to its movement rating, orthogonally, never through lakes or enemies (barrels are the
Dwarves' enemies), through friends but not ending on one; then an attack if something is next to it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import kit as A
from .board import FULL, NOT_COLUMN_A, NOT_COLUMN_F, SIZE, SQUARES, spread, squares_of
from .combat import target_next_to
from .phases import ATTACK
from .pieces import DWARVES, EMPTY, FIRST_GOBLIN, GOBLINS, UNITS
from .turns import end_turn

if TYPE_CHECKING:
    from .state import AleWarState

# the move ids of a unit's destinations on one row, per unit, row and 6-bit pattern of that row's squares: a legal
# list is a few tuple joins, with no arithmetic per destination
_ROW_IDS: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    tuple(
        tuple(
            tuple(A.MOVE + unit * SQUARES + row * SIZE + c for c in range(SIZE) if pattern >> c & 1)
            for pattern in range(1 << SIZE)
        )
        for row in range(SIZE)
    )
    for unit in range(UNITS)
)
ONE = 1  # a square's bit is ONE << square: an unsigned 64-bit integer when compiled, so that it reaches bit 35


def movement_bits(state: AleWarState, side: int) -> tuple[int, int]:
    """(squares the side may pass through, squares it may end on) as bitboards."""
    friends = enemies = 0
    pos = state.pos
    for unit in range(UNITS):
        sq = pos[unit]
        if sq >= 0:
            if (unit < FIRST_GOBLIN) == (side == DWARVES):
                friends |= ONE << sq
            else:
                enemies |= ONE << sq
    barrels = 0
    for sq in state.barrels:
        if sq >= 0:
            barrels |= ONE << sq
    blocked = state.lakes | enemies | (barrels if side == DWARVES else 0)
    passable = FULL & ~blocked  # friends (and, for Goblins, their barrels) are passed
    free = passable & ~friends & ~barrels
    return passable, free


def move_ids(state: AleWarState) -> list[int]:
    """Every (unit, destination) of the side to act, or the pass when it has no unit on the board."""
    # the hottest path of a random game: flood inlined, destinations joined from the per-row tables
    ids: list[int] = []
    side = state.side
    passable, free = movement_bits(state, side)
    movement, pos = state.game.components.movement, state.pos
    first = FIRST_GOBLIN if side == GOBLINS else 0  # a side's units are first .. first + 2
    for unit in range(first, first + FIRST_GOBLIN):
        start = pos[unit]
        if start < 0:
            continue
        reached = frontier = ONE << start
        for _ in range(movement[unit]):
            frontier = (
                ((frontier << SIZE) & FULL) | (frontier >> SIZE)
                | ((frontier & NOT_COLUMN_F) << 1) | ((frontier & NOT_COLUMN_A) >> 1)
            ) & passable & ~reached
            if not frontier:
                break
            reached |= frontier
        bits = (reached & free) | (ONE << start)
        rows = _ROW_IDS[unit]
        for row in range(SIZE):
            if bits & 63:
                row_ids = rows[row]
                ids += row_ids[bits & 63]
            bits >>= SIZE
            if not bits:
                break
    return ids or [A.PASS]


def flood(start: int, steps: int, passable: int, free: int) -> int:
    """Bitboard of the squares a unit on `start` ends on within `steps` orthogonal steps (its own included)."""
    reached = frontier = start
    for _ in range(steps):
        frontier = spread(frontier) & passable & ~reached
        if not frontier:
            break
        reached |= frontier
    return (reached & free) | start


def reach(state: AleWarState, unit: int) -> list[int]:
    """Every square the unit may end on, in increasing order: its own (moving 0) and all reachable free ones."""
    passable, free = movement_bits(state, DWARVES if unit < FIRST_GOBLIN else GOBLINS)
    return squares_of(flood(1 << state.pos[unit], state.game.components.movement[unit], passable, free))


def move(state: AleWarState, unit: int, dest: int) -> None:
    """The unit goes to `dest` (staying is a move); it may then attack, or the turn ends."""
    pos, occ = state.pos, state.occ
    start = pos[unit]
    if dest != start:
        occ[start] = EMPTY
        pos[unit] = dest
        occ[dest] = unit
    state.moved = unit
    if target_next_to(occ, dest, unit < FIRST_GOBLIN):
        state.phase = ATTACK
    else:
        end_turn(state)
