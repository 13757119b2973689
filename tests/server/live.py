"""A real `dwarfhall serve` in a child process, for browser tests and for killing it with SIGKILL."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    def __init__(self, db: str | Path, log: Path, window_delay: float = 0.05, extra: list[str] | None = None) -> None:
        self.extra = extra or []  # more `dwarfhall serve` flags
        self.db = str(db)
        self.log = log
        self.port = free_port()
        self.window_delay = window_delay
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        cmd = [
            sys.executable, "-m", "dwarfhall", "serve", "--port", str(self.port), "--db", self.db,
            "--workers", "1", "--window-delay", str(self.window_delay), "--bot-pause", "0", *self.extra,
        ]
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.log.read_text()[-2000:]}")
            try:
                urllib.request.urlopen(self.url + "/api/catalog", timeout=1).read()
                return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.1)
        raise RuntimeError("the server did not answer within 60 s")

    def kill(self) -> None:
        """SIGKILL to the server and its bot workers: no chance to save anything on the way out."""
        if self.proc is not None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
            self.proc = None

    def api(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"}
        if token:
            headers["X-Seat-Token"] = token
        req = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        with urllib.request.urlopen(req, timeout=10) as res:
            return json.load(res)


def running_server(folder: Path) -> Iterator[LiveServer]:
    """A server with its database and log in `folder`, for a fixture to yield from; killed afterwards."""
    live = LiveServer(folder / "server.sqlite", folder / "server.log")
    live.start()
    try:
        yield live
    finally:
        live.kill()
