"""Attack arithmetic shared by the rules, the action labels and the heuristic."""

from __future__ import annotations

from collections.abc import Sequence

from .board import HILL, NEIGHBOURS, TREE

DWARVES, GOBLINS = 0, 1
FIRST_GOBLIN = 3  # unit indices 0-2 are Dwarves, 3-5 Goblins
FIRST_BARREL = 6  # occupancy codes 6 and 7 are the barrels
EMPTY = -1


def side_of_code(code: int) -> int:
    """The side a piece on the board belongs to (barrels are the Goblins')."""
    return DWARVES if code < FIRST_GOBLIN else GOBLINS


def attack_modifier(attacker_sq: int, target_sq: int, side: int, occ: Sequence[int], terrain: Sequence[int]) -> int:
    """+1 per other friendly unit next to the target, +1 attacker on a hill, -1 target on a tree."""
    modifier = 0
    for n in NEIGHBOURS[target_sq]:
        if n == attacker_sq:
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
