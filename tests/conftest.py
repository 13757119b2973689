from collections.abc import Iterator

import pytest

from dwarfhall.core import registry

from .support.kuhn import KuhnGame


@pytest.fixture
def kuhn() -> Iterator[KuhnGame]:
    """The three-card poker test game, registered under 'kuhn' for the test."""
    registry.register("kuhn", KuhnGame)
    yield KuhnGame()
    registry.unregister("kuhn")
