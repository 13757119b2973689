"""Every registered game (and the three-player test game) as an OpenSpiel game."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts
from open_spiel.python.bots import uniform_random

from dwarfhall.core import Rng, game_class
from dwarfhall.core.info import Chance, Information, game_info
from dwarfhall.interop import openspiel as spiel
from dwarfhall.interop.common import DEFAULT_MAX_GAME_LENGTH, observation_tensor

from .conftest import GAMES, WITH_TEST_GAMES

SHORT = 40  # actions: OpenSpiel's searches run on games cut off here (a draw), to keep the suite quick


class RestartableISMCTS(ismcts.ISMCTSBot):
    """evaluate_bots restarts every bot; OpenSpiel's python ISMCTSBot searches afresh each move anyway."""

    def restart_at(self, state: pyspiel.State) -> None:
        self.reset()


def random_walk(state: spiel.DwarfhallState, steps: int, seed: int) -> spiel.DwarfhallState:
    rng = np.random.RandomState(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("name", WITH_TEST_GAMES)
def test_game_type_and_info_describe_the_game(name: str) -> None:
    game = pyspiel.load_game(f"dwarfhall_{name}")
    kind = game.get_type()
    info = game_info(game.inner)
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert info.chance == Chance.SAMPLED
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    perfect = info.information == Information.PERFECT
    assert perfect == (name == "alewar"), "Ale War hides nothing but future dice; the others hide cards"
    expected = "PERFECT_INFORMATION" if perfect else "IMPERFECT_INFORMATION"
    assert kind.information == getattr(pyspiel.GameType.Information, expected)
    assert (kind.min_num_players, kind.max_num_players) == (info.min_players, info.max_players)
    assert kind.provides_information_state_string and not kind.provides_information_state_tensor
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert game.num_distinct_actions() == game.inner.num_distinct_actions()
    assert game.num_players() == game.inner.num_players
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert game.max_game_length() == info.max_length == DEFAULT_MAX_GAME_LENGTH
    options = {f.name for f in dataclasses.fields(game_class(name).options_type)}
    assert set(kind.parameter_specification) == options | {"max_game_length", "rng_seed"}


@pytest.mark.parametrize("name", GAMES)
def test_a_game_without_a_turn_limit_gets_the_declared_default(name: str) -> None:
    fields = {f.name: f for f in dataclasses.fields(game_class(name).options_type)}
    game = pyspiel.load_game(f"dwarfhall_{name}")
    limit = game_info(game_class(name)).turn_limit
    if limit is not None and fields[limit.option].default is None:
        assert game.get_parameters()[limit.option] == limit.default
        assert getattr(game.inner.options, limit.option) == limit.default
        # -1 gives the game's own "none" back
        assert getattr(pyspiel.load_game(f"dwarfhall_{name}", {limit.option: -1}).inner.options, limit.option) is None
        # a short limit really ends the game as a draw
        short = pyspiel.load_game(f"dwarfhall_{name}", {limit.option: 1})
        state = random_walk(short.new_initial_state(), DEFAULT_MAX_GAME_LENGTH, seed=2)
        assert state.is_terminal() and state.inner.is_terminal
        assert state.returns() == [0.0] * short.num_players()
    else:
        assert "turn_limit" not in fields or game.get_parameters().get("turn_limit") == fields["turn_limit"].default


@pytest.mark.parametrize("name", WITH_TEST_GAMES)
def test_random_games_end_by_the_rules_within_max_game_length(name: str) -> None:
    game = pyspiel.load_game(f"dwarfhall_{name}")
    for seed in range(2):
        state = random_walk(game.new_initial_state(), DEFAULT_MAX_GAME_LENGTH + 1, seed)
        assert state.inner.is_terminal, "the bound is a safety net: real games end before it"
        assert len(state.history()) < game.max_game_length()
        returns = state.returns()
        assert abs(sum(returns)) < 1e-9 and all(-1.0 <= r <= 1.0 for r in returns)


@pytest.mark.parametrize("name", WITH_TEST_GAMES)
def test_openspiel_random_simulation(name: str) -> None:
    pyspiel.random_sim_test(
        pyspiel.load_game(f"dwarfhall_{name}", {"max_game_length": SHORT}), num_sims=2, serialize=False, verbose=False
    )


@pytest.mark.parametrize("name", WITH_TEST_GAMES)
def test_a_game_cut_off_at_max_game_length_is_a_draw(name: str) -> None:
    game = pyspiel.load_game(f"dwarfhall_{name}", {"max_game_length": 2})
    state = random_walk(game.new_initial_state(), 10, seed=1)
    assert state.is_terminal() and len(state.history()) == 2
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == [0.0] * game.num_players() and state.legal_actions() == []


@pytest.mark.parametrize("name", WITH_TEST_GAMES)
def test_options_are_parameters(name: str) -> None:
    defaults = spiel.parameter_defaults(name)
    explicit = pyspiel.load_game(f"dwarfhall_{name}", defaults)
    assert explicit.inner.options == pyspiel.load_game(f"dwarfhall_{name}").inner.options
    with pytest.raises(pyspiel.SpielError, match="no_such_option"):
        pyspiel.load_game(f"dwarfhall_{name}", {"no_such_option": 1})


def test_option_values_reach_the_game_and_bad_ones_are_named() -> None:
    duel = pyspiel.load_game("dwarfhall_duel", {"first_player": 1, "seat0_side": "evil"})
    assert duel.new_initial_state().current_player() == 1
    assert duel.inner.options.seat0_side == "evil"
    alewar = pyspiel.load_game("dwarfhall_alewar", {"hit_rule": "at_least", "dwarf_seat": 1, "turn_limit": 50})
    assert (alewar.inner.options.hit_rule, alewar.inner.options.dwarf_seat) == ("at_least", 1)
    assert alewar.inner.options.turn_limit == 50
    with pytest.raises(Exception, match="first_player"):
        pyspiel.load_game("dwarfhall_duel", {"first_player": 7})


@pytest.mark.parametrize("name", WITH_TEST_GAMES)
def test_same_rng_seed_same_deals(name: str) -> None:
    a = pyspiel.load_game(f"dwarfhall_{name}", {"rng_seed": 4})
    b = pyspiel.load_game(f"dwarfhall_{name}", {"rng_seed": 4})
    first = a.new_initial_state()
    first.clone()  # OpenSpiel's clone makes a new initial state inside: it must not change the next deal
    assert first.inner.to_json() == b.new_initial_state().inner.to_json()
    assert a.new_initial_state().inner.to_json() == b.new_initial_state().inner.to_json()


@pytest.mark.parametrize("name", WITH_TEST_GAMES)
def test_clone_and_serialize_keep_the_whole_state(name: str) -> None:
    game = spiel.load_game(name)
    state = random_walk(game.new_initial_state(), 25, seed=3)
    for copy in (state.clone(), game.deserialize_state(state.serialize())):
        assert copy.inner.to_json() == state.inner.to_json()
        assert copy.history() == state.history()
        for p in range(game.num_players()):
            assert copy.information_state_string(p) == state.information_state_string(p)
    if not state.is_terminal():
        clone = state.clone()
        action = state.legal_actions()[0]
        clone.apply_action(action)
        state.apply_action(action)
        assert clone.inner.to_json() == state.inner.to_json(), "a clone keeps its Rng: the same future"


@pytest.mark.parametrize("name", WITH_TEST_GAMES)
def test_mcts_ismcts_and_evaluate_bots_play_it(name: str) -> None:
    game = spiel.load_game(name, max_game_length=SHORT)
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    players = game.num_players()
    for first in range(players):
        seated: list[pyspiel.Bot] = []
        for seat in range(players):
            kind = (seat - first) % players
            if kind == 0:
                seated.append(mcts.MCTSBot(game, 2.0, 6, evaluator, random_state=rng))
            elif kind == 1 and game_info(game.inner).information == Information.PERFECT:
                seated.append(mcts.MCTSBot(game, 2.0, 6, evaluator, random_state=rng))  # ISMCTS wants hidden info
            elif kind == 1:
                seated.append(RestartableISMCTS(game, evaluator, 2.0, 6, random_state=rng))
            else:
                seated.append(uniform_random.UniformRandomBot(seat, rng))
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), seated, rng)
        assert len(returns) == players
        assert abs(sum(returns)) < 1e-9 and all(-1.0 <= r <= 1.0 for r in returns)


@pytest.mark.parametrize("name", WITH_TEST_GAMES)
def test_resampling_changes_only_what_the_player_cannot_see(name: str) -> None:
    """Hidden information: a resample (from `determinize`) moves the hidden cards, the player's view stays."""
    game = spiel.load_game(name)
    hidden_moved = False
    for seed, steps in enumerate((0, 1, 2, 12, 26, 40)):
        state = random_walk(game.new_initial_state(), steps, seed)
        if state.is_terminal():
            continue
        for p in range(game.num_players()):
            sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
            sample = state.resample_from_infostate(p, sampler)
            assert sample.information_state_string(p) == state.information_state_string(p)
            assert sample.observation_string(p) == state.observation_string(p)
            assert sample.observation_tensor(p) == state.observation_tensor(p)
            if state.current_player() == p:
                assert sample.legal_actions() == state.legal_actions()
            others = [q for q in range(game.num_players()) if q != p]
            if any(sample.observation_string(q) != state.observation_string(q) for q in others):
                hidden_moved = True
    if name != "alewar":  # Ale War hides nothing but future dice, which no observation shows
        assert hidden_moved, "no sample moved a hidden card: the test would prove nothing"


@pytest.mark.parametrize("name", WITH_TEST_GAMES)
def test_tensors_and_strings_come_from_the_players_observation_only(name: str) -> None:
    game = spiel.load_game(name)
    for steps in (1, 12):
        state = random_walk(game.new_initial_state(), steps, seed=4)
        for p in range(game.num_players()):
            other = state.inner.determinize(p, Rng(99))
            assert np.array_equal(observation_tensor(other, p), observation_tensor(state.inner, p))
            assert other.observation(p) == state.inner.observation(p)
            assert state.observation_tensor(p) == observation_tensor(state.inner, p).tolist()


@pytest.mark.parametrize("name", WITH_TEST_GAMES)
def test_playthrough_is_as_pinned(name: str, tmp_path: Path) -> None:
    from absl import flags
    from open_spiel.python.algorithms import generate_playthrough

    from .playthroughs import path_of, read

    if not flags.FLAGS.is_parsed():
        flags.FLAGS.mark_as_parsed()  # replay reads one absl flag (action ids), left at its default

    assert path_of(name).exists(), f"no playthrough for {name}; generate it with python -m tests.interop.playthroughs"
    plain = tmp_path / f"dwarfhall_{name}.txt"
    plain.write_text(read(name), encoding="utf-8")
    original, again = generate_playthrough.replay(str(plain))
    assert again == original, f"{path_of(name).name} differs; regenerate with python -m tests.interop.playthroughs"
