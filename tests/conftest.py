from collections.abc import Iterator
from pathlib import Path

import pytest

from dwarfhall.core import registry

from .support.databases import KINDS, database_target
from .support.kuhn import KuhnGame


@pytest.fixture
def kuhn() -> Iterator[KuhnGame]:
    """The three-card poker test game, registered under 'kuhn' for the test."""
    registry.register("kuhn", KuhnGame)
    yield KuhnGame()
    registry.unregister("kuhn")


@pytest.fixture(params=KINDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database, once as a SQLite file and once in PostgreSQL: the path or URL to open."""
    with database_target(request.param, tmp_path / "db") as target:
        yield target
