"""Ale War positions written as JSON: the saved state (`State.to_json`) and the parts observations share."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dwarfhall.core.i18n import LANGUAGES
from dwarfhall.core.messages import Name

from .board import SQUARE_NAMES, TERRAIN_KINDS
from .phases import DRAW, OVER, PHASE_NAMES, PLACE_UNITS
from .pieces import DWARVES, FIRST_BARREL, GOBLINS, OUT, RESERVE, SIDE_NAMES

if TYPE_CHECKING:
    from .state import AleWarState

WINNER_NAMES = {DWARVES: "dwarves", GOBLINS: "goblins", DRAW: "draw"}
UNIT_STATUS = {RESERVE: "reserve", OUT: "out"}
BARREL_STATUS = {RESERVE: "reserve", OUT: "destroyed"}


def where(sq: int, words: Mapping[int, str]) -> str:
    """A square's name, or the word for a piece off the board."""
    return SQUARE_NAMES[sq] if sq >= 0 else words[sq]


def name_json(name: Name) -> dict[str, str]:
    """A component's name in every language (its case forms are for labels only)."""
    return {lang: name.form(lang) for lang in LANGUAGES}


def terrain_json(state: AleWarState) -> dict[str, str]:
    return {SQUARE_NAMES[s]: TERRAIN_KINDS[k - 1] for s, k in enumerate(state.terrain) if k}


def terrain_left_json(state: AleWarState) -> dict[str, int]:
    return dict(zip(TERRAIN_KINDS, state.terrain_left, strict=True))


def terrain_log_json(state: AleWarState) -> list[dict[str, Any]]:
    return [
        {"seat": seat, "kind": TERRAIN_KINDS[code - 1], "square": SQUARE_NAMES[sq], "rolls": [list(r) for r in rolls]}
        for seat, code, sq, rolls in state.terrain_log
    ]


def attack_json(state: AleWarState) -> dict[str, Any] | None:
    if state.last_attack is None:
        return None
    attacker, code, sq, die, modifier, armor, hit = state.last_attack
    units = state.game.components.units
    return {
        "attacker": units[attacker].key,
        "target": "barrel" if code >= FIRST_BARREL else units[code].key,
        "square": SQUARE_NAMES[sq],
        "die": die,
        "modifier": modifier,
        "total": die + modifier,
        "armor": armor,
        "hit": hit,
    }


def side_to_act(state: AleWarState) -> str | None:
    return SIDE_NAMES[state.side] if PLACE_UNITS <= state.phase < OVER else None


def moved_unit(state: AleWarState) -> str | None:
    return state.game.components.units[state.moved].key if state.moved >= 0 else None


def state_body(state: AleWarState) -> dict[str, Any]:
    """Everything that makes the position (the protocol's `_to_json_body`)."""
    return {
        "phase": PHASE_NAMES[state.phase],
        "side_to_act": side_to_act(state),
        "turn": state.turn,
        "terrain": terrain_json(state),
        "terrain_left": terrain_left_json(state),
        "terrain_log": terrain_log_json(state),
        "roll_off": [list(r) for r in state.roll_off],
        "side_chooser": state.chooser if state.chooser >= 0 else None,
        "dwarf_seat": state.dwarf_seat if state.dwarf_seat >= 0 else None,
        "units": {u.key: where(state.pos[i], UNIT_STATUS) for i, u in enumerate(state.game.components.units)},
        "barrels": [where(sq, BARREL_STATUS) for sq in state.barrels],
        "moved_unit": moved_unit(state),
        "last_attack": attack_json(state),
        "winner": WINNER_NAMES.get(state.winner),
    }
