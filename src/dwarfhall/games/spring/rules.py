"""Which actions are legal, what they do and how they read; so far the starting settlements (R2-R4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dwarfhall.core import Action, Message, Name, msg

from .action_ids import START_SETTLEMENT
from .phases import NO_ONE, PLACING
from .table import place_gain

if TYPE_CHECKING:
    from .state import SpringState

RESOURCE_KEYS = ("wood", "food", "gold")


def legal_action_ids(state: SpringState) -> list[int]:
    if state.phase == PLACING:
        return _start_settlements(state)
    raise NotImplementedError("the action phase of an era is not built yet")


def _free_land(state: SpringState, location: int) -> bool:
    """A grassland spot where a settlement may stand: not water, no piece, no dwarf, no web."""
    slot = state.world.slots[location]
    if slot is None or slot.kind == "water":
        return False
    if state.owner_at[location] != NO_ONE or state.web_at[location] != NO_ONE:
        return False
    return not any(location in dwarfs for dwarfs in state.dwarfs)


def _start_settlements(state: SpringState) -> list[int]:
    """R3-R4: a settlement from the leftmost spot of any line that still has one, on any free land spot."""
    player = state.to_act
    places = [state.world.place_of[loc] for loc in range(len(state.owner_at)) if _free_land(state, loc)]
    places.sort()
    base, stride = START_SETTLEMENT.base, START_SETTLEMENT.strides[0]
    return [base + line * stride + place for line in range(3) if state.line_left[player][line] for place in places]


def apply(state: SpringState, action_id: int) -> None:
    if action_id in START_SETTLEMENT:
        line, place = START_SETTLEMENT.decode(action_id)
        _place_start(state, line, state.world.location_at[place])
        return
    raise NotImplementedError(f"action {action_id} belongs to a part of the game that is not built yet")


def _place_start(state: SpringState, line: int, location: int) -> None:
    from .setup import start_era  # setup imports the table helpers this module uses too

    player = state.to_act
    state.line_left[player][line] -= 1
    state.owner_at[location] = player
    state.settlement_line[location] = line
    place_gain(state, player, location)
    state.placing.pop(0)
    if state.placing:
        state.to_act = state.placing[0]
    else:
        start_era(state)


def spot_text(state: SpringState, location: int) -> Message:
    """A map place for labels: its id and what is printed there."""
    comps = state.game_.components
    place = state.world.geometry.locations[location].id
    slot = state.world.slots[location]
    if slot is None:
        wildland = state.world.wildland_of(location)
        assert wildland is not None
        return msg("spot", place=place, kind=Name(wildland.name))
    kind = Name(comps.spot_kinds[slot.kind].name)
    if slot.is_resource:
        return msg("resource_spot", place=place, kind=kind, amount=slot.amount)
    return msg("spot", place=place, kind=kind)


def describe_action(state: SpringState, action_id: int) -> Action:
    game = state.game_
    if action_id in START_SETTLEMENT:
        line, place = START_SETTLEMENT.decode(action_id)
        location = state.world.location_at[place]
        resource = RESOURCE_KEYS[line]
        payload = {
            "move": "start_settlement",
            "line": resource,
            "spot": state.world.geometry.locations[location].id,
        }
        text = msg(
            "start_settlement", line=Name(game.components.resources[resource].name), spot=spot_text(state, location)
        )
        return Action(action_id, payload, text, game.messages)
    raise NotImplementedError(f"action {action_id} belongs to a part of the game that is not built yet")
