from __future__ import annotations

from typing import Any

import pytest

from dwarfhall.core import Game, Rng, State, load_game
from dwarfhall.core.registry import installed_games

SHORT = {"spring": {"eras": 1}}  # options that keep a long game short enough for these tests


def _variants() -> list[tuple[str, dict[str, Any]]]:
    """Every installed game, once per player count it supports (games with a `players` option)."""
    found: list[tuple[str, dict[str, Any]]] = []
    for name in sorted(installed_games()):
        game = load_game(name)
        counts = range(game.min_players, game.max_players + 1) if game.min_players != game.max_players else [0]
        for n in counts:
            found.append((name, {**SHORT.get(name, {}), **({"players": n} if n else {})}))
    return found


VARIANTS = _variants()


@pytest.fixture(params=VARIANTS, ids=[f"{n}-{o.get('players', 2)}p" for n, o in VARIANTS])
def real_game(request: pytest.FixtureRequest) -> Game[Any]:
    name, options = request.param
    return load_game(name, options)


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
