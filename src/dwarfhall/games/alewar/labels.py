"""What each action id means here: a JSON payload and a label (a message of messages.toml with its fields),
found by decoding the id in the action space; attack labels carry the odds."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from dwarfhall.core.actions import Action
from dwarfhall.core.messages import Catalog, Message, msg

from .board import SQUARE_NAMES, TERRAIN_KINDS
from .combat import attack_odds
from .kit import ATTACK_IDS, MOVE_IDS, PLACE_UNIT_IDS, REINFORCE_IDS, SPACE
from .pieces import FIRST_BARREL, FIRST_GOBLIN

if TYPE_CHECKING:
    from .state import AleWarState

MESSAGES = Catalog.load(Path(__file__).with_name("messages.toml"))


def odds_message(needed: int, faces: int, rule: str) -> Message:
    """'hit on 4 (1/6)': the roll that hits and the chance, under the hit rule."""
    if faces == 0:
        return msg("odds_none", needed=needed)
    if rule == "exact":
        return msg("odds_exact", needed=needed)
    if faces == 6:
        return msg("odds_any")
    return msg("odds_at_least", needed=needed, faces=faces)


def describe(state: AleWarState, action_id: int) -> Action:
    """The protocol's `_describe_action`: the core has checked that the id is legal here."""
    name, index = SPACE.decode(action_id)
    return BY_BLOCK[name](state, action_id, index)


def components(state: AleWarState, action_id: int) -> tuple[str, ...]:
    """The protocol's `_action_components`: the unit `describe`'s payload names as its "component" (the one placed,
    moved, attacking or brought back), read off the id without building the payload or the label."""
    units = state.game.components.units
    if action_id >= REINFORCE_IDS.base:
        return (units[FIRST_GOBLIN + (action_id - REINFORCE_IDS.base) // REINFORCE_IDS.strides[0]].key,)
    if action_id >= ATTACK_IDS.base:
        # only an attack on a unit or barrel by the unit that moved names its attacker (as `_attack` does)
        if state.moved < 0 or state.occ[action_id - ATTACK_IDS.base] < 0:
            return ()
        return (units[state.moved].key,)
    if MOVE_IDS.base <= action_id:
        return (units[(action_id - MOVE_IDS.base) // MOVE_IDS.strides[0]].key,)
    if PLACE_UNIT_IDS.base <= action_id < PLACE_UNIT_IDS.end:
        return (units[(action_id - PLACE_UNIT_IDS.base) // PLACE_UNIT_IDS.strides[0]].key,)
    return ()


def _choose_dwarves(state: AleWarState, action_id: int, index: tuple[int, ...]) -> Action:
    return Action(action_id, {"type": "side", "side": "dwarves"}, msg("choose_dwarves"), MESSAGES)


def _choose_goblins(state: AleWarState, action_id: int, index: tuple[int, ...]) -> Action:
    return Action(action_id, {"type": "side", "side": "goblins"}, msg("choose_goblins"), MESSAGES)


def _pick_terrain(state: AleWarState, action_id: int, index: tuple[int, ...]) -> Action:
    (kind,) = index
    text = msg("pick_terrain", terrain=state.game.components.terrain[kind].name)
    return Action(action_id, {"type": "terrain", "kind": TERRAIN_KINDS[kind]}, text, MESSAGES)


def _no_attack(state: AleWarState, action_id: int, index: tuple[int, ...]) -> Action:
    return Action(action_id, {"type": "no_attack"}, msg("no_attack"), MESSAGES)


def _no_reinforcement(state: AleWarState, action_id: int, index: tuple[int, ...]) -> Action:
    return Action(action_id, {"type": "no_reinforcement"}, msg("no_reinforcement"), MESSAGES)


def _pass(state: AleWarState, action_id: int, index: tuple[int, ...]) -> Action:
    return Action(action_id, {"type": "pass"}, msg("pass"), MESSAGES)


def _place_unit(state: AleWarState, action_id: int, index: tuple[int, ...]) -> Action:
    unit, sq = index
    u = state.game.components.units[unit]
    at = SQUARE_NAMES[sq]
    text = msg("place_unit", unit=u.name, movement=u.movement, armor=u.armor, square=at)
    return Action(action_id, {"type": "place", "unit": u.key, "component": u.key, "square": at}, text, MESSAGES)


def _place_barrel(state: AleWarState, action_id: int, index: tuple[int, ...]) -> Action:
    (sq,) = index
    at = SQUARE_NAMES[sq]
    text = msg("place_barrel", barrel=state.game.components.barrel.name, square=at)
    return Action(action_id, {"type": "barrel", "square": at}, text, MESSAGES)


def _move(state: AleWarState, action_id: int, index: tuple[int, ...]) -> Action:
    unit, dest = index
    u = state.game.components.units[unit]
    start = state.pos[unit]
    origin = SQUARE_NAMES[start] if start >= 0 else "?"
    to = SQUARE_NAMES[dest]
    if start == dest:
        text = msg("stay", unit=u.name, square=to)
    else:
        text = msg("move", unit=u.name, origin=origin, square=to)
    payload = {"type": "move", "unit": u.key, "component": u.key, "from": origin, "to": to}
    return Action(action_id, payload, text, MESSAGES)


def _attack(state: AleWarState, action_id: int, index: tuple[int, ...]) -> Action:
    (sq,) = index
    code = state.occ[sq]
    at = SQUARE_NAMES[sq]
    if state.moved < 0 or code < 0:
        return Action(action_id, {"type": "attack", "square": at}, msg("attack_square", square=at), MESSAGES)
    units = state.game.components.units
    barrel = code >= FIRST_BARREL
    target = state.game.components.barrel.name if barrel else units[code].name
    odds = attack_odds(state, sq)
    text = msg(
        "attack",
        target=target,
        square=at,
        odds=odds_message(odds["needed"], odds["faces"], state.game.options.hit_rule),
    )
    attacker = units[state.moved].key
    payload = {
        "type": "attack",
        "attacker": attacker,
        "component": attacker,
        "target": "barrel" if barrel else units[code].key,
        "square": at,
        **odds,
    }
    return Action(action_id, payload, text, MESSAGES)


def _reinforce(state: AleWarState, action_id: int, index: tuple[int, ...]) -> Action:
    slot, sq = index
    u = state.game.components.units[FIRST_GOBLIN + slot]
    at = SQUARE_NAMES[sq]
    text = msg("reinforce", unit=u.name, square=at)
    return Action(action_id, {"type": "reinforce", "unit": u.key, "component": u.key, "square": at}, text, MESSAGES)


_Describe = Callable[["AleWarState", int, tuple[int, ...]], Action]
BY_BLOCK: dict[str, _Describe] = {
    "choose_dwarves": _choose_dwarves,
    "choose_goblins": _choose_goblins,
    "pick_terrain": _pick_terrain,
    "no_attack": _no_attack,
    "no_reinforcement": _no_reinforcement,
    "pass": _pass,
    "place_unit": _place_unit,
    "place_barrel": _place_barrel,
    "move": _move,
    "attack": _attack,
    "reinforce": _reinforce,
}
