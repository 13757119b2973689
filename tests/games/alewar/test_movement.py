"""Play, movement: one unit, up to its movement rating, orthogonally, not through lakes or enemies."""

from __future__ import annotations

import pytest

from dwarfhall.core import IllegalAction
from dwarfhall.games.alewar import kit as A
from dwarfhall.games.alewar.phases import ATTACK, MOVE

from .helpers import UNIT, destinations, move, position, sq

BARRELS = ["a1", "b1"]


def test_moves_orthogonally_up_to_the_movement_rating() -> None:
    """The Shieldbearer (movement 2) reaches every square within 2 orthogonal steps, never a diagonal step more."""
    state = position(units={"shieldbearer": "c5", "brute": "f2"}, barrels=BARRELS)
    assert destinations(state, "shieldbearer") == {
        "c5", "b5", "d5", "c4", "c6", "a5", "e5", "c3", "b4", "d4", "b6", "d6"
    }


def test_moving_zero_squares_is_allowed() -> None:
    """A unit may stay where it is (move 0) and still attack."""
    state = position(units={"axeman": "c4", "brute": "c3"}, barrels=BARRELS)
    assert "c4" in destinations(state, "axeman")
    move(state, "axeman", "c4")
    assert state.phase == ATTACK and state.pos[UNIT["axeman"]] == sq("c4")


def test_movement_blocked_by_lakes() -> None:
    """No unit moves through a lake: c3 lies 2 straight steps away but the lake on c4 forces a 4-step detour."""
    open_board = position(units={"shieldbearer": "c5", "brute": "f1"}, barrels=BARRELS)
    assert "c3" in destinations(open_board, "shieldbearer")
    lake = position(units={"shieldbearer": "c5", "brute": "f1"}, barrels=BARRELS, terrain={"c4": "lake"})
    assert "c3" not in destinations(lake, "shieldbearer")
    assert "c4" not in destinations(lake, "shieldbearer")


def test_movement_blocked_by_enemies() -> None:
    """A unit may not move through an enemy unit (nor end on it)."""
    state = position(units={"shieldbearer": "c5", "brute": "c4"}, barrels=BARRELS)
    assert {"c3", "c4"}.isdisjoint(destinations(state, "shieldbearer"))


def test_goblins_blocked_by_dwarves() -> None:
    """The same rule for the Goblins: a Dwarf in the way blocks them."""
    state = position(units={"axeman": "c3", "spearman": "c2"}, barrels=BARRELS, side_to_act="goblins")
    assert {"c3", "c4"}.isdisjoint(destinations(state, "spearman"))


def test_movement_through_friends_allowed() -> None:
    """A unit may move through a friendly unit."""
    state = position(units={"shieldbearer": "c5", "axeman": "c4", "brute": "f1"}, barrels=BARRELS)
    assert "c3" in destinations(state, "shieldbearer")


def test_cannot_end_on_a_friend() -> None:
    """...but may not end its move on one."""
    state = position(units={"shieldbearer": "c5", "axeman": "c4", "brute": "f1"}, barrels=BARRELS)
    assert "c4" not in destinations(state, "shieldbearer")
    with pytest.raises(IllegalAction):
        move(state, "shieldbearer", "c4")


def test_barrels_block_dwarves() -> None:
    """Reading: a barrel is an enemy piece to the Dwarves, so they cannot pass through it."""
    state = position(units={"shieldbearer": "c5", "brute": "f1"}, barrels=["c4", "a1"])
    assert {"c3", "c4"}.isdisjoint(destinations(state, "shieldbearer"))


def test_goblins_pass_through_their_barrels_but_do_not_stop_on_them() -> None:
    """Reading: the barrels are the Goblins' own pieces, so Goblins pass them like friends."""
    state = position(units={"axeman": "f6", "spearman": "c2"}, barrels=["c3", "a1"], side_to_act="goblins")
    dests = destinations(state, "spearman")
    assert "c4" in dests and "c3" not in dests


def test_only_the_side_to_act_moves() -> None:
    """Only units of the side whose turn it is can be selected."""
    state = position(units={"axeman": "c5", "brute": "f1"}, barrels=BARRELS)
    assert all(a < A.MOVE + 3 * 36 for a in state.legal_action_ids())


def test_no_attack_phase_without_an_adjacent_enemy() -> None:
    """Without an orthogonally adjacent enemy the turn ends after the move."""
    goblins = {"brute": "d4", "spearman": "f1", "warrior": "e1"}  # d4 is diagonal to c5
    state = position(units={"axeman": "c5", **goblins}, barrels=BARRELS)
    move(state, "axeman", "c5")
    assert state.phase == MOVE and state.side == 1 and state.turn == 2


def test_lakes_never_entered_in_a_long_move() -> None:
    """The Scout (movement 4) never ends on a lake square."""
    state = position(units={"scout": "c4", "brute": "f1"}, barrels=BARRELS, terrain={"c3": "lake", "d4": "lake"})
    assert {"c3", "d4"}.isdisjoint(destinations(state, "scout"))
