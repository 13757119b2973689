"""The dice of the active player's turn: rolling, re-rolling, counting and spending them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .layout import AXE
from .tables import A_EXTRA_DIE, A_REROLL

if TYPE_CHECKING:
    from .state import DuelState

BASE_DICE = 3
MAX_DICE = 6


def face_json(face: int) -> int | str:
    """A die face as JSON: 1..5, or "axe"."""
    return "axe" if face == AXE else face


def counts(s: DuelState) -> tuple[int, ...]:
    """Unused dice per face: index 1..5 the numbers, 6 the axe (index 0 unused)."""
    c = [0, 0, 0, 0, 0, 0, 0]
    spent = s.spent
    for i, face in enumerate(s.dice):  # zip(..., strict=True) costs more than the loop itself
        if not spent[i]:
            c[face] += 1
    return tuple(c)


def support_total(s: DuelState, player: int, ability: int) -> int:
    """Sum of `amount` over the player's display cards with `ability`."""
    amount = s.tables.support_amount[ability]
    total = 0
    for k in s.disp[player]:
        total += amount[k]
    return total


def dice_to_roll(s: DuelState, player: int) -> int:
    """3 dice, one more per Reinforcement / Ordnance, two more after Andôkai's Power / Surround; at most 6."""
    return min(MAX_DICE, BASE_DICE + support_total(s, player, A_EXTRA_DIE) + s.bonus[player])


def roll(s: DuelState) -> None:
    """Roll every die the active player may roll (an unused die costs nothing, so rolling all is never worse)."""
    p = s.active
    t = s.tables
    extra_die, reroll = t.support_amount[A_EXTRA_DIE], t.support_amount[A_REROLL]
    n, rerolls = BASE_DICE + s.bonus[p], 0
    for k in s.disp[p]:  # `dice_to_roll` and the re-roll supports in one pass
        more = extra_die[k]  # read into typed locals (compiled: C additions)
        again = reroll[k]
        n += more
        rerolls += again
    if n > MAX_DICE:
        n = MAX_DICE
    s.bonus[p] = 0
    rng = s.rng
    dice = []
    for _ in range(n):
        dice.append(1 + rng.below(6))
    s.dice = dice
    s.spent = [False] * n
    s.rerolls = rerolls


def reroll(s: DuelState, face: int) -> None:
    """Roll again one unused die showing `face`; equal faces are interchangeable, so any such die will do."""
    i = _find(s, face)
    s.dice[i] = 1 + s.rng.below(6)
    s.rerolls -= 1


def spend(s: DuelState, face: int, n: int) -> None:
    """Mark `n` unused dice showing `face` as used."""
    dice, spent = s.dice, s.spent
    for i in range(len(dice)):
        if n == 0:
            return
        if dice[i] == face and not spent[i]:
            spent[i] = True
            n -= 1
    if n:
        raise AssertionError(f"not enough unused dice showing {face}")


def make_wild(s: DuelState, face: int) -> None:
    """Short Rest: an unused die showing `face` counts as the axe from now on."""
    s.dice[_find(s, face)] = AXE


def _find(s: DuelState, face: int) -> int:
    spent = s.spent
    for i, f in enumerate(s.dice):
        if f == face and not spent[i]:
            return i
    raise AssertionError(f"no unused die shows {face}")
