"""Complete random Duel games per second on one core, through the public protocol.

    .venv/bin/python bench/duel_random.py --games 2000 --seed 1
    .venv/bin/python bench/duel_random.py --games 2000 --windows when_able --profile 25

Each game: `Game.new_state(seed)`, then `state.apply(rng.choice(state.legal_action_ids()))` until
the end, so the figures include the core's legality check and its cache of legal ids.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import platform
import pstats
import time

from dwarfhall.core import Rng, load_game


def play(games: int, seed: int, windows: str) -> tuple[int, float, float]:
    """(actions, wall seconds, CPU seconds); CPU time is steadier on a shared machine."""
    game = load_game("duel", {"response_windows": windows})
    actions = 0
    start = time.perf_counter()
    cpu = time.process_time()
    for i in range(games):
        state = game.new_state(seed + i)
        chooser = Rng(seed + i + 1_000_000)
        while not state.is_terminal:
            state.apply(chooser.choice(state.legal_action_ids()))
        actions += len(state.history)
    return actions, time.perf_counter() - start, time.process_time() - cpu


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--windows", choices=["always", "when_able"], default="always")
    parser.add_argument("--profile", type=int, default=0, metavar="N", help="also print the N costliest functions")
    args = parser.parse_args()

    play(min(50, args.games), args.seed + 10_000_000, args.windows)  # warm caches (payment tables)
    actions, seconds, cpu = play(args.games, args.seed, args.windows)
    print(f"machine: {cpu_model()}, python {platform.python_version()}")
    print(f"duel random games, windows={args.windows}: {args.games} games, {actions} actions")
    print(f"  wall {seconds:.2f} s: {args.games / seconds:,.0f} games/s, {actions / seconds:,.0f} actions/s")
    print(f"  cpu  {cpu:.2f} s: {args.games / cpu:,.0f} games/s, {actions / cpu:,.0f} actions/s")
    print(f"  {actions / args.games:.0f} actions per game")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        play(max(1, args.games // 4), args.seed, args.windows)
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(args.profile)
        print(out.getvalue())


if __name__ == "__main__":
    main()
