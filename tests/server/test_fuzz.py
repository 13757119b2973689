"""The HTTP API fuzzed from its own OpenAPI schema: whatever a client sends, never a server error."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings

from .live import LiveServer


@pytest.fixture(scope="module")
def fuzzed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder: Path = tmp_path_factory.mktemp("fuzz")
    live = LiveServer(folder / "server.sqlite", folder / "server.log")
    live.start()
    # a game to aim at, so that requests reach more than "no such game"
    live.api("POST", "/api/games", {"game": "duel", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "easy"}]})
    yield live
    live.kill()


@pytest.fixture(scope="module")
def api_schema(fuzzed_server: LiveServer) -> Any:
    return schemathesis.openapi.from_url(fuzzed_server.url + "/openapi.json")


def test_no_request_makes_the_server_fail(api_schema: Any) -> None:
    tried = 0
    for result in api_schema.get_all_operations():
        operation = result.ok()

        @given(case=operation.as_strategy())
        @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        def no_server_error(case: Any) -> None:
            response = case.call()
            assert response.status_code < 500, (
                f"{case.method} {case.formatted_path}: {response.status_code} {response.text[:500]}"
            )

        no_server_error()
        tried += 1
    assert tried >= 12  # every operation of the API was fuzzed
