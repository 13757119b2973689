"""The returns convention for N players (decisions: returns sum to zero, two players exactly ±1)."""

from __future__ import annotations

import pytest

from dwarfhall.core import winner_returns


def test_two_players_stay_plus_minus_one_and_a_draw_is_zero() -> None:
    assert winner_returns(2, [0]) == [1.0, -1.0]
    assert winner_returns(2, [1]) == [-1.0, 1.0]
    assert winner_returns(2, [0, 1]) == [0.0, 0.0]


def test_a_sole_winner_of_four_gets_one_and_the_others_a_third_each() -> None:
    r = winner_returns(4, [2])
    assert r[2] == 1.0
    assert all(v == pytest.approx(-1 / 3) for p, v in enumerate(r) if p != 2)
    assert sum(r) == pytest.approx(0.0)


def test_tied_winners_share_the_winners_total() -> None:
    r = winner_returns(4, [0, 3])
    assert r[0] == r[3] == pytest.approx(1 / 3)
    assert r[1] == r[2] == pytest.approx(-1 / 3)
    assert sum(winner_returns(3, [0, 1])) == pytest.approx(0.0)


def test_everybody_tied_is_a_draw_and_bad_winners_are_refused() -> None:
    assert winner_returns(3, [0, 1, 2]) == [0.0, 0.0, 0.0]
    with pytest.raises(ValueError, match="not a player"):
        winner_returns(3, [3])
