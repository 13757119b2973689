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

# the kit's ids as module names (C integers when compiled); the kit's MOVE, ATTACK and REINFORCE are also phases
ATTACK_ID, MOVE_ID, REINFORCE_ID = A.ATTACK, A.MOVE, A.REINFORCE
CHOOSE_DWARVES, CHOOSE_GOBLINS, NO_ATTACK, NO_REINFORCEMENT, PASS = (
    A.CHOOSE_DWARVES, A.CHOOSE_GOBLINS, A.NO_ATTACK, A.NO_REINFORCEMENT, A.PASS
)
PICK_TERRAIN, PLACE_BARREL, PLACE_UNIT = A.PICK_TERRAIN, A.PLACE_BARREL, A.PLACE_UNIT


def legal_ids(state: AleWarState) -> list[int]:
    """Ids of every legal action in increasing order (the protocol's `_legal_action_ids`)."""
    phase = state.phase
    if phase == MOVE:
        return move_ids(state)
    if phase == ATTACK:
        return [NO_ATTACK, *[ATTACK_ID + t for t in targets(state, state.moved)]]
    if phase == REINFORCE:
        return reinforce_ids(state)
    if phase == PLACE_UNITS:
        return place_unit_ids(state)
    if phase == PLACE_BARRELS:
        return barrel_ids(state)
    if phase == SIDES:
        return [CHOOSE_DWARVES, CHOOSE_GOBLINS]
    if phase == TERRAIN:
        return terrain_ids(state)
    return []


def apply(state: AleWarState, action_id: int) -> None:
    """Carries out a legal action (the protocol's `_apply`); ids are tested in the order play reaches them."""
    if action_id >= MOVE_ID:
        if action_id < ATTACK_ID:
            offset = action_id - MOVE_ID
            move(state, offset // SQUARES, offset % SQUARES)
        elif action_id < REINFORCE_ID:
            attack(state, action_id - ATTACK_ID)
            if state.phase != OVER:
                end_turn(state)
        else:
            offset = action_id - REINFORCE_ID
            bring_back(state, offset // SIZE, offset % SIZE)
            state.phase = MOVE
    elif action_id >= PLACE_UNIT:
        if action_id < PLACE_BARREL:
            offset = action_id - PLACE_UNIT
            place_unit(state, offset // SQUARES, offset % SQUARES)
        else:
            place_barrel(state, action_id - PLACE_BARREL)
    elif action_id == NO_ATTACK or action_id == PASS:
        end_turn(state)
    elif action_id == NO_REINFORCEMENT:
        state.phase = MOVE
    elif action_id <= CHOOSE_GOBLINS:
        choose_side(state, action_id == CHOOSE_DWARVES)
    else:
        pick_terrain(state, action_id - PICK_TERRAIN)
