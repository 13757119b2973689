"""Every game keeps the protocol's promises (checked on seeded random games): every installed game, and the
test games three-card poker (2 players) and Relay with 2, 3 and 4 players, so nothing assumes two players."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from examples.template import HighDrawGame

from dwarfhall.core import Game, GameRecord, IllegalAction, Rng, State, game_names, load_game, registry
from tests.support.kuhn import KuhnGame
from tests.support.relay_play import RelayPlayGame

TEST_GAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "kuhn": ("kuhn", {}),
    "relay-2p": ("relay", {"players": 2}),
    "relay-3p": ("relay", {"players": 3}),
    "relay-4p": ("relay", {"players": 4}),
    # the template game (examples/template) at every table size
    **{f"highdraw-{n}p": ("highdraw", {"players": n}) for n in (2, 3, 4)},
}
INSTALLED: dict[str, tuple[str, dict[str, Any]]] = {name: (name, {}) for name in game_names()}
# Spring at every table size, short (one era) beside its full 4-player default
INSTALLED |= {f"spring-{n}p": ("spring", {"players": n, "eras": 1}) for n in (2, 3)}
GAMES = [*INSTALLED, *TEST_GAMES]
SEEDS = range(6)


@pytest.fixture(autouse=True)
def _test_games_registered() -> Iterator[None]:
    """Records replay through the registry, so the test games are registered while these tests run."""
    registry.register("kuhn", KuhnGame)
    registry.register("relay", RelayPlayGame)
    registry.register("highdraw", HighDrawGame)
    yield
    registry.unregister("kuhn")
    registry.unregister("relay")
    registry.unregister("highdraw")


def load(name: str) -> Game[Any]:
    game, options = {**INSTALLED, **TEST_GAMES}[name]
    return load_game(game, options)


def test_the_list_holds_every_installed_game_and_more_than_two_players() -> None:
    assert {"duel", "alewar"} <= set(GAMES)
    assert {load(name).num_players for name in TEST_GAMES} == {2, 3, 4}


def _random_game(name: str, seed: int, every: int = 1) -> list[State]:
    """States along a random game (every `every`-th, plus the last)."""
    game = load(name)
    state = game.new_state(seed)
    rng = Rng(seed + 1000)
    seen = [state.clone()]
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_action_ids()))
        if len(state.history) % every == 0 or state.is_terminal:
            seen.append(state.clone())
        assert len(state.history) < 50_000, "game does not end"
    return seen


@pytest.mark.parametrize("name", GAMES)
def test_random_games_end_and_replay_exactly(name: str) -> None:
    for seed in SEEDS:
        final = _random_game(name, seed, every=10_000)[-1]
        assert final.is_terminal and len(final.returns()) == final.num_players
        assert abs(sum(final.returns())) < 1e-9, "returns sum to zero (decisions: the kit, Returns)"
        record = GameRecord.from_json(json.loads(json.dumps(GameRecord.of(final).to_json())))
        assert record.final_state().to_json() == final.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_json_round_trip_and_clone_independence(name: str) -> None:
    game = load(name)
    for state in _random_game(name, 1, every=7):
        data = json.loads(json.dumps(state.to_json()))
        again = game.state_from_json(data)
        assert again.to_json() == state.to_json()
        assert again.legal_action_ids() == state.legal_action_ids()
        if not state.is_terminal:
            copy = state.clone()
            before = state.to_json()
            copy.apply(copy.legal_action_ids()[-1])
            assert state.to_json() == before


@pytest.mark.parametrize("name", GAMES)
def test_refused_action_changes_nothing(name: str) -> None:
    game = load(name)
    for state in _random_game(name, 2, every=11):
        if state.is_terminal:
            continue
        before = state.to_json()
        illegal = next(i for i in range(game.num_distinct_actions() + 1) if i not in state.legal_action_ids())
        with pytest.raises(IllegalAction):
            state.apply(illegal)
        assert state.to_json() == before


@pytest.mark.parametrize("name", GAMES)
def test_actions_have_stable_ids_payloads_and_both_languages(name: str) -> None:
    game = load(name)
    for state in _random_game(name, 3, every=5):
        for action in state.legal_actions():
            assert 0 <= action.id < game.num_distinct_actions()
            json.dumps(action.to_json())
            assert action.label("en") and action.label("de")


@pytest.mark.parametrize("name", GAMES)
def test_determinize_agrees_with_what_the_player_sees(name: str) -> None:
    """A determinized state must look the same to that player, and be a playable full state."""
    for state in _random_game(name, 4, every=6):
        if state.is_terminal:
            continue
        for player in range(state.num_players):
            seen: Any = json.loads(json.dumps(state.observation(player)))
            for i in range(3):
                sample = state.determinize(player, Rng(i))
                assert sample.observation(player) == seen
                assert sample.seed is None and sample.start is None, "a sample must not carry the real deal"
                if player == state.current_player:
                    assert sample.legal_action_ids() == state.legal_action_ids()


@pytest.mark.parametrize("name", GAMES)
def test_public_view_shows_no_more_than_any_player(name: str) -> None:
    """observation(None) is JSON-ready and stays the same under every player's determinization."""
    for state in _random_game(name, 5, every=9):
        public = json.loads(json.dumps(state.observation(None)))
        for player in range(state.num_players):
            assert state.determinize(player, Rng(7)).observation(None) == public
