"""Spring's first playing advice: legal, bounded, and far better than random play."""

from __future__ import annotations

from dwarfhall.agents import make_agent, play_game
from dwarfhall.core import Rng
from dwarfhall.games.spring.game import SpringGame
from dwarfhall.games.spring.heuristic import SpringHeuristic
from dwarfhall.games.spring.state import SpringState


def test_advice_is_legal_and_values_are_bounded() -> None:
    """At every kind of decision `choose` gives a legal id (or none) and `evaluate` stays in [-1, 1]."""
    advice = SpringHeuristic()
    for players in (2, 3, 4):
        game = SpringGame({"players": players})
        state = game.new_state(players)
        rng = Rng(1)
        while not state.is_terminal:
            assert isinstance(state, SpringState)
            player = state.current_player
            choice = advice.choose(state, player, rng)
            legal = state.legal_action_ids()
            assert choice is None or choice in legal
            assert -1.0 <= advice.evaluate(state, player) <= 1.0
            state.apply(legal[rng.below(len(legal))] if rng.random() < 0.5 or choice is None else choice)
        assert advice.evaluate(state, 0) == max(-1.0, min(1.0, state.returns()[0]))


def test_heuristic_beats_random_players() -> None:
    """Against three random players (fair share 25 %) the heuristic, on every seat in turn, wins most games."""
    game = SpringGame({"players": 4})
    games = 12
    won = 0
    for i in range(games):
        seat = i % 4
        agents = [make_agent("heuristic" if s == seat else "random", 50 * i + s) for s in range(4)]
        final = play_game(game, agents, 900 + i)
        won += seat in final.winners()
    assert won >= 9, f"the heuristic won {won} of {games}"
