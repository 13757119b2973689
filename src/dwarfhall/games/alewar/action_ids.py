"""The stable action id layout: every decision of Ale War is one id below NUM_ACTIONS.

Units are numbered 0-5 (Dwarves 0-2, Goblins 3-5, in components order) and
squares 0-35 (a1 = 0, b1 = 1, ..., f6 = 35), so ids never depend on the position.
"""

from __future__ import annotations

from .board import SIZE, SQUARES

UNITS = 6
GOBLIN_BASE = 3  # first Goblin unit index

CHOOSE_DWARVES = 0  # the roll-off winner plays the Dwarves
CHOOSE_GOBLINS = 1  # the roll-off winner plays the Goblins
PICK_TERRAIN = 2  # + kind index (tree, hill, lake): the next terrain piece (option terrain_pick="choose")
NO_ATTACK = 5  # decline the attack after moving
NO_REINFORCEMENT = 6  # the Goblins decline to bring a unit back
PASS = 7  # no unit of the side is on the board and none comes back: the turn passes
PLACE_UNIT = 8  # + unit * 36 + square
PLACE_BARREL = PLACE_UNIT + UNITS * SQUARES  # + square
MOVE = PLACE_BARREL + SQUARES  # + unit * 36 + destination (the unit's own square = stay)
ATTACK = MOVE + UNITS * SQUARES  # + target square
REINFORCE = ATTACK + SQUARES  # + goblin slot (0-2) * 6 + column (0-5) of row 1
NUM_ACTIONS = REINFORCE + 3 * SIZE


def place_unit(unit: int, sq: int) -> int:
    return PLACE_UNIT + unit * SQUARES + sq


def move(unit: int, dest: int) -> int:
    return MOVE + unit * SQUARES + dest


def reinforce(unit: int, sq: int) -> int:
    return REINFORCE + (unit - GOBLIN_BASE) * SIZE + sq
