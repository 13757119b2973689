"""Golden playthroughs: a seeded Spring game replays to exactly the recorded states, observations and labels.

After an intended change: `.venv/bin/python -m tests.games.spring.golden` (or set
DWARFHALL_REGENERATE_GOLDEN=1 when running this test) and review the diff of tests/golden/spring_seed*.txt.
"""

from __future__ import annotations

import os

import pytest

from .golden import CASES, golden_path, playthrough, regenerate


@pytest.mark.parametrize("seed", sorted(CASES))
def test_golden_playthrough(seed: int) -> None:
    if os.environ.get("DWARFHALL_REGENERATE_GOLDEN"):
        regenerate()
    path = golden_path(seed)
    assert path.exists(), f"{path} is missing; run python -m tests.games.spring.golden"
    expected = path.read_text(encoding="utf-8")
    actual = playthrough(seed, CASES[seed])
    if actual != expected:
        for number, (want, got) in enumerate(zip(expected.splitlines(), actual.splitlines(), strict=False), 1):
            assert got == want, f"{path.name} line {number} differs"
    assert actual == expected
