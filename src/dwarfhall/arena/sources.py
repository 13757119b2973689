"""Where backends get their next games: a fixed list, or games claimed from a run shared with other processes."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Protocol

from .claims import Claims
from .plan import GameTask

CLAIM_WINDOW = 64  # planned games looked at per claim, at least


class TaskSource(Protocol):
    def __bool__(self) -> bool:
        """Whether more games may come."""
        ...

    def take(self, n: int) -> list[GameTask]:
        """Up to n games to play; an empty list only when no more will come."""
        ...


class ListSource:
    def __init__(self, tasks: Sequence[GameTask]) -> None:
        self.tasks = tasks
        self.next = 0

    def __bool__(self) -> bool:
        return self.next < len(self.tasks)

    def take(self, n: int) -> list[GameTask]:
        chunk = list(self.tasks[self.next : self.next + n])
        self.next += len(chunk)
        return chunk


def as_source(tasks: Sequence[GameTask] | TaskSource) -> TaskSource:
    return ListSource(tasks) if isinstance(tasks, Sequence) else tasks


class ClaimingSource:
    """Games not yet stored, in plan order, each claimed in the database before it is handed out.

    Games that another process holds or has stored are dropped; the runner looks at them again later.
    """

    def __init__(self, claims: Claims, todo: Sequence[GameTask]) -> None:
        self.claims = claims
        self.todo = deque(todo)
        self.ready: list[GameTask] = []

    def __bool__(self) -> bool:
        return bool(self.ready or self.todo)

    def prime(self) -> bool:
        """Claims a first game now; False when there is nothing this process can play."""
        self.ready = self._claim(1)
        return bool(self.ready)

    def take(self, n: int) -> list[GameTask]:
        chunk, self.ready = self.ready[:n], self.ready[n:]
        if len(chunk) < n:
            chunk += self._claim(n - len(chunk))
        return chunk

    def _claim(self, n: int) -> list[GameTask]:
        got: list[GameTask] = []
        while len(got) < n and self.todo:
            window = [self.todo.popleft() for _ in range(min(len(self.todo), max(4 * n, CLAIM_WINDOW)))]
            claimed = self.claims.claim([task.key for task in window], n - len(got))
            mine = set(claimed.mine)
            dropped = mine | set(claimed.finished) | set(claimed.elsewhere)
            got += [task for task in window if task.key in mine]
            self.todo.extendleft(reversed([task for task in window if task.key not in dropped]))
        return got
