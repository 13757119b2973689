from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from tests.server.live import CHROMIUM, CHROMIUM_ARGS, LiveServer, running_server


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    yield from running_server(tmp_path)
