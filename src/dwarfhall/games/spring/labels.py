"""Actions as people and programs see them: a JSON-ready payload and a label.

A label is a message key of Spring's messages file (messages.toml) with its fields, decoded by block from the
action space (kit.py); an action that uses a component names it in `payload["component"]` (usage.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from dwarfhall.core import Action, Message, Name, msg

from . import dragons
from .kit import (
    ADD_BACKPACKS,
    BUILD,
    CHOOSE_RESOURCE,
    COMMAND,
    COMMAND_DONE,
    DRAGON_SPOT,
    END_TURN,
    EXPLORE,
    FAERIE_APPLY,
    FAERIE_SKIP,
    FIGHT,
    FORTRESS,
    GATHER,
    IDLE,
    LEAVE,
    MOVE_FROM,
    MOVE_TO,
    NO_TRIM,
    PICK_DWARF,
    PLAY_FAERIE,
    QUEST,
    REMOVE_WEB,
    SPACE,
    START_SETTLEMENT,
    SUMMON,
    SWAP_OTHER,
    SWAP_OWN,
    TRAIN,
    TRIM,
)
from .phases import RESOURCE_KEYS, REVEALED
from .usage import DWARF_ACTIONS, TRIM_PREFIX, dwarf_action_key

if TYPE_CHECKING:
    from .state import SpringState


def spot_text(state: SpringState, location: int) -> Message:
    """A map place for labels: its short label as the map shows it ('H3') and what is printed there."""
    comps = state.game.components
    place = state.world.geometry.locations[location].label
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
    payload, text = _describe(state, action_id)
    return Action(action_id, payload, text, state.game.messages)


def components(state: SpringState, action_id: int) -> tuple[str, ...]:
    """The protocol's `_action_components`: the keys `_describe`'s payload names as its "component", found by one
    lookup per id (`_COMPONENTS`) without building the payload or the label."""
    entry = _COMPONENTS[action_id]
    if type(entry) is tuple:
        return entry
    return entry(state, action_id)  # type: ignore[operator]


def _quest_components(state: SpringState, action_id: int) -> tuple[str, ...]:
    card = state.expedition_area[QUEST.decode(action_id)[1]]
    return dwarf_action_key("quest"), state.game.components.quests[card - state.game.kinds.quests.start].id


def _dragon_component(state: SpringState, action_id: int) -> tuple[str, ...]:
    index = action_id - (COMMAND.base if action_id in COMMAND else TRAIN.base)
    return (state.game.components.dragons[state.nest[state.to_act][index]].id,)


def _fight_component(state: SpringState, action_id: int) -> tuple[str, ...]:
    slot = state.world.wildland_locations.index(state.pending[-1][1])
    return (state.game.kinds.keys[state.monster_at[slot]],)


def _faerie_component(state: SpringState, action_id: int) -> tuple[str, ...]:
    return (state.game.components.faeries[action_id - PLAY_FAERIE.base].id,)


def _trim_component(state: SpringState, action_id: int) -> tuple[str, ...]:
    return (TRIM_PREFIX + state.game.kinds.keys[action_id - TRIM.base],)


def _component_table() -> list[tuple[str, ...] | Callable[[SpringState, int], tuple[str, ...]]]:
    """Per id: the components every action of its block uses, or the function that reads them off the state."""
    table: list[tuple[str, ...] | Callable[[SpringState, int], tuple[str, ...]]] = [()] * SPACE.size
    for block, move in ((BUILD, "build"), (FORTRESS, "fortress"), (EXPLORE, "explore"), (DRAGON_SPOT, "dragon_spot")):
        table[block.base : block.end] = [(dwarf_action_key(move),)] * block.size
    table[SUMMON] = (dwarf_action_key("summon_faerie"),)
    table[IDLE] = (dwarf_action_key("idle"),)
    for block, found in ((QUEST, _quest_components), (COMMAND, _dragon_component), (TRAIN, _dragon_component),
                         (PLAY_FAERIE, _faerie_component), (TRIM, _trim_component)):  # fmt: skip
        table[block.base : block.end] = [found] * block.size
    table[FIGHT] = _fight_component
    return table


def _describe(state: SpringState, action_id: int) -> tuple[dict[str, object], Message]:
    game = state.game
    comps = game.components
    world = state.world
    player = state.to_act

    def where(place: int) -> tuple[str, Message]:
        location = world.location_at[place]
        return world.geometry.locations[location].id, spot_text(state, location)

    def resource(index: int) -> Name:
        return Name(comps.resources[RESOURCE_KEYS[index]].name)

    if action_id in START_SETTLEMENT or action_id in BUILD:
        block = START_SETTLEMENT if action_id in START_SETTLEMENT else BUILD
        line, place = block.decode(action_id)
        spot_id, spot = where(place)
        move = "start_settlement" if block is START_SETTLEMENT else "build"
        payload: dict[str, object] = {"move": move, "line": RESOURCE_KEYS[line], "spot": spot_id}
        if block is BUILD:
            payload["component"] = dwarf_action_key(move)
        return payload, msg(move, line=resource(line), spot=spot)
    if action_id in FORTRESS:
        spot_id, spot = where(FORTRESS.decode(action_id)[0])
        return {"move": "fortress", "spot": spot_id, "component": dwarf_action_key("fortress")}, msg(
            "fortress", spot=spot
        )
    if action_id in EXPLORE:
        spot_id, spot = where(EXPLORE.decode(action_id)[0])
        return {"move": "explore", "spot": spot_id, "component": dwarf_action_key("explore")}, msg(
            "explore", spot=spot
        )
    if action_id in DRAGON_SPOT:
        (spot_index,) = DRAGON_SPOT.decode(action_id)
        payload = {"move": "dragon_spot", "spot": spot_index + 1, "component": dwarf_action_key("dragon_spot")}
        return payload, msg("dragon_spot", spot=spot_index + 1)
    if action_id in QUEST:
        spot_index, index = QUEST.decode(action_id)
        card = state.expedition_area[index]
        quest = comps.quests[card - game.kinds.quests.start]
        # taking a quest is a dwarf action and uses the quest card: the report counts both
        payload = {"move": "quest", "spot": spot_index + 1, "quest": quest.id,
                   "component": [dwarf_action_key("quest"), quest.id]}
        return payload, msg("quest", spot=spot_index + 1, quest=quest.id, text=dict(quest.text))
    if action_id in COMMAND:
        index = action_id - COMMAND.base
        dragon = comps.dragons[state.nest[player][index]]
        name = Name(dragon.levels[state.nest_level[player][index] - 1].name)
        return {"move": "command", "dragon": dragon.id, "component": dragon.id}, msg("command", dragon=name)
    if action_id in TRAIN:
        index = action_id - TRAIN.base
        dragon_index = state.nest[player][index]
        dragon = comps.dragons[dragon_index]
        name = Name(dragon.levels[state.nest_level[player][index] - 1].name)
        cost = dragons.training_cost(state, player, index)
        paid = resource(dragons.training_resource(state, dragon_index))
        payload = {"move": "train", "dragon": dragon.id, "component": dragon.id}
        return payload, msg("train", dragon=name, cost=cost, resource=paid)
    if action_id in CHOOSE_RESOURCE:
        index = action_id - CHOOSE_RESOURCE.base
        text = msg("choose_resource", resource=resource(index))
        return {"move": "choose_resource", "resource": RESOURCE_KEYS[index]}, text
    if action_id in ADD_BACKPACKS:
        n = action_id - ADD_BACKPACKS.base
        return {"move": "add_backpacks", "n": n}, msg("add_backpacks", n=n)
    if action_id in PLAY_FAERIE:
        card = game.kinds.faeries.start + action_id - PLAY_FAERIE.base
        faerie = comps.faeries[action_id - PLAY_FAERIE.base]
        payload = {"move": "play_faerie", "faerie": faerie.id, "component": faerie.id}
        return payload, msg(
            "play_faerie", faerie=Name(faerie.name), text=dict(faerie.text), times=state.faerie_power[player]
        )
    for block, move in (
        (REMOVE_WEB, "remove_web"),
        (MOVE_FROM, "move_from"),
        (MOVE_TO, "move_to"),
        (SWAP_OWN, "swap_own"),
        (SWAP_OTHER, "swap_other"),
    ):
        if action_id in block:
            spot_id, spot = where(action_id - block.base)
            return {"move": move, "spot": spot_id}, msg(move, spot=spot)
    if action_id in PICK_DWARF:
        owner, place_index = PICK_DWARF.decode(action_id)
        spot_id, spot = where(place_index)
        return {"move": "pick_dwarf", "owner": owner, "spot": spot_id}, msg("pick_dwarf", seat=owner, spot=spot)
    if action_id in TRIM:
        card = action_id - TRIM.base
        key = game.kinds.keys[card]
        payload = {"move": "trim", "card": key, "component": TRIM_PREFIX + key}
        return payload, msg("trim", card=_card_name(state, card))
    simple = {
        SUMMON: "summon_faerie",
        IDLE: "idle",
        FIGHT: "fight",
        GATHER: "gather",
        LEAVE: "leave",
        COMMAND_DONE: "command_done",
        NO_TRIM: "no_trim",
        END_TURN: "end_turn",
        FAERIE_APPLY: "faerie_apply",
        FAERIE_SKIP: "faerie_skip",
    }
    if action_id == LEAVE and state.pending and state.pending[-1][0] == REVEALED:
        _what, wildland, axes = state.pending[-1]
        card = state.monster_at[world.wildland_locations.index(wildland)]
        need = comps.monsters[card - game.kinds.monsters.start].axes
        return {"move": "leave"}, msg("concede", axes=axes, need=need)
    if action_id in simple:
        move = simple[action_id]
        if move in DWARF_ACTIONS:
            return {"move": move, "component": dwarf_action_key(move)}, msg(move)
        if move == "fight":
            # the monster fought, won or lost: the report's monster impact
            slot = world.wildland_locations.index(state.pending[-1][1])
            return {"move": move, "component": game.kinds.keys[state.monster_at[slot]]}, msg(move)
        return {"move": move}, msg(move)
    raise ValueError(f"action id {action_id} is not a Spring action")


_COMPONENTS = _component_table()


def _card_name(state: SpringState, card: int) -> Name | str:
    """A heroes-deck card's name: a hero, a monster (its kind's name) or a quest (its id)."""
    game = state.game
    kinds = game.kinds
    if card in kinds.heroes:
        return Name(game.components.heroes[card - kinds.heroes.start].name)
    if card in kinds.monsters:
        return Name(game.monster_kind_of[card - kinds.monsters.start].name)
    return kinds.keys[card]
