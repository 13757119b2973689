"""The end: Dwarves win when both barrels are destroyed, Goblins when every Dwarf is knocked out."""

from __future__ import annotations

import pytest

from dwarfhall.core import TERMINAL, IllegalAction
from dwarfhall.games.alewar import kit as A
from dwarfhall.games.alewar.phases import DRAW, OVER
from dwarfhall.games.alewar.pieces import DWARVES, GOBLINS

from .helpers import attack, move, position, seed_for_dice

GOBLINS_ON_BOARD = {"spearman": "e3", "warrior": "f3", "brute": "d1"}


def test_dwarves_win_when_both_barrels_are_destroyed() -> None:
    """Destroying the second barrel ends the game at once: the Dwarf seat gets +1, the Goblin seat -1."""
    state = position(units={"axeman": "a2", **GOBLINS_ON_BOARD}, barrels=["a1", "destroyed"], dwarf_seat=1,
                     rng=seed_for_dice(4))
    move(state, "axeman", "a2")
    attack(state, "a1")
    assert state.phase == OVER and state.winner == DWARVES and state.is_terminal
    assert state.current_player == TERMINAL
    assert state.returns() == [-1.0, 1.0] and state.winners() == [1]
    # Goblin seat: Dwarves knocked out (the two not in the position); Dwarf seat: barrels destroyed
    assert state.scores() == [2.0, 2.0]
    with pytest.raises(IllegalAction):
        state.apply(A.PASS)


def test_one_barrel_is_not_enough() -> None:
    """With one barrel left standing the game goes on."""
    state = position(units={"axeman": "a2", **GOBLINS_ON_BOARD}, barrels=["a1", "f1"], rng=seed_for_dice(4))
    move(state, "axeman", "a2")
    attack(state, "a1")
    assert not state.is_terminal and state.barrels.count(-2) == 1


def test_goblins_win_when_all_dwarves_are_knocked_out() -> None:
    """Knocking out the last Dwarf wins for the Goblins."""
    state = position(
        units={"scout": "c4", "spearman": "c3", "warrior": "f3", "brute": "d1"},
        barrels=["a1", "f1"], side_to_act="goblins", rng=seed_for_dice(3),
    )
    move(state, "spearman", "c3")
    attack(state, "c4")
    assert state.winner == GOBLINS and state.returns() == [-1.0, 1.0]
    assert state.scores() == [0.0, 3.0]


def test_game_goes_on_while_a_dwarf_stands() -> None:
    """Knocking out a Dwarf while another remains does not end the game."""
    state = position(
        units={"scout": "c4", "axeman": "f6", "spearman": "c3", "warrior": "f3", "brute": "d1"},
        barrels=["a1", "f1"], side_to_act="goblins", rng=seed_for_dice(3),
    )
    move(state, "spearman", "c3")
    attack(state, "c4")
    assert not state.is_terminal and state.side == DWARVES


def test_turn_limit_ends_in_a_draw() -> None:
    """Option turn_limit: after that many turns without a winner the game is a draw (0, 0)."""
    state = position({"turn_limit": 2}, units={"axeman": "f6", **GOBLINS_ON_BOARD}, barrels=["a1", "f1"])
    move(state, "axeman", "f6")
    assert not state.is_terminal
    move(state, "spearman", "e3")
    assert state.is_terminal and state.winner == DRAW and state.returns() == [0.0, 0.0]
    assert state.winners() == [0, 1]


def test_no_turn_limit_by_default() -> None:
    """Without turn_limit a game only ends by a win."""
    state = position(units={"axeman": "f6", **GOBLINS_ON_BOARD}, barrels=["a1", "f1"], turn=10_000)
    move(state, "axeman", "f6")
    assert not state.is_terminal


def test_returns_are_zero_before_the_end() -> None:
    state = position(units={"axeman": "f6", **GOBLINS_ON_BOARD}, barrels=["a1", "f1"])
    assert state.returns() == [0.0, 0.0]
