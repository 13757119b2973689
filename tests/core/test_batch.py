"""The batch entry points play exactly the games the protocol's loop plays (same ids, same draws, same history)."""

from __future__ import annotations

from typing import Any

import pytest

from dwarfhall.core import Rng, State, game_names, load_game
from dwarfhall.core.batch import CHOOSER_OFFSET, play_drawn, play_random, play_seated, random_game, random_playout

TABLES: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in sorted(game_names())] + [
    ("duel", {"response_windows": "when_able"})
]


def _protocol_game(name: str, options: dict[str, Any], seed: int) -> State[Any]:
    state = load_game(name, options).new_state(seed)
    chooser = Rng(seed + CHOOSER_OFFSET)
    while not state.is_terminal:
        state.apply(chooser.choice(state.legal_action_ids()))
    return state


@pytest.mark.parametrize(("name", "options"), TABLES)
def test_random_game_is_the_protocol_loop(name: str, options: dict[str, Any]) -> None:
    for seed in (1, 2):
        expected = _protocol_game(name, options, seed)
        got = random_game(load_game(name, options), seed)
        assert got.is_terminal
        assert got.history == expected.history
        assert got.to_json() == expected.to_json()
        assert got.legal_action_ids() == ()


@pytest.mark.parametrize(("name", "options"), TABLES)
def test_play_random_counts_every_action(name: str, options: dict[str, Any]) -> None:
    game = load_game(name, options)
    expected = sum(len(_protocol_game(name, options, seed).history) for seed in (5, 6, 7))
    assert play_random(game, 5, 3) == expected


@pytest.mark.parametrize("windows", ["always", "when_able"])
def test_a_games_own_playout_draws_what_the_protocol_loop_draws(windows: str) -> None:
    """The Duel runs its own loop (`Rules.playout`); over many games it plays the protocol loop's actions."""
    game = load_game("duel", {"response_windows": windows})
    assert game.new_state(1)._random_playout is not None
    for seed in range(10, 40):
        assert random_game(game, seed).history == _protocol_game("duel", {"response_windows": windows}, seed).history


def test_springs_own_playout_draws_what_the_protocol_loop_draws() -> None:
    """Spring runs its own loop too (`Rules.playout`): the protocol loop's actions, to the end of the game."""
    options = {"players": 4}
    game = load_game("spring", options)
    assert game.new_state(1)._random_playout is not None
    for seed in range(10, 16):
        assert random_game(game, seed).history == _protocol_game("spring", options, seed).history


@pytest.mark.parametrize("name", ["duel", "spring"])
def test_a_capped_playout_stops_and_leaves_a_usable_state(name: str) -> None:
    game = load_game(name)
    state = game.new_state(3)
    state.legal_action_ids()  # a cached legal list is used for the first action, then dropped
    rng, twin_rng = Rng(9), Rng(9)
    twin = state.clone()
    assert random_playout(state, rng, 25) == 25
    for _ in range(25):
        legal = twin.legal_action_ids()
        twin.apply(legal[twin_rng.below(len(legal))])
    assert state.history == twin.history
    assert state.legal_action_ids() == twin.legal_action_ids()
    assert rng.state == twin_rng.state


def test_a_finished_game_plays_nothing() -> None:
    state = random_game(load_game("duel"), 4)
    assert random_playout(state, Rng(1)) == 0


@pytest.mark.parametrize(("name", "options"), TABLES)
def test_play_drawn_plays_the_drawing_seats_as_the_protocol_loop(name: str, options: dict[str, Any]) -> None:
    """An environment's random opponents: each drawing seat moves as `state.apply(rng.choice(legal ids))` would,
    and the loop stops at the learner's seat, at a seat without a draw, at the move limit and at the end."""
    game = load_game(name, options)
    seats = game.num_players
    for seed in (1, 2):
        state, twin = game.new_state(seed), game.new_state(seed)
        draws: list[Rng | None] = [Rng(seed * 10 + p) for p in range(seats)]
        twins = [Rng(seed * 10 + p) for p in range(seats)]
        learner, silent = 0, seats - 1  # the seat that stops the loop, and one that draws nothing
        draws[learner] = draws[silent] = None
        moves = 0
        while not state.is_terminal and moves < 400:
            moves = play_drawn(state, learner, 400, moves, draws)
            while not twin.is_terminal and len(twin.history) < 400 and twin.current_player not in (learner, silent):
                twin.apply(twins[twin.current_player].choice(twin.legal_action_ids()))
            assert state.history == twin.history and moves == len(state.history)
            if state.is_terminal or moves >= 400:
                break
            assert state.current_player in (learner, silent)
            action = Rng(moves).choice(state.legal_action_ids())
            state.apply(action)
            twin.apply(action)
            moves += 1
        assert state.to_json() == twin.to_json()
        assert play_drawn(state, learner, moves, moves, draws) == moves  # at the limit: no move


def _agents_game(name: str, options: dict[str, Any], seed: int) -> tuple[State[Any], list[dict[str, int]]]:
    """A game of seeded random agents through `play_game` (forced moves without asking), with its components."""
    from dwarfhall.agents.random_agent import RandomAgent
    from dwarfhall.agents.runner import play_game

    game = load_game(name, options)
    used: list[dict[str, int]] = [{} for _ in range(game.num_players)]

    def note(state: State[Any], action: int) -> None:
        for key in state.action_components(action):
            used[state.current_player][key] = used[state.current_player].get(key, 0) + 1

    agents = [RandomAgent({}, seed * 10 + seat) for seat in range(game.num_players)]
    return play_game(game, agents, seed, on_action=note), used


@pytest.mark.parametrize(("name", "options"), TABLES)
def test_play_seated_plays_the_random_agents_game(name: str, options: dict[str, Any]) -> None:
    game = load_game(name, options)
    for seed in (3, 4):
        expected, expected_used = _agents_game(name, options, seed)
        state = game.new_state(seed)
        used: list[dict[str, int]] = [{} for _ in range(game.num_players)]
        draws: list[Rng | None] = [Rng(seed * 10 + seat) for seat in range(game.num_players)]
        assert play_seated(state, draws, 100_000, used) == len(expected.history)
        assert state.is_terminal and state.history == expected.history
        assert used == expected_used


def test_play_seated_draws_nothing_for_a_forced_move_and_stops_at_a_seat_that_does_not_draw() -> None:
    game = load_game("duel", {})
    state = game.new_state(8)
    draws: list[Rng | None] = [Rng(1), None]
    used: list[dict[str, int]] = [{}, {}]
    played = play_seated(state, draws, 100_000, used)
    assert not state.is_terminal and state.current_player == 1 and len(state.legal_action_ids()) > 1
    assert played == len(state.history) > 0
    # replayed with seat 0's draws and seat 1's forced moves: a draw only where there was a choice
    replay = game.new_state(8)
    chooser = Rng(1)
    for action in state.history:
        legal = replay.legal_action_ids()
        assert replay.current_player == 0 or len(legal) == 1
        assert action == (legal[0] if len(legal) == 1 else chooser.choice(legal))
        replay.apply(action)
    assert draws[0] is not None and draws[0].state == chooser.state


def test_play_seated_stops_at_the_limit() -> None:
    game = load_game("spring", {"players": 3})
    state = game.new_state(2)
    used: list[dict[str, int]] = [{}, {}, {}]
    assert play_seated(state, [Rng(1), Rng(2), Rng(3)], 40, used) == 40
    assert play_seated(state, [Rng(1), Rng(2), Rng(3)], 40, used) == 0
    assert len(state.history) == 40 and not state.is_terminal
    assert sum(sum(u.values()) for u in used) > 0
