"""Time left of a run, from how long its finished games took in each pairing.

Games of strong agents take far longer than games of fast ones, so a run's overall rate so far says little
about its rest. Each pairing's games are expected to last as long as its finished ones did; a pairing with no
finished game yet is priced from its agents' shares of the games they did finish. The seconds of play still
to come are divided by the parallelism seen so far (seconds of play finished per second of wall clock).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence

from .plan import GameTask
from .results import GameResult


class _Mean:
    __slots__ = ("n", "total")

    def __init__(self) -> None:
        self.total, self.n = 0.0, 0

    def add(self, value: float) -> None:
        self.total += value
        self.n += 1

    @property
    def value(self) -> float:
        return self.total / self.n


class TimeLeft:
    """Estimates the seconds left for `pending` games; `clock` is replaceable so tests can drive time."""

    def __init__(self, pending: Sequence[GameTask], clock: Callable[[], float] = time.monotonic) -> None:
        self.remaining: dict[str, int] = {}
        self.seats: dict[str, tuple[int, ...]] = {}
        for task in pending:
            self.remaining[task.pairing] = self.remaining.get(task.pairing, 0) + 1
            self.seats.setdefault(task.pairing, task.seats)
        self.clock = clock
        self.started = clock()
        self.by_pairing: dict[str, _Mean] = {}
        self.by_agent: dict[int, _Mean] = {}  # an agent's share of a game: its duration over the seats
        self.work_done = 0.0  # seconds of play finished here

    def observe(self, results: Iterable[GameResult]) -> None:
        for r in results:
            if self.remaining.get(r.pairing, 0) > 0:
                self.remaining[r.pairing] -= 1
            self.by_pairing.setdefault(r.pairing, _Mean()).add(r.duration)
            for agent in r.seats:
                self.by_agent.setdefault(agent, _Mean()).add(r.duration / len(r.seats))
            self.work_done += r.duration

    def per_game(self, pairing: str) -> float | None:
        """Expected seconds of play of one more game of the pairing; None before any game finished."""
        if pairing in self.by_pairing:
            return self.by_pairing[pairing].value
        if not self.by_agent:
            return None
        known = [m.value for m in self.by_agent.values()]
        fallback = sum(known) / len(known)  # an agent not seen yet: as an average one
        return sum(self.by_agent[a].value if a in self.by_agent else fallback for a in self.seats[pairing])

    def seconds_left(self, games_left: int | None = None) -> float | None:
        """Wall-clock seconds until the pending games are done; `games_left`, when other processes share the
        run, is how many are really left (the expected work is scaled to it). None until a game finished."""
        elapsed = self.clock() - self.started
        if self.work_done <= 0 or elapsed <= 0:
            return None
        work = 0.0
        for pairing, count in self.remaining.items():
            if count:
                cost = self.per_game(pairing)
                if cost is None:
                    return None
                work += count * cost
        mine = sum(self.remaining.values())
        if games_left is not None and mine > games_left:
            work *= games_left / mine
        parallel = self.work_done / elapsed
        return work / parallel


def interleaved(tasks: Sequence[GameTask]) -> list[GameTask]:
    """Game 0 of every pairing, then game 1 of every pairing, ...: every pairing's speed is seen early, so the
    estimate holds from the start, and a run stopped halfway has played some of every pairing."""
    queues: dict[str, list[GameTask]] = {}
    for task in tasks:
        queues.setdefault(task.pairing, []).append(task)
    out: list[GameTask] = []
    depth = max((len(q) for q in queues.values()), default=0)
    for i in range(depth):
        out.extend(q[i] for q in queues.values() if i < len(q))
    return out
