"""How many workers a run may ask for: a typo in --workers must not start thousands of processes."""

from __future__ import annotations

import os

from .errors import ArenaError

WORKERS_PER_CORE = 4  # local processes: beyond a few per core they only cost memory
MAX_RAY_WORKERS = 1024  # Ray: the CPUs asked of a local Ray instance, at most


def max_workers(backend: str) -> int:
    """The most --workers `backend` accepts on this machine."""
    return MAX_RAY_WORKERS if backend == "ray" else WORKERS_PER_CORE * (os.cpu_count() or 1)


def check_workers(backend: str, workers: int) -> None:
    """ArenaError naming --workers and the allowed range."""
    top = max_workers(backend)
    if not 1 <= workers <= top:
        where = "with Ray" if backend == "ray" else f"local processes: {WORKERS_PER_CORE} per core on this machine"
        raise ArenaError(f"--workers must be at least 1 and at most {top} ({where}), got {workers}")
