"""ISMCTS cut-off rollouts guided by the game's rules of thumb (`rollout=guided`)."""

from __future__ import annotations

from typing import Any

import pytest

from dwarfhall.agents import AgentSpecError, ismcts, make_agent
from dwarfhall.agents.ismcts import GUIDED_DEPTH, ISMCTSAgent
from dwarfhall.core import Game, PlayerView, Rng, State
from dwarfhall.core.heuristic import Heuristic

from ..support.kuhn import BET, PASS, KuhnGame
from .conftest import decision_points


class _CountingAdvice(Heuristic):
    """Advises a pass to whoever is asked, and remembers every state it was asked about."""

    def __init__(self) -> None:
        self.asked: list[State] = []

    def evaluate(self, state: State, player: int) -> float:
        return 0.0

    def choose(self, state: State, player: int, rng: Rng) -> int | None:
        self.asked.append(state)
        return PASS if PASS in state.legal_action_ids() else None


class _Kuhn(KuhnGame):
    advice = _CountingAdvice()

    def heuristic(self) -> Any:
        return self.advice


def test_guided_rollouts_default_to_a_few_moves_and_check_their_parameters() -> None:
    agent = make_agent("ismcts:rollout=guided")
    assert isinstance(agent, ISMCTSAgent) and agent.depth == GUIDED_DEPTH
    assert isinstance(make_agent("ismcts:rollout=eval"), ISMCTSAgent)
    assert make_agent("ismcts:rollout=guided,depth=0").depth == 0  # type: ignore[attr-defined]
    with pytest.raises(AgentSpecError, match="rollout must be random, eval, guided or greedy"):
        make_agent("ismcts:rollout=deep")


def test_guided_rollouts_ask_the_rules_of_thumb_on_sampled_states_only() -> None:
    game = _Kuhn()
    game.advice = _CountingAdvice()
    state = game.new_state(8)
    agent = make_agent("ismcts:iters=40,rollout=guided,advice=off,stop=budget", 1)
    choice = agent.choose(PlayerView(state, 0))
    assert choice in (BET, PASS)
    # with advice off in the tree, only the rollouts asked the rules, and never about the real state
    assert game.advice.asked and all(asked is not state for asked in game.advice.asked)


def test_guided_rollout_values_stay_in_the_range_of_returns(real_game: Game[Any]) -> None:
    """A leaf value is a heuristic's score or a clipped result: always within [-1, 1] for every player."""
    agent = make_agent("ismcts:iters=1,rollout=guided,depth=6", 3)
    assert isinstance(agent, ISMCTSAgent)
    advice = real_game.heuristic()
    rng = Rng(5)
    for state in decision_points(real_game, range(2), (0, 10, 40)):
        sample = PlayerView(state, state.current_player).determinize(rng)
        values = ismcts._playout(sample, advice, agent.rng, agent.rollout == "guided", agent.depth)
        assert len(values) == real_game.num_players
        assert all(-1.0 <= v <= 1.0 for v in values), values


def test_guided_search_repeats_with_the_same_seed(real_game: Game[Any]) -> None:
    state = decision_points(real_game, range(1), (10,))[0]
    view = PlayerView(state, state.current_player)
    spec = "ismcts:rollout=guided"
    first, second = make_agent(spec, 4), make_agent(spec, 4)
    assert isinstance(first, ISMCTSAgent) and isinstance(second, ISMCTSAgent)
    # analyse: the search itself, even where the rules of thumb would answer the root at once
    one, two = first.analyse(view, 30), second.analyse(view, 30)
    totals = {a: (c.visits, c.total) for a, c in one.children.items()}
    assert totals == {a: (c.visits, c.total) for a, c in two.children.items()} and sum(v for v, _ in totals.values())
