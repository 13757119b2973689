"""What the coach runs in the bot workers: one reviewed decision, or the best moves for a hint.

Each rebuilds the game from its record and searches only `PlayerView(state, seat)` (agents/review.py), so a
review or hint of a seat uses what that seat knew at that moment and nothing else.
"""

from __future__ import annotations

from typing import Any

from dwarfhall.agents.review import Decision, MoveChance, analyse, decision_seed, review_decision
from dwarfhall.core.record import GameRecord
from dwarfhall.core.view import PlayerView

HINT_MOVES = 3


def review_step(record: dict[str, Any], seat: int, index: int, iters: int) -> Decision:
    """The review of the seat's decision at move `index` of the record (the move made there is the record's)."""
    rec = GameRecord.from_json(record)
    state = rec.initial_state()
    for action in rec.actions[:index]:
        state.apply(action)
    return review_decision(state, seat, rec.actions[index], iters)


def hint_moves(record: dict[str, Any], seat: int, iters: int) -> list[MoveChance]:
    """The search's best moves for the seat deciding at the end of the record, seen through its view only."""
    state = GameRecord.from_json(record).final_state()
    view = PlayerView(state, seat)
    return analyse(view, iters, decision_seed(0, view.move_number))[:HINT_MOVES]


def decisions_of(record: dict[str, Any], seat: int) -> list[int]:
    """The move numbers at which the seat decided among more than one legal move."""
    rec = GameRecord.from_json(record)
    state = rec.initial_state()
    found = []
    for number, action in enumerate(rec.actions):
        if state.current_player == seat and len(state.legal_action_ids()) > 1:
            found.append(number)
        state.apply(action)
    return found
