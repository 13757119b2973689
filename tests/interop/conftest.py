import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from dwarfhall.core import game_class, game_names, registry

from ..support.trio import TrioGame

GAMES = game_names()
"""Every registered game: the layers speak only the core protocol, so each must come through."""

WITH_TRIO = [*GAMES, "trio"]
"""The registry plus the three-player test game, to show N players work."""


def seatings() -> list[tuple[str, dict[str, Any]]]:
    """(game, options) for every game and every player count it allows, with the test game's three."""
    found: list[tuple[str, dict[str, Any]]] = []
    for name in GAMES:
        cls = game_class(name)
        if cls.min_players == cls.max_players:
            found.append((name, {}))
            continue
        fields = {f.name for f in dataclasses.fields(cls.options_type)}
        key = next(k for k in ("players", "num_players") if k in fields)  # a variable count is an option
        found += [(name, {key: n}) for n in range(cls.min_players, cls.max_players + 1)]
    return [*found, ("trio", {})]


@pytest.fixture(autouse=True)
def trio() -> Iterator[None]:
    """The three-player test game, registered under 'trio' (and with OpenSpiel when that layer is loaded)."""
    registry.register("trio", TrioGame)
    import dwarfhall.interop.openspiel as spiel

    spiel.register_all()
    yield
    registry.unregister("trio")
