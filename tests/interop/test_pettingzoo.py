"""Every registered game (and the three-player test game) as a PettingZoo AEC environment."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test

from dwarfhall.core import IllegalAction, Rng
from dwarfhall.interop.common import observation_tensor
from dwarfhall.interop.pettingzoo import DwarfhallAECEnv, env, raw_env

from .conftest import GAMES, WITH_TEST_GAMES, seatings

DICT_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
}
"""What PettingZoo's checker says of every dict observation, the form of its own classic games, unless the
environment's name is on its list of those games."""


def play_randomly(e: DwarfhallAECEnv, seed: int) -> dict[str, float]:
    """Plays one game with masked random actions; returns each agent's total reward."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        _, reward, terminated, truncated, _ = e.last()
        totals[agent] += float(reward)
        for other in e.agents:  # each agent's legal ids in its info are those of its mask
            mask = e.observe(other)["action_mask"] if e.observation_form == "dict" else e.infos[other]["action_mask"]
            assert sorted(e.infos[other]["legal_actions"]) == np.flatnonzero(mask).tolist()
        if terminated or truncated:
            e.step(None)
        else:
            e.step(int(rng.choice(e.infos[agent]["legal_actions"])))
    return totals


@pytest.mark.parametrize(("name", "options"), seatings())
@pytest.mark.parametrize("form", ["array", "dict"])
def test_pettingzoo_api_test(name: str, options: dict[str, Any], form: str) -> None:
    e = env(name, observation_form=form, **options)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(e, num_cycles=60)
    said = {str(w.message) for w in caught}
    bounded = name in GAMES  # the test games declare no range, and the checker warns about an endless Box
    if form == "array" and bounded:
        assert said == set()
    elif bounded:
        assert said == DICT_WARNINGS
    assert len(e.unwrapped.possible_agents) == e.unwrapped.game.num_players


@pytest.mark.parametrize("name", GAMES)
def test_render_test_and_human_mode(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode=None: env(name, render_mode=render_mode))
    assert capsys.readouterr().out.strip(), "human mode prints the text view"


def test_array_observations_carry_the_mask_in_infos() -> None:
    e = raw_env("duel", observation_form="array")
    e.reset(seed=2)
    assert e.state is not None
    agent = e.agent_selection
    observation, _, _, _, info = e.last()
    assert isinstance(observation, np.ndarray) and e.observation_space(agent).contains(observation)
    assert sorted(np.flatnonzero(info["action_mask"])) == sorted(e.state.legal_action_ids())


@pytest.mark.parametrize("name", WITH_TEST_GAMES)
@pytest.mark.parametrize("form", ["array", "dict"])
def test_rewards_are_the_games_returns(name: str, form: str) -> None:
    e = raw_env(name, observation_form=form)
    totals = play_randomly(e, seed=3)
    assert e.state is not None and e.state.is_terminal
    assert list(totals.values()) == [float(r) for r in e.state.returns()]
    assert abs(sum(totals.values())) < 1e-9


@pytest.mark.parametrize("name", WITH_TEST_GAMES)
def test_observations_show_only_the_agents_view(name: str) -> None:
    e = raw_env(name)
    e.reset(seed=5)
    assert e.state is not None
    for p, agent in enumerate(e.possible_agents):
        seen = e.observe(agent)
        assert seen["action_mask"].dtype == np.int8
        assert np.array_equal(seen["observation"], observation_tensor(e.state, p))
        # another deal of what this agent cannot see gives the same observation
        sample = e.state.determinize(p, Rng(11))
        assert np.array_equal(observation_tensor(sample, p), seen["observation"])
        if p == e.state.current_player:
            assert sorted(np.flatnonzero(seen["action_mask"])) == sorted(e.state.legal_action_ids())
        else:
            assert not seen["action_mask"].any()


def test_same_seed_same_game_and_options_reach_the_game() -> None:
    a, b = raw_env("duel", first_player="1"), raw_env("duel", first_player="1")
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.state is not None and b.state is not None
    assert a.state.to_json() == b.state.to_json()
    assert a.agent_selection == "player_1"
    assert raw_env("alewar").game.options.turn_limit is not None  # interop's default limit


def test_a_cut_off_game_is_truncated_without_reward() -> None:
    e = raw_env("duel", max_game_length=3)
    totals = play_randomly(e, seed=1)
    assert totals == {"player_0": 0.0, "player_1": 0.0}
    assert e.state is not None and not e.state.is_terminal and len(e.state.history) == 3


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    e = raw_env("duel")
    e.reset(seed=2)
    assert e.state is not None
    before = e.state.to_json()
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction):
        e.step(illegal)
    assert e.state.to_json() == before
