from collections.abc import Iterator

import pytest

from dwarfhall.core import game_names, registry

from ..support.trio import TrioGame

GAMES = game_names()
"""Every registered game: the layers speak only the core protocol, so each must come through."""

WITH_TRIO = [*GAMES, "trio"]
"""The registry plus the three-player test game, to show N players work."""


@pytest.fixture(autouse=True)
def trio() -> Iterator[None]:
    """The three-player test game, registered under 'trio' (and with OpenSpiel when that layer is loaded)."""
    registry.register("trio", TrioGame)
    import dwarfhall.interop.openspiel as spiel

    spiel.register_all()
    yield
    registry.unregister("trio")
