"""What is legal in each phase, and carrying out an action: the dispatch from ids to the rules modules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import kit as A
from .board import SIZE, SQUARES
from .combat import attack, targets
from .movement import move, move_ids
from .phases import ATTACK, MOVE, OVER, PLACE_BARRELS, PLACE_UNITS, REINFORCE, SIDES, TERRAIN
from .reinforcement import bring_back, reinforce_ids
from .setup import barrel_ids, choose_side, pick_terrain, place_barrel, place_unit, place_unit_ids, terrain_ids
from .turns import end_turn

if TYPE_CHECKING:
    from .state import AleWarState


def legal_ids(state: AleWarState) -> list[int]:
    """Ids of every legal action in increasing order (the protocol's `_legal_action_ids`)."""
    phase = state.phase
    if phase == MOVE:
        return move_ids(state)
    if phase == ATTACK:
        return [A.NO_ATTACK, *(A.ATTACK + t for t in targets(state, state.moved))]
    if phase == REINFORCE:
        return reinforce_ids(state)
    if phase == PLACE_UNITS:
        return place_unit_ids(state)
    if phase == PLACE_BARRELS:
        return barrel_ids(state)
    if phase == SIDES:
        return [A.CHOOSE_DWARVES, A.CHOOSE_GOBLINS]
    if phase == TERRAIN:
        return terrain_ids(state)
    return []


def apply(state: AleWarState, action_id: int) -> None:
    """Carries out a legal action (the protocol's `_apply`); ids are tested in the order play reaches them."""
    if action_id >= A.MOVE:
        if action_id < A.ATTACK:
            move(state, *divmod(action_id - A.MOVE, SQUARES))
        elif action_id < A.REINFORCE:
            attack(state, action_id - A.ATTACK)
            if state.phase != OVER:
                end_turn(state)
        else:
            bring_back(state, *divmod(action_id - A.REINFORCE, SIZE))
            state.phase = MOVE
    elif action_id >= A.PLACE_UNIT:
        if action_id < A.PLACE_BARREL:
            place_unit(state, *divmod(action_id - A.PLACE_UNIT, SQUARES))
        else:
            place_barrel(state, action_id - A.PLACE_BARREL)
    elif action_id == A.NO_ATTACK or action_id == A.PASS:
        end_turn(state)
    elif action_id == A.NO_REINFORCEMENT:
        state.phase = MOVE
    elif action_id <= A.CHOOSE_GOBLINS:
        choose_side(state, action_id == A.CHOOSE_DWARVES)
    else:
        pick_terrain(state, action_id - A.PICK_TERRAIN)
