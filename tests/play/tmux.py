"""Drive a real terminal program through tmux, as a person would: type keys, read the screen."""

from __future__ import annotations

import os
import shlex
import subprocess
import time
from itertools import count
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PYTHON = REPO / ".venv" / "bin" / "python"
DWARFHALL = REPO / ".venv" / "bin" / "dwarfhall"
KUHN_CLI = REPO / "tests" / "support" / "kuhn_cli.py"
_servers = count()


class Terminal:
    """One detached tmux session, 120x50, on a private tmux server (it never touches other sessions).

    Each start gets a fresh server, so a server still shutting down from the last run cannot interfere.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self.socket = ""

    def tmux(self, *args: str) -> str:
        result = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=True)
        return result.stdout

    def start(self, argv: list[str], cwd: Path, width: int = 120, height: int = 50) -> None:
        """Runs argv; afterwards the pane shows `[exit N]` and stays open so the last screen can be read."""
        self.socket = f"dwarfhall-test-{os.getpid()}-{next(_servers)}"
        # a detached tmux may report 80x24 whatever -x/-y say; COLUMNS/LINES give the program the intended size
        size = f"COLUMNS={width} LINES={height}"
        command = f"env DWARFHALL_DELAY=0 {size} {shlex.join(argv)}; echo \"[exit $?]\"; sleep 600"
        self.tmux("new-session", "-d", "-x", str(width), "-y", str(height), "-s", self.name, "-c", str(cwd), command)
        self.tmux("resize-window", "-t", self.name, "-x", str(width), "-y", str(height))

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
