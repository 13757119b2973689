"""Speed of the arena's results store: saving, claiming and reading games, on SQLite or PostgreSQL.

.venv/bin/python bench/store_speed.py                                   # a new SQLite file in a temporary folder
.venv/bin/python bench/store_speed.py --db postgresql://USER:PASSWORD@HOST/DATABASE
Games are synthetic, the size of a Duel game's record (300 action ids); each figure is one transaction per
batch, as the runner commits (a batch a second when games are fast, a game at a time when they are slow).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

from dwarfhall.arena.claims import Claims
from dwarfhall.arena.plan import RunSpec
from dwarfhall.arena.results import GameResult
from dwarfhall.arena.store import ResultStore, open_store


def _result(pairing: str, index: int) -> GameResult:
    record = {"game": "duel", "options": {}, "seed": index, "actions": list(range(300)), "players": ["a", "b"]}
    return GameResult(pairing, index, (0, 1), index, [1.0, -1.0], [7.0, 3.0], 300, 0, record, [{"c": 2}, {}], 0.1)


def _rate(count: int, seconds: float) -> str:
    return f"{count / seconds:,.0f}/s ({seconds * 1000 / count:.2f} ms each)"


def bench(store: ResultStore, games: int, batches: list[int], chunk: int) -> None:
    for number, batch in enumerate(batches):
        run = store.open_run(RunSpec("arena", "bench", {}, ("a", "b"), number, games), games, 2)
        results = [_result("0-1", i) for i in range(games)]
        start = time.perf_counter()
        for first in range(0, games, batch):
            store.save(run.id, results[first : first + batch])
        seconds = time.perf_counter() - start
        print(f"save, {batch:>4} games per transaction: {_rate(games, seconds)} games")
    start = time.perf_counter()
    read = store.results(run.id)
    print(f"read {len(read)} games: {_rate(len(read), time.perf_counter() - start)} games")
    run = store.open_run(RunSpec("arena", "bench", {}, ("a", "b"), len(batches), games), games, 2)
    claims = Claims(store.db, run.id)
    keys = [("0-1", i) for i in range(games)]
    try:
        start = time.perf_counter()
        rounds = 0
        for first in range(0, games, chunk):
            assert len(claims.claim(keys[first : first + 4 * chunk], chunk).mine) == len(keys[first : first + chunk])
            rounds += 1
        print(f"claim {chunk} games at a time: {_rate(rounds, time.perf_counter() - start)} claims")
    finally:
        claims.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", help="a path or URL (default: a new SQLite file in a temporary folder)")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--batches", type=int, nargs="+", default=[1, 50, 500])
    parser.add_argument("--chunk", type=int, default=8, help="games per claim")
    args = parser.parse_args(argv)
    print(f"{os.cpu_count()} cores ({platform.machine()}), Python {platform.python_version()}, "
          f"load average {os.getloadavg()[0]:.1f}")  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        target = args.db or str(Path(tmp) / "bench.sqlite")
        with open_store(target) as store:
            print(f"database: {store.name}")
            bench(store, args.games, args.batches, args.chunk)
    return 0


if __name__ == "__main__":
    sys.exit(main())
