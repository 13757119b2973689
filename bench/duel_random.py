"""Complete random Duel games per second on one core, through the public protocol.

    .venv/bin/python bench/duel_random.py --games 2000 --seed 1
    .venv/bin/python bench/duel_random.py --games 2000 --windows when_able --profile 25
    .venv/bin/python bench/duel_random.py --games 2000 --protocol

Each game: `Game.new_state(seed)`, then random legal actions until the end, through the core's batch entry
point `dwarfhall.core.batch.play_random` (the loop compiled in the compiled build). `--protocol` plays the same
games through the public protocol, `state.apply(rng.choice(state.legal_action_ids()))`, so the figures include
the core's legality check and its cache of legal ids. `--parts N`
replays N recorded games and times the parts of a game separately (CPU µs per game, best of 3).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import platform
import pstats
import time
from collections.abc import Callable
from typing import Any

from dwarfhall.core import Rng, load_game
from dwarfhall.core.batch import play_random
from dwarfhall.games.duel.phases import CARD


def play(games: int, seed: int, windows: str, protocol: bool = False) -> tuple[int, float, float]:
    """(actions, wall seconds, CPU seconds); CPU time is steadier on a shared machine."""
    game = load_game("duel", {"response_windows": windows})
    start = time.perf_counter()
    cpu = time.process_time()
    if not protocol:
        actions = play_random(game, seed, games)
        return actions, time.perf_counter() - start, time.process_time() - cpu
    actions = 0
    for i in range(games):
        state = game.new_state(seed + i)
        chooser = Rng(seed + i + 1_000_000)
        while not state.is_terminal:
            state.apply(chooser.choice(state.legal_action_ids()))
        actions += len(state.history)
    return actions, time.perf_counter() - start, time.process_time() - cpu


def parts(games: int, seed: int, windows: str) -> dict[str, float]:
    """CPU µs per game of each part, from replays of the same recorded games (best of 3 runs each).

    The replays call the game's own `_legal_action_ids` / `_apply` to separate them from the core's wrappers.
    """
    game = load_game("duel", {"response_windows": windows})
    recorded = []
    for i in range(games):
        state = game.new_state(seed + i)
        chooser = Rng(seed + i + 1_000_000)
        actions = []
        while not state.is_terminal:
            actions.append(chooser.choice(state.legal_action_ids()))
            state.apply(actions[-1])
        recorded.append((seed + i, actions))

    def is_card(s: Any) -> bool:
        return not s.stack and s.phase == CARD

    def no(s: Any) -> bool:
        return False

    def yes(s: Any) -> bool:
        return True

    def replay(legal_when: Callable[[Any], bool], core: bool = False) -> float:
        cpu = time.process_time()
        for game_seed, actions in recorded:
            s: Any = game.new_state(game_seed)
            for a in actions:
                if core:
                    s.legal_action_ids()
                    s.apply(a)
                    continue
                if legal_when(s):
                    s._legal_action_ids()
                s._apply(a)
        return time.process_time() - cpu

    def deal() -> float:
        cpu = time.process_time()
        for game_seed, _ in recorded:
            game.new_state(game_seed)
        return time.process_time() - cpu

    def choose() -> float:
        cpu = time.process_time()
        few = (0, 1, 2, 3, 4, 5, 6)
        for game_seed, actions in recorded:
            chooser = Rng(game_seed)
            for _ in actions:
                chooser.choice(few)
        return time.process_time() - cpu

    def best(run: Callable[[], float]) -> float:
        return min(run() for _ in range(3)) / games * 1e6

    new_state = best(deal)
    apply_only = best(lambda: replay(no))
    card = best(lambda: replay(is_card))
    every = best(lambda: replay(yes))
    return {
        "new_state": new_state,
        "apply": apply_only - new_state,
        "legal, card phase": card - apply_only,
        "legal, other decisions": every - card,
        "core apply/legal_action_ids": best(lambda: replay(no, core=True)) - every,
        "benchmark's Rng.choice": best(choose),
    }


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
    parser.add_argument("--protocol", action="store_true", help="play through the public protocol, not the batch")
    parser.add_argument("--parts", type=int, default=0, metavar="N", help="also time the parts of N replayed games")
    args = parser.parse_args()

    print(f"machine: {cpu_model()}, python {platform.python_version()}")
    if args.parts:
        print(f"parts of a game, CPU µs per game ({args.parts} replayed games, windows={args.windows}):")
        for name, micros in parts(args.parts, args.seed, args.windows).items():
            print(f"  {name:28} {micros:7.0f}")
    if not args.games:
        return
    play(min(50, args.games), args.seed + 10_000_000, args.windows)  # warm caches (payment tables)
    actions, seconds, cpu = play(args.games, args.seed, args.windows, args.protocol)
    how = "the protocol" if args.protocol else "the batch entry point"
    print(f"duel random games through {how}, windows={args.windows}: {args.games} games, {actions} actions")
    print(f"  wall {seconds:.2f} s: {args.games / seconds:,.0f} games/s, {actions / seconds:,.0f} actions/s")
    print(f"  cpu  {cpu:.2f} s: {args.games / cpu:,.0f} games/s, {actions / cpu:,.0f} actions/s")
    print(f"  {actions / args.games:.0f} actions per game")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        play(max(1, args.games // 4), args.seed, args.windows, args.protocol)
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(args.profile)
        print(out.getvalue())


if __name__ == "__main__":
    main()
