"""Golden playthroughs of Spring (2 and 4 players): seeded random games pinned step by step
(tests/support/golden.py)."""

from __future__ import annotations

import pytest

from ...support.golden import CASES, Case, check

GAME_CASES = [case for case in CASES if case.game == "spring"]


@pytest.mark.parametrize("case", GAME_CASES, ids=[case.id for case in GAME_CASES])
def test_golden_playthrough_is_unchanged(case: Case) -> None:
    """Every observation, legal-action list and label of the pinned games stays as recorded."""
    check(case)


def test_two_and_four_player_games_are_pinned() -> None:
    assert sorted(case.options["players"] for case in GAME_CASES) == [2, 4]
