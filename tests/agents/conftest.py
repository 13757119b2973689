from __future__ import annotations

from typing import Any

import pytest

from dwarfhall.core import Game, Rng, State, load_game
from dwarfhall.core.registry import installed_games


@pytest.fixture(params=sorted(installed_games()))
def real_game(request: pytest.FixtureRequest) -> Game[Any]:
    return load_game(request.param)


def decision_points(game: Game[Any], seeds: range, depths: tuple[int, ...]) -> list[State]:
    """Positions reached by random play where the player to act has a real choice."""
    found = []
    for seed in seeds:
        rng = Rng(seed + 1000)
        state = game.new_state(seed)
        for step in range(max(depths) + 1):
            if state.is_terminal:
                break
            if step in depths and len(state.legal_action_ids()) > 1:
                found.append(state.clone())
            state.apply(rng.choice(state.legal_action_ids()))
    return found
