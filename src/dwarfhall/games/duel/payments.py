"""Paying a card's cost: the distinct ways to pay, never permutations of interchangeable dice.

A payment is (value, axes, Wild Cards): dice showing `value` (value 0 when no numbered die is
spent) with axe faces and Wild Cards filling in. Dice showing the same face are interchangeable,
so this triple names every real choice.
"""

from __future__ import annotations

from .layout import AXE, MAX_AXES, MAX_WILDS, pay_code
from .tables import COST_FREE, COST_SINGLE

FREE = pay_code(0, 0, 0)


def payments(cost_kind: int, cost_value: int, need: int, counts: tuple[int, ...], wilds: int) -> tuple[int, ...]:
    """Payment codes for a cost, given unused dice per face (`counts[1..6]`) and usable Wild Cards.

    Worked out anew each time: the card phase's legal ids keep every dice roll's plays in the card table's
    memo (`legal.card_plays`), so a second memo here would only grow.
    """
    if cost_kind == COST_FREE:
        return (FREE,)
    axes = min(counts[AXE], MAX_AXES)
    wilds = min(wilds, MAX_WILDS)
    if cost_kind == COST_SINGLE:
        found = []
        if counts[cost_value]:
            found.append(pay_code(cost_value, 0, 0))
        if axes:
            found.append(pay_code(0, 1, 0))
        if wilds:
            found.append(pay_code(0, 0, 1))
        return tuple(found)
    found = []
    for value in range(1, 6):
        for natural in range(1, min(counts[value], need) + 1):
            _fill(found, value, need - natural, axes, wilds)
    _fill(found, 0, need, axes, wilds)
    return tuple(found)


def _fill(found: list[int], value: int, rest: int, axes: int, wilds: int) -> None:
    """Every split of `rest` missing dice between axe faces and Wild Cards."""
    for used_axes in range(max(0, rest - wilds), min(axes, rest) + 1):
        found.append(pay_code(value, used_axes, rest - used_axes))


def naturals(cost_kind: int, cost_count: int, value: int, axes: int, wilds: int) -> int:
    """How many dice showing `value` a payment spends."""
    if value == 0:
        return 0
    if cost_kind == COST_SINGLE:
        return 1
    return cost_count - axes - wilds
