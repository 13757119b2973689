"""Every registered game (and the three-player test game) as a single-agent Gymnasium environment."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from dwarfhall.agents import AgentSpecError
from dwarfhall.core import IllegalAction
from dwarfhall.interop.common import observation_tensor
from dwarfhall.interop.gymnasium import DwarfhallEnv

from .conftest import GAMES, WITH_TEST_GAMES


@pytest.mark.parametrize("name", GAMES)
def test_check_env_gives_no_warnings_and_renders(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        e = gymnasium.make(f"dwarfhall/{name}-v0", render_mode="human")
        check_env(e.unwrapped)  # made with a spec, so the checker tries every render mode too
    assert [str(w.message) for w in caught] == []
    space = e.unwrapped.observation_space
    assert np.isfinite(space.low).all() and np.isfinite(space.high).all(), "the game declares its range"
    layout = e.unwrapped.game.observation_layout()
    assert (space.low == layout.low).all() and (space.high == layout.high).all()  # bounds per entry, from the layout
    assert capsys.readouterr().out.strip(), "human mode prints the text view"


@pytest.mark.parametrize("name", WITH_TEST_GAMES)
@pytest.mark.parametrize("opponent", ["random", "heuristic"])
@pytest.mark.filterwarnings("ignore:.*infinity:UserWarning")  # the test games declare no range
def test_gymnasium_check_env(name: str, opponent: str) -> None:
    check_env(DwarfhallEnv(name, opponent=opponent), skip_render_check=True)


@pytest.mark.parametrize("name", WITH_TEST_GAMES)
def test_an_episode_ends_with_the_seats_return(name: str) -> None:
    e = DwarfhallEnv(name, opponent="random", seat=1)
    observation, info = e.reset(seed=4)
    rng = np.random.default_rng(0)
    done, reward = False, 0.0
    while not done:
        assert e.state is not None and e.state.current_player == 1
        assert np.array_equal(observation, observation_tensor(e.state, 1))
        # the legal ids as a tuple: the mask's ids, the state's legal ids
        assert sorted(info["legal_actions"]) == np.flatnonzero(info["action_mask"]).tolist()
        assert info["legal_actions"] == e.state.legal_action_ids() and info["legal_actions"]
        action = int(rng.choice(info["legal_actions"]))
        observation, reward, terminated, truncated, info = e.step(action)
        done = terminated or truncated
    assert e.state is not None and e.state.is_terminal
    assert reward == e.state.returns()[1]
    assert info["legal_actions"] == () and not info["action_mask"].any()


@pytest.mark.parametrize("name", GAMES)
def test_registered_ids_make_the_env(name: str) -> None:
    e = gymnasium.make(f"dwarfhall/{name}-v0", opponent="heuristic", render_mode="ansi")
    e.reset(seed=1)
    assert isinstance(e.unwrapped, DwarfhallEnv) and e.unwrapped.opponent == "heuristic"
    text = str(e.render())
    assert text == e.unwrapped.game.text_view().render(e.unwrapped.state.observation(None), "en", color=False)


def test_illegal_actions_lose_or_raise() -> None:
    e = DwarfhallEnv("duel")
    _, info = e.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = e.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    strict = DwarfhallEnv("duel", illegal_action="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalAction):
        strict.step(illegal)


def test_bad_arguments_are_named() -> None:
    with pytest.raises(AgentSpecError):
        DwarfhallEnv("duel", opponent="no_such_agent")
    with pytest.raises(ValueError, match="seat"):
        DwarfhallEnv("duel", seat=5)
    with pytest.raises(Exception, match="first_player"):
        DwarfhallEnv("duel", first_player="9")


def test_legal_actions_come_through_a_vector_env() -> None:
    envs = gymnasium.make_vec("dwarfhall/duel-v0", num_envs=2, vectorization_mode="sync")
    _, info = envs.reset(seed=3)
    rng = np.random.default_rng(1)
    for _ in range(20):
        for legal, mask in zip(info["legal_actions"], info["action_mask"], strict=True):
            assert sorted(legal) == np.flatnonzero(mask).tolist()  # an object array of the envs' tuples
        _, _, _, _, info = envs.step(np.array([int(rng.choice(legal)) for legal in info["legal_actions"]]))
    envs.close()
