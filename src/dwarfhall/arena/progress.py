"""A plain-text progress bar on stderr: one redrawn line on a terminal, a line every few seconds otherwise."""

from __future__ import annotations

import sys
import time
from typing import TextIO


def clock(seconds: float) -> str:
    """Seconds as H:MM:SS or M:SS."""
    seconds = max(0, round(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


class Progress:
    """Counts finished games of `total`; `done` were finished before this session (a resumed run)."""

    def __init__(
        self,
        total: int,
        done: int = 0,
        label: str = "games",
        stream: TextIO | None = None,
        every: float | None = None,
        enabled: bool = True,
    ) -> None:
        self.total = total
        self.done = done
        self.start_done = done
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        # a terminal gets smooth redraws; a log file gets a line now and then
        self.every = every if every is not None else (0.2 if self.tty else 5.0)
        self.enabled = enabled
        self.started = time.monotonic()
        self.last_shown = -float("inf")
        self.shown_done = done
        self._width = 0

    def rate(self) -> float:
        elapsed = time.monotonic() - self.started
        return (self.done - self.start_done) / elapsed if elapsed > 0 else 0.0

    def line(self) -> str:
        share = self.done / self.total if self.total else 1.0
        filled = int(share * 20)
        rate = self.rate()
        left = f"{clock((self.total - self.done) / rate)} left" if rate > 0 else "time left unknown"
        return (
            f"[{'#' * filled}{'.' * (20 - filled)}] {self.done}/{self.total} {self.label} ({share:.0%}), "
            f"{rate:.1f} {self.label}/s, {left}"
        )

    def advance(self, n: int = 1) -> None:
        self.done += n
        now = time.monotonic()
        if now - self.last_shown >= self.every:
            self.show()

    def show(self) -> None:
        if not self.enabled:
            return
        self.last_shown = time.monotonic()
        self.shown_done = self.done
        text = self.line()
        if self.tty:
            self.stream.write("\r" + text.ljust(self._width))
            self._width = len(text)
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def close(self) -> None:
        """The final line, then a newline on a terminal."""
        if not self.enabled:
            return
        if self.shown_done != self.done:
            self.show()
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()
