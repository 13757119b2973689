"""What a player sees: Ale War hides nothing but future dice, so every viewer gets the same JSON and tensor.

The observation tensor is the kit's zones' planes (`kit.zones_for`), then the parts of `extra_layout` that the
planes leave out: phase, seats, each unit's square, status and ratings, the barrels, terrain still to place.
The layout is in docs/rules/alewar.md ("Observation tensor").
"""


from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .board import SQUARE_NAMES, SQUARES
from .components import Components
from .phases import OVER, PHASE_NAMES, PLACE_UNITS
from .pieces import BARRELS, DWARF_UNITS, DWARVES, GOBLIN_UNITS, GOBLINS, OUT, RESERVE, SIDE_NAMES, UNITS
from .snapshot import (
    BARREL_STATUS,
    UNIT_STATUS,
    WINNER_NAMES,
    attack_json,
    moved_unit,
    name_json,
    side_to_act,
    terrain_json,
    terrain_left_json,
    terrain_log_json,
)

if TYPE_CHECKING:
    from .state import AleWarState

MOVEMENT_SCALE = 10  # the highest movement rating a components file may give
ARMOR_SCALE = 6  # the highest armor rating
UNIT_WIDTH = SQUARES + 5  # square one-hot, reserve, out, moved this turn, movement, armor


def observe(state: AleWarState, viewer: int | None) -> dict[str, Any]:
    """The protocol's `_observe`: the whole position, the components' names and ratings, and who looks."""
    comps = state.game.components
    units = []
    for i, unit in enumerate(comps.units):
        sq = state.pos[i]
        units.append(
            {
                "key": unit.key,
                "side": SIDE_NAMES[unit.side],
                "name": name_json(unit.name),
                "movement": unit.movement,
                "armor": unit.armor,
                "reconstructed": unit.reconstructed,
                "square": SQUARE_NAMES[sq] if sq >= 0 else None,
                "status": "board" if sq >= 0 else UNIT_STATUS[sq],
            }
        )
    options = state.game.options
    return {
        "game": "alewar",
        "viewer": viewer,
        "phase": PHASE_NAMES[state.phase],
        "to_act": state.current_player,
        "side_to_act": side_to_act(state),
        "turn": state.turn,
        "turn_limit": options.turn_limit,
        "hit_rule": options.hit_rule,
        "seats": {"dwarves": _seat(state, DWARVES), "goblins": _seat(state, GOBLINS)},
        "roll_off": [list(r) for r in state.roll_off],
        "side_chooser": state.chooser if state.chooser >= 0 else None,
        "terrain": terrain_json(state),
        "terrain_left": terrain_left_json(state),
        "terrain_log": terrain_log_json(state),
        "terrain_names": {t.kind: name_json(t.name) for t in comps.terrain},
        "units": units,
        "barrel": {
            "name": name_json(comps.barrel.name),
            "armor": comps.barrel.armor,
            "reconstructed": comps.barrel.reconstructed,
        },
        "barrels": [
            {"square": SQUARE_NAMES[sq] if sq >= 0 else None, "status": "board" if sq >= 0 else BARREL_STATUS[sq]}
            for sq in state.barrels
        ],
        "knocked_out": {
            side: [comps.units[u].key for u in group if state.pos[u] == OUT]
            for side, group in zip(SIDE_NAMES, (DWARF_UNITS, GOBLIN_UNITS), strict=True)
        },
        "moved_unit": moved_unit(state),
        "last_attack": attack_json(state),
        "winner": WINNER_NAMES.get(state.winner),
        "scores": state.scores(),
    }


def _seat(state: AleWarState, side: int) -> int | None:
    seat = state.seat_of(side)
    return seat if seat >= 0 else None


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
    comps = state.game.components
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
