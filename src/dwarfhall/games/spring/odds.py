"""Exact odds of a reveal: the chance of at least k axes (or backpacks) among n cards of a heroes deck.

A fight or a gathering reveals n cards of the freshly shuffled whole deck, so the symbols counted follow the
distribution of a sum over a random n-subset. Counting subsets by size and sum gives it exactly; rules, labels
and the computer's advice share these numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb


def sum_distribution(values: Sequence[int], n: int) -> list[Fraction]:
    """P(the n revealed cards show exactly s symbols) for s = 0..sum(values); n is capped at the deck size."""
    n = min(n, len(values))
    total = sum(values)
    # ways[k][s]: how many k-card subsets of the cards seen so far show s symbols
    ways = [[0] * (total + 1) for _ in range(n + 1)]
    ways[0][0] = 1
    for value in values:
        for k in range(n, 0, -1):
            row, below = ways[k], ways[k - 1]
            for s in range(total, value - 1, -1):
                if below[s - value]:
                    row[s] += below[s - value]
    hands = comb(len(values), n)
    return [Fraction(count, hands) for count in ways[n]]


def p_at_least(values: Sequence[int], n: int, need: int) -> Fraction:
    """The chance that n revealed cards show at least `need` symbols."""
    if need <= 0:
        return Fraction(1)
    dist = sum_distribution(values, n)
    return sum(dist[need:], Fraction(0))


def expected(values: Sequence[int], n: int) -> Fraction:
    """The mean number of symbols on n revealed cards."""
    if not values:
        return Fraction(0)
    return Fraction(sum(values) * min(n, len(values)), len(values))
