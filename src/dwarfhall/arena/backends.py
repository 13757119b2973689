"""Where games are played: in this process, in local worker processes, or on Ray.

Every backend plays the same planned games (seeds come from the plan), so the
results do not depend on the backend or the number of workers; only the order
in which results arrive does, and the store does not care about order.
"""

from __future__ import annotations

import logging
import math
import multiprocessing
import socket
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .errors import ArenaError
from .plan import GameTask
from .play import Job, init_worker, run_chunk
from .results import GameResult

OnResults = Callable[[list[GameResult]], None]
MAX_CHUNK = 32  # games per chunk: enough to hide inter-process overhead, small enough to lose little on a kill


def chunked(tasks: Sequence[GameTask], workers: int) -> list[list[GameTask]]:
    """About eight chunks per worker so that a slow chunk does not leave the others idle at the end."""
    size = max(1, min(MAX_CHUNK, math.ceil(len(tasks) / (workers * 8))))
    return [list(tasks[i : i + size]) for i in range(0, len(tasks), size)]


class Backend(ABC):
    name: str

    @abstractmethod
    def run(self, job: Job, tasks: Sequence[GameTask], on_results: OnResults) -> None:
        """Plays every task, handing results over as they finish; an error or Ctrl-C stops all workers."""

    def check(self) -> None:
        """Fails early, before any game starts, when the backend cannot work (missing package, bad address)."""
        return None


class InlineBackend(Backend):
    """One worker: play in this process, no start-up cost, results one game at a time."""

    name = "inline"

    def run(self, job: Job, tasks: Sequence[GameTask], on_results: OnResults) -> None:
        for task in tasks:
            on_results(run_chunk(job, [task]))


class ProcessBackend(Backend):
    """Local worker processes ('spawn': a clean interpreter, the same on every platform)."""

    name = "local"

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def run(self, job: Job, tasks: Sequence[GameTask], on_results: OnResults) -> None:
        if not tasks:
            return
        context = multiprocessing.get_context("spawn")
        pool = context.Pool(self.workers, initializer=init_worker, initargs=(job,))
        try:
            for results in pool.imap_unordered(_run_chunk_star, [(job, c) for c in chunked(tasks, self.workers)]):
                on_results(results)
        except BaseException:
            pool.terminate()  # Ctrl-C or a failed game: stop at once; finished games are already handed over
            pool.join()
            raise
        pool.close()
        pool.join()


def _run_chunk_star(args: tuple[Job, list[GameTask]]) -> list[GameResult]:
    return run_chunk(*args)


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

    def run(self, job: Job, tasks: Sequence[GameTask], on_results: OnResults) -> None:
        if not tasks:
            return
        ray = _import_ray()
        started = self._connect(ray)
        pending: list[Any] = []
        try:
            cpus = max(1, int(ray.cluster_resources().get("CPU", self.workers)))
            remote = ray.remote(num_cpus=1)(_ray_chunk)
            job_ref = ray.put(job)
            chunks: Iterator[list[GameTask]] = iter(chunked(tasks, cpus))
            # a bounded number in flight: an interrupted run loses little and the driver's memory stays small
            for chunk in _take(chunks, 2 * cpus):
                pending.append(remote.remote(job_ref, chunk))
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    on_results(_ray_get(ray, ref))
                    for chunk in _take(chunks, 1):
                        pending.append(remote.remote(job_ref, chunk))
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


def _take(items: Iterator[list[GameTask]], n: int) -> list[list[GameTask]]:
    taken = []
    for _ in range(n):
        item = next(items, None)
        if item is None:
            break
        taken.append(item)
    return taken


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
    if workers < 1:
        raise ArenaError(f"--workers must be at least 1, got {workers}")
    if name == "ray":
        return RayBackend(workers, address)
    if address:
        raise ArenaError("--address is for --backend ray only")
    if name != "local":
        raise ArenaError(f"unknown backend {name!r}; choose local or ray")
    return InlineBackend() if workers == 1 else ProcessBackend(workers)
