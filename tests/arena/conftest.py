from __future__ import annotations

from collections.abc import Iterator

import pytest

from dwarfhall.core import registry

from .games import ComponentKuhnGame


@pytest.fixture
def ckuhn() -> Iterator[ComponentKuhnGame]:
    """Kuhn poker with a component on every action, registered as 'ckuhn' by module path (workers import it)."""
    registry.register("ckuhn", "tests.arena.games:ComponentKuhnGame")
    yield ComponentKuhnGame()
    registry.unregister("ckuhn")


@pytest.fixture
def db(database: str) -> str:
    """The results database of a test: a SQLite file in a folder not yet made, or a PostgreSQL schema."""
    return database
