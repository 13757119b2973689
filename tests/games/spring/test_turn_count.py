"""Spring counts turns as the other games do (R1): each player's turn counts one, the starting settlements are
turn 0, and a turn begins exactly when the one before it ends."""

from __future__ import annotations

import pytest

from dwarfhall.core import Rng, load_game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_turn_begins_when_the_last_one_ends(players: int) -> None:
    state = load_game("spring", {"players": players}).new_state(players)
    rng = Rng(players)
    assert state.turn_count == 0  # the starting settlements
    while not state.is_terminal:
        legal = state.legal_action_ids()
        action = state.describe_action(legal[rng.next_u64() % len(legal)])
        before = state.turn_count
        state.apply(action.id)
        if state.is_terminal:
            break
        ends = action.payload.get("move") == "end_turn" or (before == 0 and state.era == 1)  # type: ignore[attr-defined]
        assert state.turn_count == before + (1 if ends else 0), action.payload
    dwarfs = state.game.components.pieces["dwarfs"]  # type: ignore[attr-defined]
    assert state.turn_count == state.era * players * dwarfs  # type: ignore[attr-defined]
