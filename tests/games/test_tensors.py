"""Every game's observation tensor encodes its whole observation: distinct observations give distinct tensors
(over the observations of seeded random games, every player count), every entry stays within the layout's
bounds, hidden cards leave a player's tensor alone, and the layout is documented. The longer run is
bench/tensor_injectivity.py."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from dwarfhall.core import Rng, State, load_game
from dwarfhall.core.info import game_info

DOCS = Path(__file__).resolve().parents[2] / "docs"
GAMES: dict[str, tuple[str, dict[str, Any], int]] = {  # name, options, random games played
    "duel": ("duel", {}, 6),
    "alewar": ("alewar", {"turn_limit": 60}, 8),
    "spring-2p": ("spring", {"players": 2, "eras": 2}, 3),
    "spring-3p": ("spring", {"players": 3, "eras": 2}, 2),
    "spring-4p": ("spring", {"players": 4, "eras": 1}, 2),
}
DOCUMENTED = {"duel": "duel", "alewar": "alewar", "spring-4p": "spring"}  # docs/rules/<game>.md shows the default


@functools.cache
def random_states(name: str) -> tuple[State[Any], ...]:
    """Every state of a few seeded random games."""
    game_name, options, games = GAMES[name]
    game = load_game(game_name, options)
    states = []
    for seed in range(games):
        state = game.new_state(seed)
        rng = Rng(seed + 77)
        states.append(state.clone())
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_action_ids()))
            states.append(state.clone())
    return tuple(states)


def viewers(state: State[Any]) -> list[int | None]:
    return [None, *range(state.num_players)]


@pytest.mark.parametrize("name", GAMES)
def test_distinct_observations_give_distinct_tensors(name: str) -> None:
    seen: dict[bytes, str] = {}
    for state in random_states(name):
        for viewer in viewers(state):
            observation = json.dumps(state.observation(viewer), sort_keys=True)
            tensor = state.observation_tensor(viewer).tobytes()
            assert seen.setdefault(tensor, observation) == observation, "two observations share a tensor"
    assert len(seen) > 200  # enough distinct observations to mean something


@pytest.mark.parametrize("name", GAMES)
def test_every_entry_stays_within_the_layouts_bounds(name: str) -> None:
    states = random_states(name)
    layout = states[0].game.observation_layout()
    assert layout.low.shape == layout.high.shape == layout.shape == states[0].game.observation_tensor_shape()
    for state in states:
        for viewer in viewers(state):
            tensor = state.observation_tensor(viewer)
            outside = np.flatnonzero((tensor < layout.low) | (tensor > layout.high))
            assert not outside.size, [(i, float(tensor[i])) for i in outside[:5]]


@pytest.mark.parametrize("name", GAMES)
def test_every_bound_is_finite_and_within_the_range_the_game_declares(name: str) -> None:
    game = random_states(name)[0].game
    layout = game.observation_layout()
    bounds = game_info(type(game)).observation_bounds
    assert bounds is not None and np.isfinite(layout.low).all() and np.isfinite(layout.high).all()
    assert bounds[0] <= layout.low.min() and layout.high.max() <= bounds[1]


@pytest.mark.parametrize("name", GAMES)
def test_cards_a_player_cannot_see_leave_their_tensor_alone(name: str) -> None:
    """Hidden information: a state that differs only in what `player` cannot see gives `player` the same tensor."""
    changed = 0
    for i, state in enumerate(random_states(name)[::7]):
        if state.is_terminal:
            continue
        for player in range(state.num_players):
            sample = state.determinize(player, Rng(i))
            assert sample.observation(player) == state.observation(player)
            assert np.array_equal(sample.observation_tensor(player), state.observation_tensor(player))
            changed += sample.to_json()["state"] != state.to_json()["state"]
    if name != "alewar":  # Ale War hides nothing; elsewhere the samples must really differ
        assert changed > 0


@pytest.mark.parametrize("name", GAMES)
def test_a_reused_buffer_is_filled_afresh(name: str) -> None:
    states = random_states(name)
    buffer = np.full(states[0].game.observation_layout().size, 9.0, dtype=np.float32)
    for state in states[::11]:
        for viewer in viewers(state):
            assert state.write_observation_tensor(viewer, buffer) is buffer
            assert np.array_equal(buffer, state.observation_tensor(viewer))


@pytest.mark.parametrize("name", DOCUMENTED)
def test_the_rules_page_shows_the_layout_table(name: str) -> None:
    game = load_game(DOCUMENTED[name])
    page = (DOCS / "rules" / f"{DOCUMENTED[name]}.md").read_text(encoding="utf-8")
    assert game.observation_layout().table() in page, "regenerate the table (docs/interop.md, 'Tensors')"
