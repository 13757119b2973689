"""Random games per CPU second through the arena: the worker's `play_one` and the whole `dwarfhall simulate`.

    .venv/bin/python bench/arena_random.py                              # play_one, every game, default counts
    .venv/bin/python bench/arena_random.py --cli                        # plus `dwarfhall simulate ... --workers 1`
    .venv/bin/python bench/arena_random.py --only duel --games 3000 --rounds 3
    PYTHONPATH=/tmp/base/src .venv/bin/python bench/arena_random.py     # another tree (its own build or pure)

Every seat plays the plain `random` spec. `play_one` is timed in this process (CPU time, after one warm-up game);
`simulate` in a child process with its own results database, timed by the CPU time the child and its workers
used (start-up included), over `--games` games. DWARFHALL_PURE=1 times pure Python.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import dwarfhall
from dwarfhall.arena.plan import GameTask
from dwarfhall.arena.play import play_one
from dwarfhall.core.registry import load_game

# (label, game, options, games played by default)
CASES: tuple[tuple[str, str, dict[str, int], int], ...] = (
    ("duel", "duel", {}, 4000),
    ("alewar", "alewar", {}, 3000),
    ("spring 2", "spring", {"players": 2}, 3000),
    ("spring 3", "spring", {"players": 3}, 2000),
    ("spring 4", "spring", {"players": 4}, 1500),
)


def time_play_one(name: str, options: dict[str, int], games: int, seed: int) -> float:
    """Games per CPU second of `play_one` with `random` in every seat."""
    game = load_game(name, options)
    seats = tuple([0] * game.num_players)
    play_one(game, ("random",), GameTask("warm", 0, seats, seed - 1))
    start = time.process_time()
    for i in range(games):
        play_one(game, ("random",), GameTask("bench", i, seats, seed + i))
    return games / (time.process_time() - start)


def time_simulate(name: str, options: dict[str, int], games: int, seed: int) -> float:
    """Games per CPU second of `dwarfhall simulate NAME --agents random --workers 1` in a child process."""
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "dwarfhall", "simulate", name, "--agents", "random", "--games", str(games),
               "--workers", "1", "--seed", str(seed), "--db", str(Path(tmp, "runs.sqlite")), "--quiet"]  # fmt: skip
        if options:
            cmd += ["--options", *(f"{k}={v}" for k, v in options.items())]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=os.environ.copy())
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return games / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", help="a case's label or game name (repeatable)")
    parser.add_argument("--games", type=int, help="games per case (default: the case's own count)")
    parser.add_argument("--rounds", type=int, default=1, help="timings per case (all are printed)")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--cli", action="store_true", help="also time `dwarfhall simulate` with one worker")
    args = parser.parse_args()
    print(f"dwarfhall {dwarfhall.MODE} from {Path(dwarfhall.__file__).parent.parent}, load {os.getloadavg()[0]:.1f}")
    for label, name, options, default in CASES:
        if args.only and label not in args.only and name not in args.only:
            continue
        games = args.games or default
        direct = [time_play_one(name, options, games, args.seed) for _ in range(args.rounds)]
        line = f"{label:10} play_one {' '.join(f'{v:8.0f}' for v in direct)} games/s"
        if args.cli:
            cli = [time_simulate(name, options, games, args.seed) for _ in range(args.rounds)]
            line += f"   simulate {' '.join(f'{v:8.0f}' for v in cli)} games/s"
        print(line, flush=True)


if __name__ == "__main__":
    main()
