"""Where the pieces are: unit and barrel codes, the sides, and the places off the board.

A unit is an index 0-5 (Dwarves 0-2, Goblins 3-5, in components order); a square's occupant is a unit index,
`FIRST_BARREL + barrel` or `EMPTY`; a unit or barrel off the board is `RESERVE` or `OUT`.
"""

from __future__ import annotations

from .board import SQUARES

DWARVES, GOBLINS = 0, 1
SIDE_NAMES: tuple[str, str] = ("dwarves", "goblins")
UNITS = 6
BARRELS = 2
FIRST_GOBLIN = 3  # unit indices 0-2 are Dwarves, 3-5 Goblins
FIRST_BARREL = 6  # occupancy codes 6 and 7 are the barrels
EMPTY = -1  # an empty square

# where a unit or barrel is when it is not on a square
RESERVE = -1  # not placed yet
OUT = -2  # knocked out (a unit) or destroyed (a barrel)

DWARF_UNITS = range(0, FIRST_GOBLIN)
GOBLIN_UNITS = range(FIRST_GOBLIN, FIRST_BARREL)
UNITS_OF_SIDE = (DWARF_UNITS, GOBLIN_UNITS)


def side_of_code(code: int) -> int:
    """The side a piece on the board belongs to (barrels are the Goblins')."""
    return DWARVES if code < FIRST_GOBLIN else GOBLINS


def occupancy(pos: list[int], barrels: list[int]) -> list[int]:
    """Each square's occupant, rebuilt from where the units and barrels stand."""
    occ = [EMPTY] * SQUARES
    for unit, sq in enumerate(pos):
        if sq >= 0:
            occ[sq] = unit
    for barrel, sq in enumerate(barrels):
        if sq >= 0:
            occ[sq] = FIRST_BARREL + barrel
    return occ
