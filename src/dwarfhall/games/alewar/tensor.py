"""Ale War's public zones and its observation tensor: a board encoding on the 6 x 6 squares.

Nothing is hidden but the dice to come, so every zone is public and the core's determinize only re-seeds the
dice. The zones are views of the position as sets of squares (a zone's "kinds" are the 36 squares), so their
default tensor is one 6 x 6 plane per side, for the barrels and per terrain kind; `encode` adds what the
planes leave out (phase, seats, each unit's square, status and ratings, the barrels, terrain still to place).
The layout is in `layout` and docs/rules/alewar.md ("Observation tensor").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from dwarfhall.core.zones import ZoneSet, area, counter

from .board import SQUARE_NAMES, SQUARES
from .components import Components
from .phases import OVER, PHASE_NAMES, PLACE_UNITS
from .pieces import BARRELS, OUT, RESERVE, SIDE_NAMES, UNITS

if TYPE_CHECKING:
    from .state import AleWarState

TURN_SCALE = 300  # turns are scaled by the turn limit, or by this without one
MOVEMENT_SCALE = 10  # the highest movement rating a components file may give
ARMOR_SCALE = 6  # the highest armor rating
UNIT_WIDTH = SQUARES + 5  # square one-hot, reserve, out, moved this turn, movement, armor
PLANES = ("dwarf_squares", "goblin_squares", "barrel_squares", "tree_squares", "hill_squares", "lake_squares")


def zones_for(num_players: int, turn_limit: int | None) -> ZoneSet:
    """The public zones: squares held per side, by the barrels and per terrain kind; the turn counter."""
    zones = [area(attr, per_player=False) for attr in PLANES]
    zones.append(counter("turn", per_player=False, high=turn_limit or TURN_SCALE))
    return ZoneSet(zones, num_players, SQUARES, SQUARE_NAMES)


def extra_layout(comps: Components) -> list[tuple[str, int]]:
    """The parts `encode` adds after the zones' planes."""
    parts: list[tuple[str, int]] = [
        (f"phase (one-hot: {', '.join(PHASE_NAMES)})", len(PHASE_NAMES)),
        ("side to act (one-hot: dwarves, goblins; zeros during terrain, sides and after the end)", 2),
        ("seat playing the Dwarves (one-hot; zeros until chosen)", 2),
        ("roll-off winner choosing a side (one-hot; zeros without a roll-off)", 2),
    ]
    for unit in comps.units:
        parts.append(
            (
                f"unit {unit.key} ({SIDE_NAMES[unit.side]}): square (one-hot a1..f6), not placed yet, knocked out, "
                f"moved this turn, movement / {MOVEMENT_SCALE}, armor / {ARMOR_SCALE}",
                UNIT_WIDTH,
            )
        )
    parts.append(("barrels: per barrel not placed yet, destroyed", 2 * BARRELS))
    parts.append((f"barrel armor / {ARMOR_SCALE}", 1))
    parts.append(("terrain pieces left per kind (tree, hill, lake) / that kind's pieces", 3))
    parts.append(("hit rule at_least (1) or exact (0)", 1))
    return parts


def extra_size() -> int:
    return len(PHASE_NAMES) + 6 + UNITS * UNIT_WIDTH + 2 * BARRELS + 1 + 3 + 1


def encode(state: AleWarState, viewer: int | None) -> np.ndarray:
    """The zones' planes for `viewer`, then the parts of `extra_layout` (every value in 0..1)."""
    zones = state.game.zones
    assert zones is not None
    planes = zones.tensor(state, viewer)
    extra = np.zeros(extra_size(), dtype=np.float32)
    phase = state.phase
    extra[phase] = 1.0
    i = len(PHASE_NAMES)
    if PLACE_UNITS <= phase < OVER:
        extra[i + state.side] = 1.0
    if state.dwarf_seat >= 0:
        extra[i + 2 + state.dwarf_seat] = 1.0
    if state.chooser >= 0:
        extra[i + 4 + state.chooser] = 1.0
    i += 6
    comps = state.comps
    for unit, sq in enumerate(state.pos):
        if sq >= 0:
            extra[i + sq] = 1.0
        elif sq == RESERVE:
            extra[i + SQUARES] = 1.0
        elif sq == OUT:
            extra[i + SQUARES + 1] = 1.0
        if unit == state.moved:  # set in the attack phase only
            extra[i + SQUARES + 2] = 1.0
        extra[i + SQUARES + 3] = comps.movement[unit] / MOVEMENT_SCALE
        extra[i + SQUARES + 4] = comps.armor[unit] / ARMOR_SCALE
        i += UNIT_WIDTH
    for sq in state.barrels:
        extra[i] = float(sq == RESERVE)
        extra[i + 1] = float(sq == OUT)
        i += 2
    extra[i] = comps.barrel.armor / ARMOR_SCALE
    i += 1
    for kind, left in enumerate(state.terrain_left):
        extra[i + kind] = left / max(1, left, comps.terrain[kind].count)  # a scenario may hold more
    i += 3
    extra[i] = float(state.game.options.hit_rule == "at_least")
    return np.concatenate((planes, extra))
