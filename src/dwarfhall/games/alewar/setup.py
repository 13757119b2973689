"""Setup: terrain rolled onto the board, the roll-off and the choice of sides, units placed alternately
(the Dwarves first), then the Goblins' two barrels; the first turn follows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import kit as A
from .board import LAKE, SETUP_SQUARES, SQUARES, lakes_leave_board_connected, square
from .phases import PLACE_BARRELS, PLACE_UNITS, SIDES, TERRAIN
from .pieces import DWARVES, EMPTY, FIRST_BARREL, FIRST_GOBLIN, GOBLINS, RESERVE, UNITS
from .turns import start_turn

if TYPE_CHECKING:
    from .state import AleWarState

PLACE_UNIT_ID, PLACE_BARREL_ID = A.PLACE_UNIT, A.PLACE_BARREL  # the kit's ids as module names (C ints compiled)


def begin(state: AleWarState) -> None:
    """The first decision: the chance steps before it (random terrain, roll-off) are resolved now."""
    if state.game.options.terrain_pick == "random":
        while sum(state.terrain_left):
            place_terrain(state, draw_terrain_kind(state))
    after_terrain_step(state)


# -- terrain ------------------------------------------------------------------------------------
def draw_terrain_kind(state: AleWarState) -> int:
    """A random piece from those left (each piece equally likely): kind index 0-2."""
    r = state.rng.below(sum(state.terrain_left))
    for kind, count in enumerate(state.terrain_left):
        if r < count:
            return kind
        r -= count
    raise AssertionError("unreachable: r is below the number of pieces left")


def terrain_ids(state: AleWarState) -> list[int]:
    return [A.PICK_TERRAIN + k for k, n in enumerate(state.terrain_left) if n]


def place_terrain(state: AleWarState, kind: int) -> None:
    """Rolls column and row until the square is free of terrain (and a lake would cut nothing off)."""
    code = kind + 1
    terrain = list(state.terrain)
    free = terrain.count(0)
    cuts_off: dict[int, bool] = {}  # lake squares checked so far, lazily: most rolls need one check
    rolls: list[tuple[int, int]] = []
    rng = state.rng
    while True:
        column, row = rng.die(), rng.die()
        rolls.append((column, row))
        sq = square(column, row)
        if terrain[sq]:
            continue
        if code == LAKE:
            if sq not in cuts_off:
                cuts_off[sq] = not lakes_leave_board_connected(state.lakes | 1 << sq)
            # when every free square would cut something off, the rulebook's rule alone applies
            if cuts_off[sq] and not (len(cuts_off) == free and all(cuts_off.values())):
                continue
        break
    seat = len(state.terrain_log) % 2
    terrain[sq] = code
    state.terrain = tuple(terrain)
    if code == LAKE:
        state.lakes |= 1 << sq  # kept in step with the terrain
    left = list(state.terrain_left)
    left[kind] -= 1
    state.terrain_left = tuple(left)
    state.terrain_log = (*state.terrain_log, (seat, code, sq, tuple(rolls)))


def pick_terrain(state: AleWarState, kind: int) -> None:
    """The placing seat chose the kind of the next piece (option terrain_pick="choose")."""
    place_terrain(state, kind)
    after_terrain_step(state)


def after_terrain_step(state: AleWarState) -> None:
    """More terrain to place, or the sides: fixed by the options, or a roll-off (ties rolled again)."""
    if sum(state.terrain_left):
        state.phase = TERRAIN
        return
    fixed = state.game.options.dwarf_seat
    if fixed is not None:
        state.dwarf_seat = fixed
        _begin_placement(state)
        return
    rolls: list[tuple[int, int]] = []
    rng = state.rng
    while True:  # re-roll ties
        a, b = rng.die(), rng.die()
        rolls.append((a, b))
        if a != b:
            break
    state.roll_off = tuple(rolls)
    state.chooser = 0 if a > b else 1
    state.phase = SIDES


# -- sides --------------------------------------------------------------------------------------
def choose_side(state: AleWarState, dwarves: bool) -> None:
    """The roll-off winner plays the Dwarves (or the Goblins)."""
    state.dwarf_seat = state.chooser if dwarves else 1 - state.chooser
    _begin_placement(state)


def _begin_placement(state: AleWarState) -> None:
    state.phase = PLACE_UNITS
    state.side = DWARVES


# -- units and barrels --------------------------------------------------------------------------
def place_unit_ids(state: AleWarState) -> list[int]:
    """Every unit of the side not placed yet, on every free square of its rows that is not a lake."""
    terrain, occ, pos, side = state.terrain, state.occ, state.pos, state.side
    free = [s for s in SETUP_SQUARES[side] if terrain[s] != LAKE and occ[s] == EMPTY]
    ids: list[int] = []
    first = FIRST_GOBLIN if side == GOBLINS else 0  # a side's units are first .. first + 2
    for unit in range(first, first + FIRST_GOBLIN):
        if pos[unit] == RESERVE:
            base = PLACE_UNIT_ID + unit * SQUARES
            ids += [base + s for s in free]
    return ids


def place_unit(state: AleWarState, unit: int, sq: int) -> None:
    """A unit is placed; the sides alternate until all six stand, then the Goblins place the barrels."""
    pos = state.pos
    pos[unit] = sq
    state.occ[sq] = unit
    placed = UNITS - pos.count(RESERVE)
    if placed == UNITS:
        state.phase, state.side = PLACE_BARRELS, GOBLINS
    else:
        state.side = placed % 2  # Dwarves first, then alternating


def barrel_ids(state: AleWarState) -> list[int]:
    """Any square without a unit, a barrel or a lake, on either half of the board."""
    terrain, occ = state.terrain, state.occ
    return [PLACE_BARREL_ID + s for s in range(SQUARES) if terrain[s] != LAKE and occ[s] == EMPTY]


def place_barrel(state: AleWarState, sq: int) -> None:
    """The next barrel goes on `sq`; after the second one the Dwarves play the first turn."""
    barrels = state.barrels
    barrel = barrels.index(RESERVE)
    barrels[barrel] = sq
    state.occ[sq] = FIRST_BARREL + barrel
    if RESERVE not in barrels:
        state.turn, state.side = 1, DWARVES
        start_turn(state)
