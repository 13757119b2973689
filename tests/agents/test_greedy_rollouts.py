"""ISMCTS cut-off rollouts that play the heuristic's best move where the rules of thumb leave one open
(`rollout=greedy`, agents/greedy.py)."""

from __future__ import annotations

from typing import Any

from dwarfhall.agents import ismcts, make_agent
from dwarfhall.agents.greedy import GreedyAdvice
from dwarfhall.agents.ismcts import GUIDED_DEPTH, ISMCTSAgent
from dwarfhall.core import Game, PlayerView, Rng, State
from dwarfhall.core.heuristic import Heuristic, terminal_value

from ..support.kuhn import BET, PASS, KuhnGame
from .conftest import decision_points


class _Silent(Heuristic):
    """The game's evaluation without any rule of thumb, so every move is left to the greedy choice."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def evaluate(self, state: State, player: int) -> float:
        return float(self.inner.evaluate(state, player))


def _value_after(state: State, action: int, advice: Any) -> float:
    after = state.clone()
    after.apply(action)
    player = state.current_player
    return terminal_value(after, player) if after.is_terminal else float(advice.evaluate(after, player))


def test_greedy_rollouts_default_to_the_guided_depth() -> None:
    agent = make_agent("ismcts:rollout=greedy")
    assert isinstance(agent, ISMCTSAgent) and agent.depth == GUIDED_DEPTH
    assert make_agent("ismcts:rollout=greedy,depth=2").depth == 2  # type: ignore[attr-defined]


def test_greedy_choice_is_the_best_evaluated_move_where_the_rules_say_nothing(real_game: Game[Any]) -> None:
    advice = _Silent(real_game.heuristic())
    greedy = GreedyAdvice(advice)
    rng = Rng(2)
    for state in decision_points(real_game, range(2), (0, 10, 30)):
        sample = PlayerView(state, state.current_player).determinize(rng)
        choice = greedy.choose(sample.clone(), sample.current_player, rng)
        legal = sample.legal_action_ids()
        assert choice in legal
        best = max(_value_after(sample, a, advice) for a in legal)
        assert _value_after(sample, choice, advice) == best


class _PassAdvice(Heuristic):
    """Scores a bet best but advises a pass: the rule of thumb must win over the evaluation."""

    def evaluate(self, state: State, player: int) -> float:
        history = state.history
        return 1.0 if history and history[-1] == BET else -1.0

    def choose(self, state: State, player: int, rng: Rng) -> int | None:
        return PASS if PASS in state.legal_action_ids() else None


def test_greedy_choice_follows_the_rules_of_thumb_where_they_advise() -> None:
    state = KuhnGame().new_state(8)
    while state.current_player < 0 or len(state.legal_action_ids()) < 2:
        state.apply(state.legal_action_ids()[0])
    assert GreedyAdvice(_PassAdvice()).choose(state, state.current_player, Rng(1)) == PASS
    assert GreedyAdvice(_Silent(_PassAdvice())).choose(state, state.current_player, Rng(1)) == BET


def test_greedy_rollout_values_stay_in_the_range_of_returns(real_game: Game[Any]) -> None:
    agent = make_agent("ismcts:iters=1,rollout=greedy,depth=6", 3)
    assert isinstance(agent, ISMCTSAgent)
    advice = GreedyAdvice(real_game.heuristic())
    rng = Rng(5)
    for state in decision_points(real_game, range(2), (0, 10, 40)):
        sample = PlayerView(state, state.current_player).determinize(rng)
        values = ismcts._playout(sample, advice, agent.rng, True, agent.depth)
        assert len(values) == real_game.num_players
        assert all(-1.0 <= v <= 1.0 for v in values), values


def test_greedy_search_repeats_with_the_same_seed(real_game: Game[Any]) -> None:
    state = decision_points(real_game, range(1), (10,))[0]
    view = PlayerView(state, state.current_player)
    first, second = make_agent("ismcts:rollout=greedy", 4), make_agent("ismcts:rollout=greedy", 4)
    assert isinstance(first, ISMCTSAgent) and isinstance(second, ISMCTSAgent)
    one, two = first.analyse(view, 30), second.analyse(view, 30)
    totals = {a: (c.visits, c.total) for a, c in one.children.items()}
    assert totals == {a: (c.visits, c.total) for a, c in two.children.items()} and sum(v for v, _ in totals.values())
