import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest
from examples.template import HighDrawGame

from dwarfhall.core import game_class, game_names, registry

from ..support.relay_play import RelayPlayGame
from ..support.trio import TrioGame

GAMES = game_names()
"""Every registered game: the layers speak only the core protocol, so each must come through."""

TEST_GAMES = ["trio", "relay", "highdraw"]
"""Three-player Trio, Relay for 2 to 4 players (on the core's zones, so with the core's own tensors) and the
template game High Draw for 2 to 4 players."""

WITH_TEST_GAMES = [*GAMES, *TEST_GAMES]
"""The registry plus the test games, to show N players work."""


def seatings() -> list[tuple[str, dict[str, Any]]]:
    """(game, options) for every game and every player count it allows, the test games included."""
    found: list[tuple[str, dict[str, Any]]] = []
    for name in WITH_TEST_GAMES:
        cls = {"trio": TrioGame, "relay": RelayPlayGame, "highdraw": HighDrawGame}.get(name) or game_class(name)
        if cls.min_players == cls.max_players:
            found.append((name, {}))
            continue
        fields = {f.name for f in dataclasses.fields(cls.options_type)}
        key = next(k for k in ("players", "num_players") if k in fields)  # a variable count is an option
        found += [(name, {key: n}) for n in range(cls.min_players, cls.max_players + 1)]
    return found


@pytest.fixture(autouse=True)
def test_games() -> Iterator[None]:
    """The test games, registered for each test (and with OpenSpiel, which keeps them once registered)."""
    registry.register("trio", TrioGame)
    registry.register("relay", RelayPlayGame)
    registry.register("highdraw", HighDrawGame)
    import dwarfhall.interop.openspiel as spiel

    spiel.register_all()
    yield
    registry.unregister("trio")
    registry.unregister("relay")
    registry.unregister("highdraw")
