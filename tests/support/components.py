"""Checks a game's `_action_components` against the default it overrides, on every legal id of random games."""

from __future__ import annotations

from collections import Counter
from typing import Any

from dwarfhall.core.actions import components_of
from dwarfhall.core.game import Game, State
from dwarfhall.core.rng import Rng


def check_components(game: Game[Any], seeds: range) -> Counter[str]:
    """Plays a random game per seed; at every step compares, for every legal id, the game's components with those
    its label's payload names. Returns how often each payload "move"/"type" that names components was seen."""
    assert type(game.new_state(0))._action_components is not State._action_components, "the game has no override"
    seen: Counter[str] = Counter()
    for seed in seeds:
        state = game.new_state(seed)
        chooser = Rng(seed + 7)
        while not state.is_terminal:
            legal = state.legal_action_ids()
            for action in legal:
                payload = state.describe_action(action).payload
                expected = components_of(payload)
                got = state.action_components(action)
                assert got == expected, (seed, len(state.history), action, payload, got)
                assert type(got) is tuple and all(type(key) is str for key in got)
                if expected:
                    seen[str(payload.get("move", payload.get("type")))] += 1
            state.apply(chooser.choice(legal))
    return seen
