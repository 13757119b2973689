"""Properties of random games: pieces never on lakes or stacked, exact replay, JSON round trip, clone independence."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from dwarfhall.core import GameRecord, Rng, load_game
from dwarfhall.games.alewar.board import LAKE, SQUARES
from dwarfhall.games.alewar.pieces import OUT, RESERVE
from dwarfhall.games.alewar.state import AleWarState

OPTIONS = st.fixed_dictionaries(
    {
        "hit_rule": st.sampled_from(["exact", "at_least"]),
        "terrain_pick": st.sampled_from(["random", "choose"]),
        "turn_limit": st.sampled_from([None, 40]),
    }
)
SETTINGS = settings(max_examples=25, deadline=None)


def check_board(state: AleWarState) -> None:
    """Occupancy agrees with the pieces; nothing stands on a lake; no square holds two pieces."""
    occupied = [sq for sq in (*state.pos, *state.barrels) if sq >= 0]
    assert len(occupied) == len(set(occupied))
    assert all(state.terrain[sq] != LAKE for sq in occupied)
    expected = [-1] * SQUARES
    for code, sq in enumerate((*state.pos, *state.barrels)):
        if sq >= 0:
            expected[sq] = code
    assert state.occ == expected
    assert all(p >= 0 or p in (RESERVE, OUT) for p in state.pos)


def random_game(seed: int, options: dict[str, object], mover: int, check: bool = True) -> AleWarState:
    state = load_game("alewar", options).new_state(seed)
    assert isinstance(state, AleWarState)
    rng = Rng(mover)
    while not state.is_terminal:
        if check:
            check_board(state)
        legal = state.legal_action_ids()
        assert legal and len(set(legal)) == len(legal)
        assert all(0 <= a < state.game.num_distinct_actions() for a in legal)
        state.apply(rng.choice(legal))
    return state


@SETTINGS
@given(seed=st.integers(0, 2**32), mover=st.integers(0, 2**32), options=OPTIONS)
def test_units_never_on_lakes_or_stacked(seed: int, mover: int, options: dict[str, object]) -> None:
    final = random_game(seed, options, mover)
    check_board(final)
    assert final.winner in (0, 1, 2)


@SETTINGS
@given(seed=st.integers(0, 2**32), mover=st.integers(0, 2**32), options=OPTIONS)
def test_record_replays_exactly(seed: int, mover: int, options: dict[str, object]) -> None:
    final = random_game(seed, options, mover, check=False)
    record = GameRecord.from_json(json.loads(json.dumps(GameRecord.of(final).to_json())))
    assert record.final_state().to_json() == final.to_json()


@SETTINGS
@given(seed=st.integers(0, 2**32), mover=st.integers(0, 2**32), cut=st.floats(0, 1), options=OPTIONS)
def test_json_round_trip_and_clone_independence(seed: int, mover: int, cut: float, options: dict[str, object]) -> None:
    final = random_game(seed, options, mover, check=False)
    record = GameRecord.of(final)
    states = list(record.states())
    state = states[int(cut * (len(states) - 1))]
    again = state.game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json() and again.legal_action_ids() == state.legal_action_ids()
    assert again.observation(None) == state.observation(None)
    before = state.to_json()
    copy = state.clone()
    rng = Rng(seed)
    while not copy.is_terminal:
        copy.apply(rng.choice(copy.legal_action_ids()))
    assert state.to_json() == before
