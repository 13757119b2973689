"""Dwar7s Spring speed: complete uniformly random games per second and actions per second, on one core.

    .venv/bin/python bench/spring_random.py --games 200 --seed 1
    .venv/bin/python bench/spring_random.py --games 100 --players 2
    .venv/bin/python bench/spring_random.py --games 50 --profile     # plus the top cProfile entries

Spring is not announced in the registry yet, so the game class is loaded directly.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time

from dwarfhall.core import Rng
from dwarfhall.games.spring.game import SpringGame


def run_protocol(game: SpringGame, games: int, seed: int) -> tuple[int, int]:
    """Plays `games` games through the public protocol only (new_state, legal_action_ids, apply)."""
    mover = Rng(seed)
    actions = eras = 0
    for i in range(games):
        state = game.new_state(seed + i)
        while not state.is_terminal:
            state.apply(mover.choice(state.legal_action_ids()))
        actions += len(state.history)
        eras += state.era  # type: ignore[attr-defined]
    return actions, eras


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="complete games to play (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="first game seed; game i uses seed + i (default 1)")
    parser.add_argument("--players", type=int, default=4, help="2, 3 or 4 (default 4)")
    parser.add_argument("--profile", action="store_true", help="print the 15 most expensive functions")
    parser.add_argument("--cpu", type=int, default=None, help="pin the process to this CPU (Linux)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.cpu is not None and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.cpu})
    game = SpringGame({"players": args.players})

    profiler = cProfile.Profile() if args.profile else None
    start, cpu_start = time.perf_counter(), time.process_time()
    if profiler:
        profiler.enable()
    actions, eras = run_protocol(game, args.games, args.seed)
    if profiler:
        profiler.disable()
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start  # the machine may be shared: CPU time is the steadier figure

    print(f"spring random games (protocol loop), options {game.options.to_dict()}")
    print(f"games {args.games}  actions {actions}  wall seconds {elapsed:.2f}  CPU seconds {cpu:.2f}")
    print(f"actions/game {actions / args.games:.1f}  eras/game {eras / args.games:.2f}")
    print(f"CPU:  games/s {args.games / cpu:.1f}  actions/s {actions / cpu:.0f}")
    print(f"wall: games/s {args.games / elapsed:.1f}  actions/s {actions / elapsed:.0f}")
    if profiler:
        print("(timings above include profiling overhead)")
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(15)
    return 0


if __name__ == "__main__":
    sys.exit(main())
