"""Drive a real terminal program through tmux, as a person would: type keys, read the screen."""

from __future__ import annotations

import os
import shlex
import subprocess
import time
from itertools import count
from pathlib import Path

from rich.cells import cell_len

REPO = Path(__file__).resolve().parents[2]
PYTHON = REPO / ".venv" / "bin" / "python"
DWARFHALL = REPO / ".venv" / "bin" / "dwarfhall"
KUHN_CLI = REPO / "tests" / "support" / "kuhn_cli.py"
_servers = count()


class Terminal:
    """One detached tmux session, 120x50 unless told otherwise, on a private tmux server (it never touches other
    sessions).

    Each start gets a fresh server, so a server still shutting down from the last run cannot interfere.
    """

    def __init__(self, name: str, width: int = 120, height: int = 50) -> None:
        self.name = name
        self.width = width
        self.height = height
        self.socket = ""

    def tmux(self, *args: str) -> str:
        result = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=True)
        return result.stdout

    def start(self, argv: list[str], cwd: Path, width: int = 0, height: int = 0) -> None:
        """Runs argv; afterwards the pane shows `[exit N]` and stays open so the last screen can be read."""
        self.socket = f"dwarfhall-test-{os.getpid()}-{next(_servers)}"
        # a detached tmux may report 80x24 whatever -x/-y say; COLUMNS/LINES give the program the intended size
        width, height = width or self.width, height or self.height
        self.width, self.height = width, height
        size = {"COLUMNS": str(width), "LINES": str(height)}
        command = f"env DWARFHALL_DELAY=0 {shlex.join(f'{k}={v}' for k, v in size.items())} {shlex.join(argv)}"
        command += '; echo "[exit $?]"; sleep 600'
        # a scrollback long enough for every line a test reads back (tmux keeps 2,000 by default)
        self.tmux(
            "start-server", ";", "set-option", "-g", "history-limit", "100000", ";",
            "new-session", "-d", "-x", size["COLUMNS"], "-y", size["LINES"], "-s", self.name, "-c", str(cwd), command,
        )  # fmt: skip
        self.tmux("resize-window", "-t", self.name, "-x", size["COLUMNS"], "-y", size["LINES"])

    def type(self, text: str) -> None:
        """Types text (literally) and presses Enter."""
        if text:
            self.tmux("send-keys", "-t", self.name, "-l", text)
        self.tmux("send-keys", "-t", self.name, "Enter")

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", self.name, *keys)

    def screen(self, history: bool = False) -> str:
        """The visible screen, or with `history` everything the scrollback still holds."""
        extra = ["-S", "-"] if history else []
        return self.tmux("capture-pane", "-p", "-J", "-t", self.name, *extra)  # -J: wrapped lines joined

    def rows(self) -> list[str]:
        """The visible screen row by row, as many as the pane is high (a wrapped line takes two rows here)."""
        return self.tmux("capture-pane", "-p", "-t", self.name).split("\n")[: self.height]

    def wraps(self) -> list[str]:
        """Every line, in the scrollback or on the screen, that was wider than the pane and wrapped onto the next
        row: tmux joins exactly these with -J."""
        rows = self.tmux("capture-pane", "-p", "-S", "-", "-t", self.name).splitlines()
        lines = self.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", self.name).splitlines()
        if len(rows) == len(lines):
            return []
        return [line for line in lines if cell_len(line.rstrip()) > self.width]

    def wait_for(self, text: str, count: int = 1, timeout: float = 15.0, history: bool = True) -> str:
        """Polls the screen (and scrollback) until `text` shows `count` times; fails with the screen on timeout."""
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen(history)
            if screen.count(text) >= count:
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {text!r} (x{count}); the screen shows:\n{screen}")
            time.sleep(0.05)

    def close(self) -> None:
        if not self.socket:
            return
        subprocess.run(["tmux", "-L", self.socket, "kill-session", "-t", self.name], capture_output=True)
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)
