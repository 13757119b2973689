"""Bots on the server: named levels, and moves chosen in worker processes, off the event loop."""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from dwarfhall.agents import make_agent
from dwarfhall.agents.base import AgentSpecError, check_spec
from dwarfhall.agents.levels import LEVELS, level_elo, level_spec, levels_for
from dwarfhall.core.game import Game
from dwarfhall.core.record import GameRecord
from dwarfhall.core.rng import Rng
from dwarfhall.core.view import PlayerView

# one cheap move of every kind of agent the levels use loads its code and the game's tables in a worker
WARM_SPECS = ("random", "heuristic", "ismcts:iters=5")


def bot_spec(text: str, game: Game[Any]) -> str:
    """An agent spec for a level name or an expert's spec, checked whole (parameters, ranges, the game) before
    a game starts; raises AgentSpecError otherwise. A level plays the spec it has in this game."""
    return check_spec(level_spec(text.strip(), game.name), game)


def choose(record: dict[str, Any], seat: int) -> int:
    """Runs in a worker: rebuilds the game from its record and asks the seat's agent for a move."""
    rec = GameRecord.from_json(record)
    state = rec.final_state()
    spec = str(rec.meta["spec"])
    mixed = Rng(((rec.seed or 0) * 1_000_003 + seat) * 1_000_003 + len(rec.actions))
    agent = make_agent(spec, mixed.next_u64() & 0x7FFF_FFFF)
    return agent.choose(PlayerView(state, seat))


def warm(pause: float = 0.0) -> int:
    """Runs in a worker: loads every game and agent once, so that no first move is slow (a slow first
    answer in a response window would tell the opponent something)."""
    import time

    from dwarfhall.core.registry import game_names, load_game

    count = 0
    for name in game_names():
        state = load_game(name).new_state(1)
        for spec in WARM_SPECS:
            make_agent(spec, 1).choose(PlayerView(state, state.current_player))
            count += 1
    time.sleep(pause)  # keeps this worker busy so that the next warm-up lands on another one
    return count


PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent dies (Linux)


def die_with_parent() -> None:
    """Runs in each worker as it starts: the worker ends when the server does, even after a kill -9."""
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    threading.Thread(target=_watch_parent, args=(parent,), name="watch-parent", daemon=True).start()


def _watch_parent(parent: int) -> None:
    """Elsewhere than Linux (and should the signal be missed): a worker whose parent is gone ends itself."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


class BotPool:
    """A process pool for bot moves; `inline=True` runs them in a thread instead (tests, tiny machines)."""

    def __init__(self, workers: int | None = None, inline: bool = False) -> None:
        self.executor: Executor | None = None
        self.workers = workers
        self.inline = inline

    def _get(self) -> Executor | None:
        if self.inline:
            return None
        if self.executor is None:
            # spawn: never fork the server's threads and sockets into a worker; each worker is the server's own
            # child, so the parent-death signal reaches it (a forkserver in between outlives a kill -9)
            ctx = multiprocessing.get_context("spawn")
            self.executor = ProcessPoolExecutor(max_workers=self.workers, mp_context=ctx, initializer=die_with_parent)
        return self.executor

    async def choose(self, record: GameRecord, seat: int, spec: str) -> int:
        data = record.to_json()
        data["meta"] = {"spec": spec}
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._get(), choose, data, seat)

    async def run(self, func: Callable[..., Any], *args: Any) -> Any:
        """Any other search in a worker (the coach's reviews and hints); `func` must be a module-level function."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._get(), func, *args)

    async def warm(self) -> None:
        loop = asyncio.get_running_loop()
        executor = self._get()
        count = 1 if executor is None else (self.workers or multiprocessing.cpu_count())
        await asyncio.gather(*(loop.run_in_executor(executor, warm, 0.2 if count > 1 else 0.0) for _ in range(count)))

    def close(self) -> None:
        """Ends the workers now, a search under way included (the server is stopping)."""
        if self.executor is not None:
            executor, self.executor = self.executor, None
            processes = list(getattr(executor, "_processes", {}).values())  # taken before shutdown forgets them
            executor.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                with contextlib.suppress(Exception):
                    process.terminate()


__all__ = ["LEVELS", "AgentSpecError", "BotPool", "bot_spec", "level_elo", "levels_for"]
