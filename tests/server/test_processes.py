"""A real server's bot workers end with it: after a SIGKILL of the server alone, and after a SIGTERM."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from .live import LiveServer


def _alive_in_group(group: int) -> list[int]:
    """Processes of a process group that have not ended (a zombie has ended)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[2]) == group and fields[0] != "Z":
            found.append(int(entry))
    return found


def _gone_within(group: int, seconds: float) -> list[int]:
    deadline = time.monotonic() + seconds
    while (left := _alive_in_group(group)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return left


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_bot_workers_end_with_the_server(tmp_path: Path, sig: signal.Signals) -> None:
    server = LiveServer(tmp_path / "s.sqlite", tmp_path / "s.log", extra=["--workers", "2"])
    server.start()
    assert server.proc is not None
    pid = server.proc.pid  # the server leads its own process group; its workers are in it
    try:
        workers = [p for p in _alive_in_group(pid) if p != pid]
        assert len(workers) >= 2, "the server should have started its bot workers"
        os.kill(pid, sig)  # the server alone: nobody else tells the workers
        server.proc.wait(timeout=30)
        server.proc = None
        assert _gone_within(pid, 5) == []
    finally:
        for left in _alive_in_group(pid):
            os.kill(left, signal.SIGKILL)
