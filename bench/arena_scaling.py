"""Arena throughput (games per second) with 1 and 2 local workers, start-up of the worker pool included.

.venv/bin/python bench/arena_scaling.py duel --agents random random --games 200
.venv/bin/python bench/arena_scaling.py alewar --agents heuristic "ismcts:iters=100,rollout=eval" --games 10
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import sys
import tempfile
import time
from pathlib import Path

from dwarfhall.arena.backends import make_backend
from dwarfhall.arena.runner import prepare, run
from dwarfhall.arena.store import open_store


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--agents", nargs="+", default=["random", "random"])
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--options", nargs="*", default=[])
    args = parser.parse_args(argv)
    print(f"{args.game} {' vs '.join(args.agents)}, {args.games} games per pairing; "
          f"{os.cpu_count()} cores ({platform.machine()}), Python {platform.python_version()}")  # fmt: skip
    base = None
    for workers in args.workers:
        game, spec = prepare("arena", args.game, args.options, args.agents, args.seed, args.games)
        with tempfile.TemporaryDirectory() as tmp, open_store(Path(tmp) / "bench.sqlite") as store:
            start, cpu_start = time.perf_counter(), _cpu_seconds()
            outcome = run(store, game, spec, make_backend("local", workers), progress=False)
            seconds, cpu = time.perf_counter() - start, _cpu_seconds() - cpu_start
        rate = outcome.played / seconds
        base = base or rate
        # CPU time of this process and its finished workers: the cost of the parallel path, whatever the load
        print(f"workers={workers}: {outcome.played} games in {seconds:.2f} s = {rate:.1f} games/s "
              f"(x{rate / base:.2f}); {outcome.played / cpu:.1f} games per CPU second, "
              f"load average {os.getloadavg()[0]:.1f}")  # fmt: skip
    return 0


def _cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


if __name__ == "__main__":
    sys.exit(main())
