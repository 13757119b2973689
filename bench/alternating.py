"""Timing two (or more) variants in alternating runs: each round runs every variant once, in the same order, so
that a shared machine's changing load falls on all of them alike; the figures are the medians over the rounds.
Used by bench/compiled_speed.py (pure Python against compiled) and bench/interop_compare.py (two source trees)."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping

Figures = dict[str, float]
Row = tuple[str, float, float, float]  # a figure: its name, the first variant's median, the second's, their ratio


def alternate(variants: Mapping[str, Callable[[], Figures]], rounds: int) -> dict[str, Figures]:
    """Per variant (in the order given), the median of each figure over `rounds` rounds of one run per variant."""
    if rounds < 1:
        raise ValueError(f"rounds must be at least 1, not {rounds}")
    runs: dict[str, list[Figures]] = {name: [] for name in variants}
    for _ in range(rounds):
        for name, run in variants.items():
            runs[name].append(run())
    return {name: {key: statistics.median(r[key] for r in done) for key in done[0]} for name, done in runs.items()}


def compare(variants: Mapping[str, Callable[[], Figures]], rounds: int) -> list[Row]:
    """Two variants (the reference first) in alternating runs: per figure the two medians and the second's over
    the first's."""
    if len(variants) != 2:
        raise ValueError(f"compare takes two variants, not {len(variants)}")
    first, second = alternate(variants, rounds).values()
    return [(key, first[key], value, value / first[key]) for key, value in second.items()]
