"""Ale War speed: complete uniformly random games per second and actions per second, on one core.

    .venv/bin/python bench/alewar_random.py --games 2000 --seed 1
    .venv/bin/python bench/alewar_random.py --games 500 --profile     # plus the top cProfile entries
    .venv/bin/python bench/alewar_random.py --games 500 --agents      # through play_game and RandomAgent
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time
from typing import Any

from dwarfhall.agents import make_agent, play_game
from dwarfhall.core import Rng, load_game


def run_protocol(game: Any, games: int, seed: int) -> tuple[int, int]:
    """Plays `games` games through the public protocol only (new_state, legal_action_ids, apply)."""
    mover = Rng(seed)
    actions = 0
    turns = 0
    for i in range(games):
        state = game.new_state(seed + i)
        while not state.is_terminal:
            state.apply(mover.choice(state.legal_action_ids()))
        actions += len(state.history)
        turns += state.turn
    return actions, turns


def run_agents(game: Any, games: int, seed: int) -> tuple[int, int]:
    """The same through the headless runner and the random agent (PlayerView per decision)."""
    agents = [make_agent("random", seed), make_agent("random", seed + 1)]
    actions = 0
    turns = 0
    for i in range(games):
        state = play_game(game, agents, seed + i)
        actions += len(state.history)
        turns += state.turn  # type: ignore[attr-defined]
    return actions, turns


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="complete games to play (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="first game seed; game i uses seed + i (default 1)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    parser.add_argument("--agents", action="store_true", help="play through play_game with random agents")
    parser.add_argument("--profile", action="store_true", help="print the 15 most expensive functions")
    parser.add_argument("--cpu", type=int, default=None, help="pin the process to this CPU (Linux)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.cpu is not None and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.cpu})
    options = dict(pair.split("=", 1) for pair in args.option)
    game = load_game("alewar", load_game("alewar").options_type.from_strings([f"{k}={v}" for k, v in options.items()]))
    runner = run_agents if args.agents else run_protocol

    profiler = cProfile.Profile() if args.profile else None
    start = time.perf_counter()
    if profiler:
        profiler.enable()
    actions, turns = runner(game, args.games, args.seed)
    if profiler:
        profiler.disable()
    elapsed = time.perf_counter() - start

    mode = "play_game + RandomAgent" if args.agents else "protocol loop"
    print(f"alewar random games ({mode}), options {game.options.to_dict()}")
    print(f"games {args.games}  actions {actions}  turns {turns}  seconds {elapsed:.2f}")
    print(f"games/s {args.games / elapsed:.1f}  actions/s {actions / elapsed:.0f}  "
          f"actions/game {actions / args.games:.1f}  turns/game {turns / args.games:.1f}")
    if profiler:
        print("(timings above include profiling overhead)")
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(15)
    return 0


if __name__ == "__main__":
    sys.exit(main())
