"""Special rule: at the start of their turn the Goblins may bring one knocked-out Goblin back on row 1."""

from __future__ import annotations

from dwarfhall.games.alewar import kit as A
from dwarfhall.games.alewar.board import SQUARE_NAMES
from dwarfhall.games.alewar.phases import MOVE, REINFORCE
from dwarfhall.games.alewar.pieces import OUT

from .helpers import UNIT, destinations, move, position, sq


def test_reinforcement_offered_at_start_of_goblin_turn() -> None:
    """With a Goblin knocked out, the Goblin turn starts with the reinforcement decision."""
    state = position(units={"axeman": "f6", "spearman": "c3", "brute": "d3"}, barrels=["a2", "f2"])
    move(state, "axeman", "f6")
    assert state.phase == REINFORCE and state.side == 1


def test_reinforcement_on_row_1_only_on_free_non_lake_squares() -> None:
    """Only row 1, never on a lake, a unit or a barrel."""
    state = position(
        units={"axeman": "c1", "spearman": "c3", "brute": "d3"},
        barrels=["a1", "f2"], terrain={"e1": "lake"}, phase="reinforce", side_to_act="goblins",
    )
    squares = {SQUARE_NAMES[(a - A.REINFORCE) % 6] for a in state.legal_action_ids() if a >= A.REINFORCE}
    assert squares == {"b1", "d1", "f1"}
    assert all(a == A.NO_REINFORCEMENT or a >= A.REINFORCE for a in state.legal_action_ids())


def test_reinforcement_is_optional() -> None:
    """The Goblins may decline; the unit stays knocked out and they move as usual."""
    state = position(units={"axeman": "f6", "spearman": "c3", "brute": "d3"}, barrels=["a2", "f2"],
                     phase="reinforce", side_to_act="goblins")
    assert A.NO_REINFORCEMENT in state.legal_action_ids()
    state.apply(A.NO_REINFORCEMENT)
    assert state.phase == MOVE and state.pos[UNIT["warrior"]] == OUT


def test_reinforced_goblin_may_move_the_same_turn() -> None:
    """The returned unit counts as any Goblin that may be selected this turn."""
    state = position(units={"axeman": "f6", "spearman": "c3", "brute": "d3"}, barrels=["a2", "f2"],
                     phase="reinforce", side_to_act="goblins")
    state.apply(A.reinforce(UNIT["warrior"], sq("b1")))
    assert state.pos[UNIT["warrior"]] == sq("b1") and state.phase == MOVE
    assert destinations(state, "warrior") >= {"b1", "b3", "c2"}


def test_any_knocked_out_goblin_may_be_chosen() -> None:
    """With several Goblins out, the Goblin player picks which one returns."""
    state = position(units={"axeman": "f6", "spearman": "c3"}, barrels=["a2", "f2"],
                     phase="reinforce", side_to_act="goblins")
    returning = {(a - A.REINFORCE) // 6 for a in state.legal_action_ids() if a >= A.REINFORCE}
    assert returning == {1, 2}  # warrior and brute slots


def test_no_reinforcement_without_a_knocked_out_goblin() -> None:
    """Nothing to bring back: the Goblin turn starts with the move."""
    state = position(units={"axeman": "f6", "spearman": "c3", "brute": "d3", "warrior": "e3"}, barrels=["a2", "f2"])
    move(state, "axeman", "f6")
    assert state.phase == MOVE and state.side == 1


def test_dwarves_never_reinforce() -> None:
    """Only the Goblins have the special rule: a knocked-out Dwarf stays out."""
    state = position(units={"axeman": "f6", "spearman": "c3", "brute": "d3", "warrior": "e3"}, barrels=["a2", "f2"],
                     side_to_act="goblins")
    move(state, "spearman", "c3")
    assert state.phase == MOVE and state.side == 0


def test_no_reinforcement_when_row_1_is_full() -> None:
    """No free square on row 1 (lakes, units, barrels): the turn starts with the move."""
    state = position(
        units={"axeman": "f6", "spearman": "a1", "brute": "b1"},
        barrels=["c1", "d1"], terrain={"e1": "lake", "f1": "lake"},
    )
    move(state, "axeman", "f6")
    assert state.phase == MOVE and state.side == 1


def test_goblins_with_no_unit_pass() -> None:
    """Reading: every Goblin knocked out and no reinforcement taken: the only move is to pass."""
    state = position(units={"axeman": "f6"}, barrels=["a2", "f2"], phase="reinforce", side_to_act="goblins")
    state.apply(A.NO_REINFORCEMENT)
    assert state.legal_action_ids() == (A.PASS,)
    state.apply(A.PASS)
    assert state.side == 0 and state.turn == 2
