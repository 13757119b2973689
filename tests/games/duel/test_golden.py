"""Golden playthroughs: two seeded random games pinned step by step (see golden.py to regenerate)."""

from __future__ import annotations

import pytest

from .golden import GAMES, path_of, playthrough


@pytest.mark.parametrize(("seed", "options"), GAMES, ids=[f"seed{seed}" for seed, _ in GAMES])
def test_golden_playthrough_is_unchanged(seed: int, options: dict[str, object]) -> None:
    """Every observation and legal-action list of the pinned games stays as recorded (regenerate on purpose only)."""
    expected = path_of(seed).read_text(encoding="utf-8").splitlines()
    actual = playthrough(seed, dict(options)).splitlines()
    for i, (want, got) in enumerate(zip(expected, actual, strict=False)):
        assert got == want, (
            f"{path_of(seed).name} line {i + 1} differs; regenerate with python -m tests.games.duel.golden"
        )
    assert len(actual) == len(expected)
