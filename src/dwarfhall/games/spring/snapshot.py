"""The full state as JSON (the body of `State.to_json`); `scenario.load_saved` reads it back.

Saves keep the state's own numbers (card-kind indices, location indices), field by field; hand-written positions
name things by their keys instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import SpringState

INTS = ("phase", "era", "round", "first", "to_act", "stage")
FLAT_LISTS = (
    "placing",
    "monster_at",
    "web_at",
    "owner_at",
    "settlement_line",
    "expedition_deck",
    "unused_monsters",
    "expedition_area",
    "egg_pile",
    "faerie_deck",
    "faerie_discard",
    "removed",
    "fortress_at",
    "home",
    "spots_used",
    "defeated",
    "faerie_power",
)
NESTED_LISTS = (
    "treasury",
    "line_left",
    "dwarfs",
    "nest",
    "nest_level",
    "exhausted",
    "heroes",
    "faerie_hand",
    "successes",
)  # one row per player


def dump(state: SpringState) -> dict[str, Any]:
    """The state as plain numbers and lists (the body of `State.to_json`): indices, not keys."""
    body: dict[str, Any] = {name: getattr(state, name) for name in INTS}
    body["map"] = state.world.to_json()
    for name in FLAT_LISTS:
        body[name] = getattr(state, name)[:]
    for name in NESTED_LISTS:
        body[name] = [row[:] for row in getattr(state, name)]
    body["pending"] = [step[:] for step in state.pending]
    body["last_reveal"] = list(state.last_reveal)
    return body
