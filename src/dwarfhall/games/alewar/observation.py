"""What a player sees: Ale War hides nothing but future dice, so every viewer gets the same JSON and tensor.

The observation tensor (tensor.py) encodes every field of it; the layout is in docs/rules/alewar.md.
"""


from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .board import SQUARE_NAMES
from .phases import PHASE_NAMES
from .pieces import DWARF_UNITS, DWARVES, GOBLIN_UNITS, GOBLINS, OUT, SIDE_NAMES
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
