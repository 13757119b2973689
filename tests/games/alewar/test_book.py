"""The Goblins' set-up book: three Goblins wall both barrels in before the first turn, within the set-up rules."""

from __future__ import annotations

import pytest

from dwarfhall.agents.base import make_agent
from dwarfhall.agents.ismcts import ISMCTSAgent
from dwarfhall.core import Rng, load_game
from dwarfhall.core.view import PlayerView
from dwarfhall.games.alewar.board import LAKE, SETUP_SQUARES
from dwarfhall.games.alewar.book import goblin_setup, strike_squares
from dwarfhall.games.alewar.heuristic import AleWarHeuristic
from dwarfhall.games.alewar.phases import MOVE, PLACE_BARRELS, PLACE_UNITS
from dwarfhall.games.alewar.pieces import FIRST_BARREL, FIRST_GOBLIN, GOBLINS


def _set_up_with_book(seed: int) -> tuple[object, int]:
    """A game set up at random, the Goblins' placements by the book; returns the state and the book's moves."""
    game = load_game("alewar")
    state = game.new_state(seed)
    rng = Rng(seed)
    booked = 0
    while state.phase < MOVE:
        player = state.current_player
        move = goblin_setup(state, player, rng)
        legal = state.legal_action_ids()
        if move is None:
            move = rng.choice(legal)
        else:
            assert move in legal  # set-up rule: Goblins on rows 1-3, nothing on a lake or another piece
            booked += 1
        state.apply(move)
    return state, booked


@pytest.mark.parametrize("seed", range(40))
def test_the_book_leaves_no_square_to_strike_a_barrel_from_that_no_goblin_holds(seed: int) -> None:
    # Attacking rule: a Dwarf attacks a barrel from a square next to it (no diagonals), never from a lake
    state, booked = _set_up_with_book(seed)
    assert booked == 5  # three Goblins and two barrels
    goblins = {state.pos[u] for u in range(FIRST_GOBLIN, FIRST_BARREL)}
    wall = strike_squares(state.terrain, tuple(state.barrels))
    assert wall and wall <= goblins
    assert goblins <= set(SETUP_SQUARES[GOBLINS])


def test_strike_squares_leave_out_lakes_and_the_other_barrel() -> None:
    terrain = [0] * 36
    terrain[2] = LAKE  # c1
    # a1 and b1: a2, b2, and c1 unless it is a lake
    assert strike_squares(terrain, (0, 1)) == {6, 7}
    terrain[2] = 0
    assert strike_squares(terrain, (0, 1)) == {2, 6, 7}


def test_the_book_says_nothing_outside_the_goblins_set_up() -> None:
    game = load_game("alewar")
    state = game.new_state(3)
    rng = Rng(3)
    seen_phases = set()
    for _ in range(60):  # the set-up and some turns of play
        if state.is_terminal:
            break
        player = state.current_player
        move = goblin_setup(state, player, rng)
        if move is not None:
            assert state.side == GOBLINS and state.phase in (PLACE_UNITS, PLACE_BARRELS)
        seen_phases.add(state.phase)
        state.apply(rng.choice(state.legal_action_ids()))
    assert MOVE in seen_phases
    if not state.is_terminal:
        assert AleWarHeuristic().book_move(state, state.current_player, rng) is None


def test_a_search_with_its_book_places_the_goblins_without_searching() -> None:
    game = load_game("alewar", {"dwarf_seat": 1})  # seat 0 plays the Goblins
    state = game.new_state(11)
    booked = make_agent("ismcts:iters=200,book=on", 1)
    plain = make_agent("ismcts:iters=200", 2)
    assert isinstance(booked, ISMCTSAgent)
    while state.phase < MOVE:
        player = state.current_player
        agent = booked if player == 0 else plain
        state.apply(agent.choose(PlayerView(state, player)))
        if player == 0 and state.phase != MOVE:
            assert booked.last_iterations == 0  # each of the Goblins' placements came from the book
    goblins = {state.pos[u] for u in range(FIRST_GOBLIN, FIRST_BARREL)}
    assert strike_squares(state.terrain, tuple(state.barrels)) <= goblins
