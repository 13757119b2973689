"""The seeded generator: its quick shuffle (used to sample hidden cards in search) is a fair permutation."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

from dwarfhall.core import Rng


def test_quick_shuffle_returns_a_permutation_of_long_lists() -> None:
    rng = Rng(7)
    items = list(range(70))  # more than one 64-bit number's worth of draws
    for _ in range(20):
        rng.shuffle_quick(items)
        assert sorted(items) == list(range(70))
    assert items != list(range(70))


def test_quick_shuffle_reaches_every_order_about_equally_often() -> None:
    rng = Rng(11)
    seen: Counter[tuple[int, ...]] = Counter()
    rounds = 24_000
    for _ in range(rounds):
        items = [0, 1, 2, 3]
        rng.shuffle_quick(items)
        seen[tuple(items)] += 1
    assert set(seen) == set(permutations(range(4)))
    expected = rounds / 24
    chi2 = sum((n - expected) ** 2 / expected for n in seen.values())
    assert chi2 < 49.7  # 23 degrees of freedom: p = 0.001


def test_quick_shuffle_repeats_for_the_same_seed_and_advances_the_state() -> None:
    a, b = Rng(3), Rng(3)
    x, y = list(range(30)), list(range(30))
    a.shuffle_quick(x)
    b.shuffle_quick(y)
    assert x == y and a.state == b.state != Rng(3).state


def test_random_is_the_top_53_bits_of_the_next_draw_over_two_to_the_53() -> None:
    for seed in (0, 1, 12345, 2**64 - 1):
        draws, floats = Rng(seed), Rng(seed)
        for _ in range(200):
            assert floats.random() == (draws.next_u64() >> 11) / 2**53
