"""OpenSpiel's api_test checks, on short random games of every game and player count.

OpenSpiel's own api_test walks whole game trees; ours are far too big, so the same checks run on random
games and on the full trees of a few actions below random positions (`max_game_length` cuts them off).
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
import typing
from typing import Any

import numpy as np
import pyspiel
import pytest

from dwarfhall.core import game_class
from dwarfhall.core.info import game_info
from dwarfhall.interop import openspiel as spiel
from dwarfhall.interop.common import parameters_of

from .conftest import seatings

SEATINGS = seatings()
IDS = [f"{name}-{'-'.join(f'{k}{v}' for k, v in options.items()) or 'default'}" for name, options in SEATINGS]


def load(name: str, options: dict[str, Any], **more: Any) -> spiel.DwarfhallGame:
    return spiel.load_game(name, **options, **more)


def walk(state: spiel.DwarfhallState, steps: int, seed: int) -> spiel.DwarfhallState:
    rng = np.random.RandomState(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def option_values(name: str) -> dict[str, list[Any]]:
    """Every parameter value worth a round trip: each literal and word of an option, and its default."""
    hints = typing.get_type_hints(game_class(name).options_type)
    defaults = spiel.parameter_defaults(name)
    values: dict[str, list[Any]] = {}
    for key, form in parameters_of(name).items():
        found = [defaults[key], *(-1 - i for i in range(len(form.words)))]
        for arg in typing.get_args(hints[key]):
            found += [form.encode(v) for v in typing.get_args(arg)]  # Literal members inside a Union
        found += [form.encode(v) for v in typing.get_args(hints[key]) if isinstance(v, (str, int))]
        values[key] = list(dict.fromkeys(found))
    return values


@pytest.mark.parametrize("name", ["duel", "alewar", "spring", "trio", "relay"])
def test_game_strings_round_trip_for_every_option_value(name: str) -> None:
    """OpenSpiel reads `first_player=1` as a number: mixed options are numbers, their words negative."""
    tried = 0
    for key, values in option_values(name).items():
        for value in values:
            try:
                game = pyspiel.load_game(f"dwarfhall_{name}({key}={value})")
            except pyspiel.SpielError as error:
                assert key in str(error), f"a refused value must name its option: {error}"
                continue  # a value the game's own checks refuse (a seat beyond this player count)
            again = pyspiel.load_game(str(game))
            assert str(again) == str(game)
            assert again.inner.options == game.inner.options
            tried += 1
    assert tried >= len(option_values(name))
    assert spiel.load_game(name).get_parameters() == pyspiel.load_game(str(spiel.load_game(name))).get_parameters()


def test_the_strings_the_issue_named_load() -> None:
    assert pyspiel.load_game("dwarfhall_duel(first_player=1)").new_initial_state().current_player() == 1
    assert pyspiel.load_game("dwarfhall_duel(first_player=-1)").inner.options.first_player == "random"
    spring = pyspiel.load_game(str(pyspiel.load_game("dwarfhall_spring")))
    assert spring.inner.options.first_player == "0"
    assert pyspiel.load_game("dwarfhall_spring(players=3,first_player=2)").inner.options.first_player == "2"
    assert pyspiel.load_game("dwarfhall_alewar(dwarf_seat=1)").inner.options.dwarf_seat == 1


@pytest.mark.parametrize(("name", "options"), SEATINGS, ids=IDS)
def test_bad_players_raise_spiel_errors(name: str, options: dict[str, Any]) -> None:
    game = load(name, options)
    state = walk(game.new_initial_state(), 5, seed=1)
    n = game.num_players()
    for method in (state.information_state_string, state.observation_string, state.observation_tensor):
        for p in range(n):
            method(p)
        with pytest.raises(pyspiel.SpielError, match="player >= 0"):
            method(-1)
        with pytest.raises(pyspiel.SpielError, match="player <"):
            method(n + 1)
    end = walk(game.new_initial_state(), game.max_game_length(), seed=2)
    assert end.is_terminal()
    with pytest.raises(RuntimeError):
        end.information_state_string()  # no player to act at the end


@pytest.mark.parametrize(("name", "options"), SEATINGS, ids=IDS)
def test_states_and_games_pickle_and_deep_copy(name: str, options: dict[str, Any]) -> None:
    game = load(name, options, rng_seed=3)
    fresh = game.new_initial_state()
    restored = pickle.loads(pickle.dumps(fresh))
    assert restored.inner.to_json() == fresh.inner.to_json(), "a fresh state pickles its deal, not a new one"
    state = walk(game.new_initial_state(), 12, seed=4)
    for other in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state)):
        assert other.inner.to_json() == state.inner.to_json()
        assert other.history() == state.history()
        assert str(other.get_game()) == str(game)
        for p in range(game.num_players()):
            assert other.information_state_string(p) == state.information_state_string(p)
        if not state.is_terminal():
            action = state.legal_actions()[-1]
            assert other.child(action).inner.to_json() == state.child(action).inner.to_json(), "the same future"
    twin = pickle.loads(pickle.dumps(game))
    assert str(twin) == str(game)
    assert twin.new_initial_state().inner.to_json() == game.new_initial_state().inner.to_json(), "the same next deal"
    text = state.serialize()
    assert game.deserialize_state(text).inner.to_json() == state.inner.to_json()


def assert_perfect_recall(state: pyspiel.State, history: list[tuple[pyspiel.State, int]], seen: dict[Any, Any]) -> int:
    """OpenSpiel's perfect-recall check (api_test): one information state, one sequence of own ones before it."""
    visited = 1
    if not state.is_terminal():
        player = state.current_player()
        key = (state.information_state_string(player), player)
        mine = [(s.information_state_string(player), a) for s, a in history if s.current_player() == player]
        if key in seen:
            assert seen[key] == mine, f"two histories reach {key[0][:60]!r} with different pasts"
        else:
            seen[key] = mine
        for action in state.legal_actions():
            visited += assert_perfect_recall(state.child(action), [*history, (state, action)], seen)
    return visited


Path = tuple[tuple[str, Any], ...]


def seen_paths(root: pyspiel.State, depth: int, width: int = 6) -> list[tuple[pyspiel.State, list[Path]]]:
    """States of the tree below `root` (at most `width` actions of each, spread over the legal ones) with, per
    player, what they saw and did on the way there."""
    n = root.get_game().num_players()
    out: list[tuple[pyspiel.State, list[Path]]] = []

    def visit(state: pyspiel.State, paths: list[Path], left: int) -> None:
        out.append((state, paths))
        if state.is_terminal() or left == 0:
            return
        actor = state.current_player()
        legal = state.legal_actions()
        for action in legal[:: max(1, len(legal) // width)]:
            child = state.child(action)
            grown = []
            for p in range(n):
                path = paths[p] + ((("did", action),) if p == actor else ())
                view = child.observation_string(p)
                last = next(v for kind, v in reversed(path) if kind == "saw")
                grown.append(path + ((("saw", view),) if view != last else ()))
            visit(child, grown, left - 1)

    visit(root, [(("saw", root.observation_string(p)),) for p in range(n)], depth)
    return out


@pytest.mark.parametrize(("name", "options"), SEATINGS, ids=IDS)
def test_information_states_have_perfect_recall(name: str, options: dict[str, Any]) -> None:
    """The whole trees of two actions below random positions: OpenSpiel's perfect-recall check (its api_test
    walks whole trees), and one information state for each sequence of things seen and done, and the reverse."""
    depth = 2
    for seed, steps in enumerate((0, 9, 30)):
        start = walk(load(name, options, rng_seed=seed).new_initial_state(), steps, seed)
        if start.is_terminal():
            continue
        game = load(name, options, max_game_length=len(start.inner.history) + depth)
        root = game.state_from(start.inner.clone())
        assert assert_perfect_recall(root, [], {}) > depth
        for p in range(game.num_players()):
            by_path: dict[Path, str] = {}
            by_string: dict[str, Path] = {}
            for state, paths in seen_paths(root, depth):
                if state.is_terminal():
                    continue
                text = state.information_state_string(p)
                assert by_path.setdefault(paths[p], text) == text, "the same things seen, another state"
                assert by_string.setdefault(text, paths[p]) == paths[p], "other things seen, the same state"


@pytest.mark.parametrize(("name", "options"), SEATINGS, ids=IDS)
def test_every_change_a_player_sees_is_part_of_their_information_state(name: str, options: dict[str, Any]) -> None:
    """After each action, a player's information state changes exactly when they acted or their view changed
    (a watched re-roll counts; a move they cannot see leaves it alone, so it leaks nothing)."""
    game = load(name, options)
    changed_by_watching = 0
    for seed in range(2):
        state = walk(game.new_initial_state(), seed * 7, seed)
        rng = np.random.RandomState(seed)
        left: list[set[str]] = [set() for _ in range(game.num_players())]
        for _ in range(25):
            if state.is_terminal():
                break
            actor = state.current_player()
            views = [state.observation_string(p) for p in range(game.num_players())]
            infos = [state.information_state_string(p) for p in range(game.num_players())]
            state.apply_action(int(rng.choice(state.legal_actions())))
            for p in range(game.num_players()):
                saw = state.observation_string(p) != views[p]
                now = state.information_state_string(p)
                assert (now != infos[p]) == (saw or p == actor)
                changed_by_watching += saw and p != actor
                if now != infos[p]:
                    left[p].add(infos[p])
                assert now not in left[p], "a history only grows: an information state once left never returns"
    assert changed_by_watching > 0, "no player ever watched a change: the test would prove nothing"


@pytest.mark.parametrize(("name", "options"), SEATINGS, ids=IDS)
def test_information_state_keys_are_compact_and_name_one_state(name: str, options: dict[str, Any]) -> None:
    game = load(name, options)
    states = [walk(game.new_initial_state(), steps, seed) for seed, steps in enumerate((0, 3, 3, 9, 20, 20))]
    for p in range(game.num_players()):
        pairs = {(s.information_state_string(p), s.information_state_key(p)) for s in states}
        assert all(len(key) == 32 and int(key, 16) >= 0 for _, key in pairs)
        assert len({key for _, key in pairs}) == len({text for text, _ in pairs}), "one key per information state"


@pytest.mark.parametrize(("name", "options"), SEATINGS, ids=IDS)
def test_a_recorded_run_rebuilds_from_seed_and_actions(name: str, options: dict[str, Any]) -> None:
    game = load(name, options)
    state = walk(game.new_initial_state(), 15, seed=6)
    again = game.replay(state.inner.seed, state.history())
    assert again.inner.to_json() == state.inner.to_json()
    for p in range(game.num_players()):
        assert again.information_state_string(p) == state.information_state_string(p)


@pytest.mark.parametrize("name", ["duel", "alewar", "spring", "trio", "relay"])
def test_the_declared_record_agrees_with_the_class(name: str) -> None:
    cls = game_class(name)
    info = game_info(cls)
    assert (info.min_players, info.max_players) == (cls.min_players, cls.max_players)
    if info.turn_limit is not None:
        assert info.turn_limit.option in {f.name for f in dataclasses.fields(cls.options_type)}


@pytest.mark.parametrize("name", ["duel", "alewar", "spring"])
def test_openspiels_rl_environment_takes_the_observation_tensor(name: str) -> None:
    """Without an information-state tensor, rl_environment (DQN, NFSP, ...) uses the observation tensor itself."""
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(f"dwarfhall_{name}(max_game_length=30)")
    step = env.reset()
    while not step.last():
        player = step.observations["current_player"]
        step = env.step([step.observations["legal_actions"][player][0]])
    size = env.observation_spec()["info_state"][0]
    assert size == load(name, {}).observation_tensor_size()
    assert all(len(step.observations["info_state"][p]) == size for p in range(env.num_players))
    assert step.rewards == [0.0] * env.num_players  # cut off at 30 actions: a draw
