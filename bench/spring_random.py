"""Dwar7s Spring speed: complete uniformly random games per second and actions per second, on one core.

    .venv/bin/python bench/spring_random.py --games 200 --seed 1
    .venv/bin/python bench/spring_random.py --games 100 --players 2
    .venv/bin/python bench/spring_random.py --games 50 --profile     # plus the top cProfile entries
    .venv/bin/python bench/spring_random.py --games 0 --parts 20     # CPU time of the parts of 20 replayed games

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
from dwarfhall.games.spring.phases import BEFORE, PLACING
from dwarfhall.games.spring.state import SpringState


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


def kind_of(state: SpringState) -> str:
    """Which kind of decision a state asks for (what its legal-move generation has to work out)."""
    if state.phase == PLACING:
        return "starting settlements"
    if state.pending:
        return "inner decisions"
    return "before the dwarf action" if state.stage == BEFORE else "after the dwarf action"


def parts(game: SpringGame, games: int, seed: int, repeats: int = 5) -> None:
    """Replays `games` random games and prints the CPU time of their parts (best of `repeats`, per game)."""
    mover = Rng(seed)
    records = []
    for i in range(games):
        state = game.new_state(seed + i)
        while not state.is_terminal:
            state.apply(mover.choice(state.legal_action_ids()))
        records.append(state.history)
    clock = time.process_time
    best: dict[str, float] = {}
    counts: dict[str, int] = {}
    for _ in range(repeats):
        spent: dict[str, float] = {}
        counts.clear()
        for i, history in enumerate(records):
            t = clock()
            state = game.new_state(seed + i)
            spent["new_state"] = spent.get("new_state", 0.0) + clock() - t
            for action in history:
                assert isinstance(state, SpringState)
                kind = kind_of(state)
                t = clock()
                state.legal_action_ids()
                spent[kind] = spent.get(kind, 0.0) + clock() - t
                counts[kind] = counts.get(kind, 0) + 1
                t = clock()
                state.apply(action)
                spent["apply"] = spent.get("apply", 0.0) + clock() - t
                counts["apply"] = counts.get("apply", 0) + 1
        for key, value in spent.items():
            best[key] = min(best.get(key, value), value)
    total = sum(best.values())
    print(f"parts of {games} replayed games, CPU time, best of {repeats} (each timing adds a clock read):")
    for key, value in best.items():
        n = counts.get(key, games)
        print(f"  {key:26s} {n / games:6.1f} a game  {value / n * 1e6:7.2f} us each  {100 * value / total:5.1f} %")
    print(f"  total {total / games * 1e3:.2f} ms a game")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="complete games to play (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="first game seed; game i uses seed + i (default 1)")
    parser.add_argument("--players", type=int, default=4, help="2, 3 or 4 (default 4)")
    parser.add_argument("--profile", action="store_true", help="print the 15 most expensive functions")
    parser.add_argument("--cpu", type=int, default=None, help="pin the process to this CPU (Linux)")
    parser.add_argument("--parts", type=int, default=0, help="also time the parts of this many replayed games")
    args = parser.parse_args(argv)
    if args.games < 0 or (args.games == 0 and not args.parts):
        parser.error("--games must be at least 1 (or 0 with --parts)")
    if args.cpu is not None and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.cpu})
    game = SpringGame({"players": args.players})
    if args.parts:
        parts(game, args.parts, args.seed)
    if not args.games:
        return 0

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
