"""Ale War's declarations for the core's kit, in one place: its action-id space and its public zones.

Action ids: every decision of Ale War is one id of the action space `SPACE`. Units are numbered 0-5 (Dwarves
0-2, Goblins 3-5, in components order) and squares 0-35 (a1 = 0, b1 = 1, ..., f6 = 35), so ids never depend on
the position. The blocks are declared in the order of the ids they have always had (docs/rules/alewar.md,
"Actions"); the names below are their plain-int bases for the hot paths.

Zones: nothing is hidden but the dice to come, so every zone is public and the core's determinize only re-seeds
the dice. The zones are views of the position as sets of squares (a zone's "kinds" are the 36 squares), so
their tensor is one 6 x 6 plane per side, for the barrels and per terrain kind; tensor.py adds what the planes
leave out.
"""

from __future__ import annotations

from dwarfhall.core.spaces import ActionSpace
from dwarfhall.core.zones import ZoneSet, area, counter

from .board import SIZE, SQUARE_NAMES, SQUARES, TERRAIN_KINDS
from .pieces import FIRST_GOBLIN, UNITS

TURN_SCALE = 300  # turns are scaled by the turn limit, or by this without one
PLANES = ("dwarf_squares", "goblin_squares", "barrel_squares", "tree_squares", "hill_squares", "lake_squares")

SPACE = ActionSpace()
CHOOSE_DWARVES = SPACE.single("choose_dwarves")  # the roll-off winner plays the Dwarves
CHOOSE_GOBLINS = SPACE.single("choose_goblins")  # the roll-off winner plays the Goblins
# the next terrain piece, by kind (tree, hill, lake); only offered with option terrain_pick="choose"
PICK_TERRAIN_IDS = SPACE.block("pick_terrain", kind=len(TERRAIN_KINDS))
NO_ATTACK = SPACE.single("no_attack")  # decline the attack after moving
NO_REINFORCEMENT = SPACE.single("no_reinforcement")  # the Goblins decline to bring a unit back
PASS = SPACE.single("pass")  # no unit of the side is on the board and none comes back: the turn passes
PLACE_UNIT_IDS = SPACE.block("place_unit", unit=UNITS, square=SQUARES)
PLACE_BARREL_IDS = SPACE.block("place_barrel", square=SQUARES)
MOVE_IDS = SPACE.block("move", unit=UNITS, square=SQUARES)  # the unit's own square = stay
ATTACK_IDS = SPACE.block("attack", square=SQUARES)  # the target's square
REINFORCE_IDS = SPACE.block("reinforce", slot=UNITS - FIRST_GOBLIN, column=SIZE)  # Goblin slot, column of row 1

PICK_TERRAIN = PICK_TERRAIN_IDS.base  # + kind index
PLACE_UNIT = PLACE_UNIT_IDS.base  # + unit * 36 + square
PLACE_BARREL = PLACE_BARREL_IDS.base  # + square
MOVE = MOVE_IDS.base  # + unit * 36 + destination
ATTACK = ATTACK_IDS.base  # + target square
REINFORCE = REINFORCE_IDS.base  # + goblin slot (0-2) * 6 + column (0-5) of row 1
NUM_ACTIONS = SPACE.size
GOBLIN_BASE = FIRST_GOBLIN  # first Goblin unit index: reinforcement slot 0


def place_unit(unit: int, sq: int) -> int:
    return PLACE_UNIT + unit * SQUARES + sq


def move(unit: int, dest: int) -> int:
    return MOVE + unit * SQUARES + dest


def reinforce(unit: int, sq: int) -> int:
    """Bring Goblin `unit` (3-5) back on `sq`, a square of row 1 (so its column index)."""
    return REINFORCE + (unit - GOBLIN_BASE) * SIZE + sq


def zones_for(num_players: int, turn_limit: int | None) -> ZoneSet:
    """The public zones: squares held per side, by the barrels and per terrain kind; the turn counter."""
    zones = [area(attr, per_player=False) for attr in PLANES]
    zones.append(counter("turn", per_player=False, high=turn_limit or TURN_SCALE, bounded=turn_limit is not None))
    return ZoneSet(zones, num_players, SQUARES, SQUARE_NAMES, most=SQUARES)
