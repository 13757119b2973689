from collections.abc import Iterator

import pytest

from dwarfhall.core import registry

from .support.kuhn import KuhnGame
from .support.relay_play import RelayPlayGame


@pytest.fixture
def kuhn() -> Iterator[KuhnGame]:
    """The three-card poker test game, registered under 'kuhn' for the test."""
    registry.register("kuhn", KuhnGame)
    yield KuhnGame()
    registry.unregister("kuhn")


@pytest.fixture
def relay() -> Iterator[RelayPlayGame]:
    """The 4-player Relay (heuristic and text view included), registered as 'relay' by module path so that
    arena worker processes can import it too."""
    registry.register("relay", "tests.support.relay_play:RelayPlayGame")
    yield RelayPlayGame()
    registry.unregister("relay")
