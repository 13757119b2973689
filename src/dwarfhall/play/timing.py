"""When a computer player's answer is shown at a table with people: one fixed delay, whatever it held.

A forced pass in a response window is found at once, while a window in which the computer holds a card to
answer with takes its thinking time; the difference would tell the people what it holds. So every answer of
a computer seated among people is released the same fixed time after its decision began (choice or not).
Without people at the table (arena, simulate) nothing waits.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Protocol

from dwarfhall.agents.base import Agent


class Clock(Protocol):
    def now(self) -> float: ...

    def sleep(self, seconds: float) -> None: ...


class SystemClock:
    def now(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        if seconds > 0:
            time.sleep(seconds)


def thinking_budget(agent: Agent | None) -> float:
    """The most time the agent allows itself per decision (its `time=` parameter), 0 when it has none."""
    seconds = getattr(agent, "seconds", None) if agent is not None else None
    return float(seconds) if isinstance(seconds, int | float) else 0.0


@dataclass
class AnswerTiming:
    """Releases each computer answer `pause + the agent's budget` seconds after its decision began."""

    pause: float  # what a person needs to follow a move (DWARFHALL_DELAY)
    clock: Clock = field(default_factory=SystemClock)

    def delay_for(self, agent: Agent | None, people_watch: bool) -> float:
        """The fixed time every answer of this computer player takes; the same with or without a choice."""
        if not people_watch:
            return 0.0
        return self.pause + thinking_budget(agent)

    def start(self) -> float:
        return self.clock.now()

    def release(self, started: float, delay: float) -> None:
        """Waits until `delay` seconds have passed since `started`; an answer that took longer (a search on a
        busy machine: a CPU-time budget may outlast its seconds on the wall) goes on the next whole multiple of
        `delay`, never at its own time, as the server does."""
        took = self.clock.now() - started
        wait = delay * math.ceil(took / delay) if delay > 0 and took > delay else delay
        left = started + wait - self.clock.now()
        if left > 0:
            self.clock.sleep(left)
