"""Attacks: the modifier and hit arithmetic (shared by the rules, the labels and the heuristic), the targets
next to a unit, and resolving an attack with the state's die."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .board import HILL, NEIGHBOURS, TREE
from .end import finish
from .pieces import DWARVES, EMPTY, FIRST_BARREL, FIRST_GOBLIN, GOBLINS, OUT

if TYPE_CHECKING:
    from .state import AleWarState


def attack_modifier(
    attacker_sq: int, target_sq: int, side: int, occ: Sequence[int], terrain: Sequence[int], vacated: int = -1
) -> int:
    """+1 per other friendly unit next to the target, +1 attacker on a hill, -1 target on a tree.

    `vacated`: a square `occ` still shows a unit on that has left it (the attacker, for a move not yet made).
    """
    modifier = 0
    for n in NEIGHBOURS[target_sq]:
        if n == attacker_sq or n == vacated:
            continue
        code = occ[n]
        # friends are units only: barrels cannot attack, so they give no support
        if code >= 0 and (code < FIRST_GOBLIN if side == DWARVES else FIRST_GOBLIN <= code < FIRST_BARREL):
            modifier += 1
    if terrain[attacker_sq] == HILL:
        modifier += 1
    if terrain[target_sq] == TREE:
        modifier -= 1
    return modifier


def hitting_faces(armor: int, modifier: int, rule: str) -> int:
    """How many of the six die faces hit (0-6) under the hit rule."""
    needed = armor - modifier
    if rule == "exact":
        return 1 if 1 <= needed <= 6 else 0
    return min(6, max(0, 7 - needed))


def is_hit(die: int, modifier: int, armor: int, rule: str) -> bool:
    total = die + modifier
    return total == armor if rule == "exact" else total >= armor


def targets(state: AleWarState, unit: int) -> list[int]:
    """Squares next to the unit holding something it may attack (Dwarves: Goblins and barrels), in order."""
    occ = state.occ
    if unit < FIRST_GOBLIN:  # NEIGHBOURS lists squares in increasing order
        return [n for n in NEIGHBOURS[state.pos[unit]] if occ[n] >= FIRST_GOBLIN]
    return [n for n in NEIGHBOURS[state.pos[unit]] if 0 <= occ[n] < FIRST_GOBLIN]


def target_next_to(occ: list[int], sq: int, dwarf: bool) -> bool:
    """Whether a Dwarf (`dwarf`) or a Goblin on `sq` has something next to it to attack."""
    if dwarf:
        for n in NEIGHBOURS[sq]:
            code = occ[n]
            if code >= FIRST_GOBLIN:
                return True
        return False
    for n in NEIGHBOURS[sq]:
        code = occ[n]
        if 0 <= code < FIRST_GOBLIN:
            return True
    return False


def attack_odds(state: AleWarState, target_sq: int) -> dict[str, Any]:
    """Modifier, armor, the roll needed and the chance for the moved unit to hit what stands on target_sq."""
    attacker = state.moved
    code = state.occ[target_sq]
    side = DWARVES if attacker < FIRST_GOBLIN else GOBLINS
    modifier = attack_modifier(state.pos[attacker], target_sq, side, state.occ, state.terrain)
    armor = state.game.components.barrel.armor if code >= FIRST_BARREL else state.game.components.armor[code]
    faces = hitting_faces(armor, modifier, state.game.options.hit_rule)
    return {"modifier": modifier, "armor": armor, "needed": armor - modifier, "faces": faces, "chance": faces / 6}


def attack(state: AleWarState, target_sq: int) -> None:
    """The unit that moved attacks what stands on target_sq: one die; a hit removes it and may end the game."""
    attacker = state.moved
    occ = state.occ
    code = occ[target_sq]
    side = DWARVES if attacker < FIRST_GOBLIN else GOBLINS
    modifier = attack_modifier(state.pos[attacker], target_sq, side, occ, state.terrain)
    armor = state.game.components.barrel.armor if code >= FIRST_BARREL else state.game.components.armor[code]
    die = state.rng.die()
    hit = is_hit(die, modifier, armor, state.game.options.hit_rule)
    state.last_attack = (attacker, code, target_sq, die, modifier, armor, hit)
    if not hit:
        return
    occ[target_sq] = EMPTY
    if code >= FIRST_BARREL:
        barrels = state.barrels
        barrels[code - FIRST_BARREL] = OUT
        if barrels[0] == OUT and barrels[1] == OUT:  # rulebook: both barrels knocked out, the Dwarves win
            finish(state, DWARVES)
    else:
        pos = state.pos
        pos[code] = OUT
        if pos[0] == OUT and pos[1] == OUT and pos[2] == OUT:  # rulebook: all three Dwarves out, the Goblins win
            finish(state, GOBLINS)
