"""A plain-text progress bar on stderr: one redrawn line on a terminal, a line every few seconds otherwise."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from typing import TextIO

from .estimate import TimeLeft
from .results import GameResult


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
        estimate: TimeLeft | None = None,
        clock: Callable[[], float] = time.monotonic,
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
        self.estimate = estimate  # time left from game durations per pairing; the overall rate without it
        self.clock = clock
        self.started = clock()
        self.last_shown = -float("inf")
        self.shown_done = done
        self._width = 0

    def rate(self) -> float:
        elapsed = self.clock() - self.started
        return (self.done - self.start_done) / elapsed if elapsed > 0 else 0.0

    def line(self) -> str:
        share = self.done / self.total if self.total else 1.0
        filled = int(share * 20)
        rate = self.rate()
        left = f"{clock(seconds)} left" if (seconds := self.seconds_left()) is not None else "time left unknown"
        return (
            f"[{'#' * filled}{'.' * (20 - filled)}] {self.done}/{self.total} {self.label} ({share:.0%}), "
            f"{rate:.1f} {self.label}/s, {left}"
        )

    def seconds_left(self) -> float | None:
        if self.done >= self.total:
            return 0.0
        if self.estimate is not None:
            return self.estimate.seconds_left(self.total - self.done)
        rate = self.rate()
        return (self.total - self.done) / rate if rate > 0 else None

    def advance(self, n: int = 1, results: Sequence[GameResult] = ()) -> None:
        self.done += n
        if self.estimate is not None:
            self.estimate.observe(results)
        now = self.clock()
        if now - self.last_shown >= self.every:
            self.show()

    def show(self) -> None:
        if not self.enabled:
            return
        self.last_shown = self.clock()
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
