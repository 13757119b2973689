"""Seats of the plain random agent play through the core's batch loop (`core.batch.play_seated`): the games,
records, returns, components and first players are those of asking every agent through `play_game`."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any

import pytest

from dwarfhall.arena import play as arena_play
from dwarfhall.arena.plan import GameTask
from dwarfhall.arena.play import play_one
from dwarfhall.arena.results import GameResult
from dwarfhall.core.actions import components_of
from dwarfhall.core.game import Game
from dwarfhall.core.record import GameRecord
from dwarfhall.core.registry import load_game

# both window rules of the Duel, Ale War, and Spring at every player count
TABLES: list[tuple[str, dict[str, Any]]] = [
    ("duel", {}),
    ("duel", {"response_windows": "when_able"}),
    ("alewar", {}),
    *[("spring", {"players": players}) for players in (2, 3, 4)],
]


def _same(result: GameResult) -> dict[str, Any]:
    """Everything of a result but the time it took."""
    return dataclasses.asdict(dataclasses.replace(result, duration=0.0))


def _labelled_components(game: Game[Any], result: GameResult) -> tuple[list[dict[str, int]], int]:
    """The components per seat and the first player, by replaying the record and reading every action's label."""
    record = GameRecord.from_json(result.record)
    state = game.new_state(result.seed)
    used: list[dict[str, int]] = [{} for _ in result.seats]
    first = state.current_player if record.actions else -1
    for action in record.actions:
        for key in components_of(state.describe_action(action).payload):
            used[state.current_player][key] = used[state.current_player].get(key, 0) + 1
        state.apply(action)
    return used, first


@pytest.mark.parametrize(("name", "options"), TABLES)
def test_random_seats_play_the_agents_games(name: str, options: dict[str, Any]) -> None:
    game = load_game(name, options)
    seats = tuple([0] * game.num_players)
    for seed in (11, 12, 13, 14):
        task = GameTask("p", seed, seats, 9000 + seed)
        fast = play_one(game, ("random",), task)
        assert _same(fast) == _same(play_one(game, ("random",), task, batch=False))
        assert (fast.components, fast.first_player) == _labelled_components(game, fast)
        assert fast.length > 0 and any(fast.components)


@pytest.mark.parametrize(("name", "options"), [("duel", {}), ("alewar", {}), ("spring", {"players": 3})])
def test_random_beside_the_heuristic(name: str, options: dict[str, Any]) -> None:
    """Mixed seats: the loop plays the random seats and asks the heuristic for each of its choices."""
    game = load_game(name, options)
    specs = ("random", "heuristic")
    for seats in ((0,) + (1,) * (game.num_players - 1), (1,) + (0,) * (game.num_players - 1)):
        task = GameTask("p", 0, seats, 77)
        fast = play_one(game, specs, task)
        assert _same(fast) == _same(play_one(game, specs, task, batch=False))
        assert (fast.components, fast.first_player) == _labelled_components(game, fast)
        assert fast.record["players"] == [specs[a] for a in seats]


def test_a_level_or_a_spec_with_parameters_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the plain random agent is left to the loop: any other spec's agent is asked for its choices."""
    game = load_game("duel", {})
    asked: list[int] = []
    real = arena_play.PlayerView

    def view(state: Any, player: int) -> Any:
        asked.append(player)
        return real(state, player)

    monkeypatch.setattr(arena_play, "PlayerView", view)
    play_one(game, ("random",), GameTask("p", 0, (0, 0), 5))
    assert asked == []
    play_one(game, ("random", "easy"), GameTask("p", 0, (0, 1), 5))
    assert asked and set(asked) == {1}


@pytest.mark.parametrize(("name", "options"), [("duel", {}), ("spring", {"players": 4})])
def test_a_game_cut_off_at_the_bound_is_cut_off_alike(
    name: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(arena_play, "game_info", lambda game: SimpleNamespace(max_length=25))
    game = load_game(name, options)
    task = GameTask("p", 0, tuple([0] * game.num_players), 3)
    fast = play_one(game, ("random",), task)
    assert fast.cut_off and fast.length == 25 and fast.returns == [0.0] * game.num_players
    assert _same(fast) == _same(play_one(game, ("random",), task, batch=False))
