from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dwarfhall.server.service import GameService

from .helpers import client_for, make_service


@pytest.fixture
def service(tmp_path: Path) -> GameService:
    return make_service(tmp_path / "server.sqlite")


@pytest.fixture
def client(service: GameService) -> Iterator[TestClient]:
    with client_for(service) as c:
        yield c
