"""Where games are played: in this process, in local worker processes, or on Ray.

Every backend plays the same planned games (seeds come from the plan), so the
results do not depend on the backend or the number of workers; only the order
in which results arrive does, and the store does not care about order.
"""

from __future__ import annotations

import logging
import multiprocessing
import queue
import socket
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from .errors import ArenaError
from .plan import GameTask
from .play import Job, init_worker, run_chunk
from .results import GameResult
from .sources import TaskSource, as_source
from .workers import check_workers

OnResults = Callable[[list[GameResult]], None]
Tasks = Sequence[GameTask] | TaskSource
MAX_CHUNK = 32  # games per chunk at most: a kill loses little, and progress keeps moving
CHUNK_SECONDS = 0.25  # aim for chunks of about this much play: hides the per-task cost of tiny games
RAY_STARTUP_SECONDS = 120.0  # a Ray whose workers died at start never answers: wait this long for one task


class Feeder:
    """Hands out the tasks in chunks sized from the games seen so far.

    Sizes start at one game, since a game may take a minute, and grow for fast games
    so that sending tasks and results costs little next to playing them.
    """

    def __init__(self, tasks: Tasks) -> None:
        self.source = as_source(tasks)
        self.games = 0
        self.seconds = 0.0

    def __bool__(self) -> bool:
        return bool(self.source)

    def size(self) -> int:
        if not self.games:
            return 1
        mean = self.seconds / self.games
        return max(1, min(MAX_CHUNK, int(CHUNK_SECONDS / mean) if mean > 0 else MAX_CHUNK))

    def take(self) -> list[GameTask]:
        """The next chunk; empty only when the source has no more games."""
        return self.source.take(self.size())

    def observe(self, results: Sequence[GameResult]) -> None:
        self.games += len(results)
        self.seconds += sum(r.duration for r in results)


class Backend(ABC):
    name: str

    @abstractmethod
    def run(self, job: Job, tasks: Tasks, on_results: OnResults) -> None:
        """Plays every task, handing results over as they finish; an error or Ctrl-C stops all workers."""

    def check(self) -> None:
        """Fails early, before any game starts, when the backend cannot work (missing package, bad address)."""
        return None


class InlineBackend(Backend):
    """One worker: play in this process, no start-up cost, results one game at a time."""

    name = "inline"

    def run(self, job: Job, tasks: Tasks, on_results: OnResults) -> None:
        feeder = Feeder(tasks)
        while feeder:
            for task in feeder.take():
                results = run_chunk(job, [task])  # one game at a time: each is handed over as it ends
                feeder.observe(results)
                on_results(results)


class ProcessBackend(Backend):
    """Local worker processes ('spawn': a clean interpreter, the same on every platform)."""

    name = "local"

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def run(self, job: Job, tasks: Tasks, on_results: OnResults) -> None:
        if not tasks:
            return
        feeder = Feeder(tasks)
        done: queue.Queue[list[GameResult] | BaseException] = queue.Queue()
        context = multiprocessing.get_context("spawn")
        pool = context.Pool(self.workers, initializer=init_worker, initargs=(job,))
        pending = 0
        try:
            while feeder or pending:
                while feeder and pending < 2 * self.workers:  # two chunks per worker: none waits for work
                    chunk = feeder.take()
                    if chunk:
                        pool.apply_async(run_chunk, (job, chunk), callback=done.put, error_callback=done.put)
                        pending += 1
                if not pending:
                    break
                item = _next(done)
                pending -= 1
                if isinstance(item, BaseException):
                    raise item
                feeder.observe(item)
                on_results(item)
        except BaseException:
            pool.terminate()  # Ctrl-C or a failed game: stop at once; finished games are already handed over
            pool.join()
            raise
        pool.close()
        pool.join()


def _next(done: queue.Queue[list[GameResult] | BaseException]) -> list[GameResult] | BaseException:
    while True:
        try:
            return done.get(timeout=0.5)  # a timeout keeps the wait open to Ctrl-C on every platform
        except queue.Empty:
            continue


def _ray_chunk(job: Job, tasks: list[GameTask]) -> list[GameResult]:
    from dwarfhall.agents.advice import quiet_notices

    quiet_notices()  # the driver has already shown any notice once
    return run_chunk(job, tasks)


class RayBackend(Backend):
    """Ray tasks: on a cluster at `address`, or on a local instance with `workers` CPUs.

    An already initialised Ray (e.g. by a notebook or a test) is used as it is and left running.
    """

    name = "ray"

    def __init__(self, workers: int, address: str | None = None) -> None:
        self.workers = workers
        self.address = address

    def run(self, job: Job, tasks: Tasks, on_results: OnResults) -> None:
        if not tasks:
            return
        ray = _import_ray()
        started = self._connect(ray)
        pending: list[Any] = []
        try:
            _check_workers_answer(ray, RAY_STARTUP_SECONDS)
            cpus = max(1, int(ray.cluster_resources().get("CPU", self.workers)))
            remote = ray.remote(num_cpus=1)(_ray_chunk)
            job_ref = ray.put(job)
            feeder = Feeder(tasks)
            while feeder or pending:
                # a bounded number in flight: an interrupted run loses little and chunk sizes can adapt
                while feeder and len(pending) < 2 * cpus:
                    chunk = feeder.take()
                    if chunk:
                        pending.append(remote.remote(job_ref, chunk))
                if not pending:
                    break
                ready, pending = ray.wait(pending, num_returns=1)
                for ref in ready:
                    results = _ray_get(ray, ref)
                    feeder.observe(results)
                    on_results(results)
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)
            if started:
                ray.shutdown()

    def check(self) -> None:
        _import_ray()
        if self.address:
            _check_reachable(self.address)

    def _connect(self, ray: Any) -> bool:
        if ray.is_initialized():
            return False
        quiet = {"logging_level": logging.WARNING, "log_to_driver": False}
        try:
            if self.address:
                ray.init(address=self.address, **quiet)
            else:
                ray.init(num_cpus=self.workers, include_dashboard=False, **quiet)
        except Exception as exc:
            where = f"the Ray cluster at {self.address}" if self.address else "a local Ray instance"
            raise ArenaError(f"cannot start or reach {where}: {type(exc).__name__}: {exc}") from None
        return True


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fails fast on a wrong host:port; Ray itself retries an unreachable cluster for minutes."""
    target = address.removeprefix("ray://")
    host, _, port = target.rpartition(":")
    if not host or not port.isdigit():  # 'auto' and other forms are left to Ray
        return
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as exc:
        raise ArenaError(
            f"cannot reach the Ray cluster at {address}: {exc.strerror or exc}; give the head node's address "
            "(host:6379, or ray://host:10001 for Ray Client) or 'auto' on a cluster node"
        ) from None


def _ready() -> bool:
    return True


def _check_workers_answer(ray: Any, seconds: float) -> None:
    """One empty task first: Ray waits forever on tasks that no worker will run (workers that died at start)."""
    try:
        ray.get(ray.remote(num_cpus=0)(_ready).remote(), timeout=seconds)
    except ray.exceptions.GetTimeoutError:
        raise ArenaError(
            f"Ray ran no task within {seconds:g} s: its workers did not start (their logs are under "
            "/tmp/ray/session_latest/logs)"
        ) from None
    except ray.exceptions.RayError as exc:
        raise ArenaError(f"Ray's workers failed at start: {type(exc).__name__}: {exc}") from None


def _ray_get(ray: Any, ref: Any) -> list[GameResult]:
    try:
        results: list[GameResult] = ray.get(ref)
    except ray.exceptions.RayTaskError as exc:
        cause = getattr(exc, "cause", None)
        raise ArenaError(str(cause) if cause is not None else f"a Ray task failed: {exc}") from None
    except ray.exceptions.RayError as exc:
        raise ArenaError(f"Ray failed while playing: {type(exc).__name__}: {exc}") from None
    return results


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ArenaError("--backend ray needs the ray package: pip install 'dwarfhall[ray]'") from None
    return ray


def make_backend(name: str, workers: int, address: str | None = None) -> Backend:
    check_workers(name, workers)
    if name == "ray":
        return RayBackend(workers, address)
    if address:
        raise ArenaError("--address is for --backend ray only")
    if name != "local":
        raise ArenaError(f"unknown backend {name!r}; choose local or ray")
    return InlineBackend() if workers == 1 else ProcessBackend(workers)
