"""Golden playthroughs of the Duel: seeded random games pinned step by step (tests/support/golden.py)."""

from __future__ import annotations

import pytest

from ...support.golden import CASES, Case, check

GAME_CASES = [case for case in CASES if case.game == "duel"]


@pytest.mark.parametrize("case", GAME_CASES, ids=[case.id for case in GAME_CASES])
def test_golden_playthrough_is_unchanged(case: Case) -> None:
    """Every observation, legal-action list and label of the pinned games stays as recorded."""
    check(case)


def test_both_pinned_games_are_listed() -> None:
    assert len(GAME_CASES) == 2
