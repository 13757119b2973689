"""Where the front end reads and writes: the real terminal, or a script (for tests)."""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import time
from collections.abc import Iterable, Iterator
from typing import Protocol, TextIO

from .terminal import Palette

CLEAR = "\x0c"
"""What a ScriptConsole records for a cleared screen, so tests can split the output into screens."""

FALLBACK_SIZE = (100, 50)
"""Columns and rows assumed when the output is not a terminal (a pipe, a file): no screen to fit, so the full
layout at the width of the widest screen."""

# home, clear the screen, clear the scrollback (so the next player cannot scroll back to a hand)
_CLEAR_SEQUENCE = "\033[H\033[2J\033[3J"

STYLES = Palette(
    {
        "title": "bold cyan",
        "error": "red",
        "computer": "yellow",
        "handover": "bold magenta",
        "dim": "dim",
        "good": "green",
    }
)


class Console(Protocol):
    color: bool

    @property
    def width(self) -> int:
        """Columns of the screen."""

    @property
    def height(self) -> int:
        """Rows of the screen."""

    def read(self, prompt: str) -> str:
        """One line without its newline; raises EOFError (Ctrl-D) or KeyboardInterrupt (Ctrl-C)."""

    def write(self, text: str = "") -> None: ...

    def clear(self) -> None: ...

    def pause(self, seconds: float) -> None: ...

    def busy(self) -> contextlib.AbstractContextManager[None]:
        """While the computer moves: what is typed is neither shown nor kept for the next prompt."""


def paint(text: str, style: str, color: bool) -> str:
    """The front end's own styles; nothing when colour is off."""
    return STYLES.paint(text, style, color)


def wants_color(stream: TextIO, no_color: bool) -> bool:
    """Colour only on a terminal, and never with --no-color or the NO_COLOR convention."""
    return not no_color and not os.environ.get("NO_COLOR") and stream.isatty()


def default_delay() -> float:
    """Seconds to pause after a computer move so a person can follow; 0 when not on a terminal."""
    value = os.environ.get("DWARFHALL_DELAY")
    if value is not None:
        try:
            return max(0.0, float(value))
        except ValueError:
            return 0.0
    return 0.6 if sys.stdin.isatty() and sys.stdout.isatty() else 0.0


class TerminalConsole:
    """stdin/stdout; clearing the screen works only on a terminal, elsewhere it draws a rule."""

    def __init__(self, color: bool) -> None:
        self.color = color

    @property
    def width(self) -> int:
        return shutil.get_terminal_size(FALLBACK_SIZE).columns

    @property
    def height(self) -> int:
        return shutil.get_terminal_size(FALLBACK_SIZE).lines

    def read(self, prompt: str) -> str:
        return input(prompt)

    def write(self, text: str = "") -> None:
        print(text, flush=True)

    def clear(self) -> None:
        if sys.stdout.isatty():
            sys.stdout.write(_CLEAR_SEQUENCE)
            sys.stdout.flush()
        else:
            print("\n" + "-" * 40, flush=True)

    def pause(self, seconds: float) -> None:
        if seconds > 0:
            time.sleep(seconds)

    @contextlib.contextmanager
    def busy(self) -> Iterator[None]:
        """Turns the terminal's echo off, and drops what was typed meanwhile when it is turned on again, so
        keys pressed while the computer thinks neither land in its output nor become the next move."""
        if not sys.stdin.isatty():
            yield
            return
        import termios  # POSIX only; the front end runs on a POSIX terminal

        fd = sys.stdin.fileno()
        try:
            saved = termios.tcgetattr(fd)
        except termios.error:
            yield
            return
        quiet = list(saved)
        quiet[3] &= ~termios.ECHO
        termios.tcsetattr(fd, termios.TCSANOW, quiet)
        try:
            yield
        finally:
            termios.tcflush(fd, termios.TCIFLUSH)
            termios.tcsetattr(fd, termios.TCSANOW, saved)


class ScriptConsole:
    """Scripted input, captured output (for tests); running out of input acts like Ctrl-D, `<Ctrl-C>` like Ctrl-C."""

    def __init__(self, lines: Iterable[str] = (), color: bool = False, width: int = 100, height: int = 50) -> None:
        self.color = color
        self.width = width
        self.height = height
        self.lines = list(lines)
        self.out: list[str] = []
        self.busy_spans = 0  # times the computer moved with input off
        self.is_busy = False

    def read(self, prompt: str) -> str:
        if self.is_busy:
            raise RuntimeError("a prompt while the computer moves: input is off then")
        self.out.append(prompt)
        if not self.lines:
            raise EOFError
        line = self.lines.pop(0)
        if line == "<Ctrl-C>":
            raise KeyboardInterrupt
        self.out.append(line + "\n")
        return line

    def write(self, text: str = "") -> None:
        self.out.append(text + "\n")

    def clear(self) -> None:
        self.out.append(CLEAR)

    def pause(self, seconds: float) -> None:
        pass

    @contextlib.contextmanager
    def busy(self) -> Iterator[None]:
        self.busy_spans += 1
        self.is_busy = True
        try:
            yield
        finally:
            self.is_busy = False

    @property
    def text(self) -> str:
        return "".join(self.out)

    def screens(self) -> list[str]:
        """The output split where the screen was cleared."""
        return self.text.split(CLEAR)
