"""The table's undo rule, the same for every game: a move may be taken back unless it used chance, showed
anyone something hidden, or passed the decision to somebody else (core.takeback)."""

from __future__ import annotations

from typing import Any

import pytest

from dwarfhall.core.registry import load_game
from dwarfhall.core.takeback import CHANCE, REVEALED, TURN, undo_block

from ..support.undo_game import DRAW, END, GIVE, ROLL, STEP, UndoGame


def _block(state: Any, action: int) -> str | None:
    before = state.clone()
    state.apply(action)
    return undo_block(before, action, state)


@pytest.mark.parametrize(
    ("action", "why"),
    [(STEP, None), (ROLL, CHANCE), (DRAW, REVEALED), (GIVE, REVEALED), (END, TURN)],
)
def test_rule_each_kind_of_move_is_taken_back_or_refused_for_its_reason(action: int, why: str | None) -> None:
    state = UndoGame().new_state(7)
    assert _block(state, action) == why


def test_rule_a_roll_that_shows_the_same_face_still_used_chance() -> None:
    for seed in range(20):
        state = UndoGame().new_state(seed)
        assert _block(state, ROLL) == CHANCE


def test_rule_the_duels_roll_is_chance_and_its_end_of_turn_passes_the_decision() -> None:
    state = load_game("duel", {"first_player": "0"}).new_state(3)
    roll = next(a for a in state.legal_action_ids() if state.describe_action(a).payload.get("move") == "roll")
    assert _block(state, roll) in (CHANCE, TURN)
    for _ in range(200):
        moves = {state.describe_action(a).payload.get("move"): a for a in state.legal_action_ids()}
        if "end_turn" in moves:
            assert _block(state, moves["end_turn"]) == TURN
            return
        _block(state, state.legal_action_ids()[-1])
    pytest.fail("no end of turn within 200 moves")


def test_rule_ale_war_moves_within_a_turn_can_be_taken_back_and_its_turn_ends_cannot() -> None:
    state = load_game("alewar", {}).new_state(1)
    seen: set[str | None] = set()
    for _ in range(300):
        if state.is_terminal:
            break
        legal = state.legal_action_ids()
        action = legal[len(state.history) * 7 % len(legal)]
        seen.add(_block(state, action))
    assert None in seen and TURN in seen
