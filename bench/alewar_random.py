"""Ale War speed: complete uniformly random games per second and actions per second, on one core.

    .venv/bin/python bench/alewar_random.py --games 2000 --seed 1
    .venv/bin/python bench/alewar_random.py --games 500 --profile     # plus the top cProfile entries
    .venv/bin/python bench/alewar_random.py --games 500 --agents      # through play_game and RandomAgent
    .venv/bin/python bench/alewar_random.py --games 400 --heuristic --option dwarf_seat=0 --option turn_limit=300
        # both seats play the game's heuristic one ply deep instead: the win split measures the balance
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
from dwarfhall.core import Rng, State, load_game


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


def greedy_choice(state: State, advice: Any, rng: Rng) -> int:
    """The heuristic's rule of thumb, else the action whose result it scores best (one ply, ties to the first)."""
    player = state.current_player
    choice = advice.choose(state, player, rng)
    if choice is not None:
        return int(choice)
    best, best_value = state.legal_action_ids()[0], -2.0
    for action in state.legal_action_ids():
        after = state.clone()
        after.apply(action)
        value = advice.evaluate(after, player) + rng.random() * 1e-6
        if value > best_value:
            best, best_value = action, value
    return best


def run_heuristic(game: Any, games: int, seed: int) -> tuple[int, int, list[int]]:
    """Heuristic self-play; also returns the wins as [Dwarves, Goblins, draws]."""
    advice = game.heuristic()
    rng = Rng(seed)
    actions = turns = 0
    wins = [0, 0, 0]
    for i in range(games):
        state = game.new_state(seed + i)
        while not state.is_terminal:
            state.apply(greedy_choice(state, advice, rng))
        actions += len(state.history)
        turns += state.turn
        wins[state.winner] += 1
    return actions, turns, wins


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="complete games to play (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="first game seed; game i uses seed + i (default 1)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    parser.add_argument("--agents", action="store_true", help="play through play_game with random agents")
    parser.add_argument("--heuristic", action="store_true", help="heuristic self-play; prints the win split")
    parser.add_argument("--profile", action="store_true", help="print the 15 most expensive functions")
    parser.add_argument("--cpu", type=int, default=None, help="pin the process to this CPU (Linux)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.cpu is not None and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.cpu})
    options = dict(pair.split("=", 1) for pair in args.option)
    game = load_game("alewar", load_game("alewar").options_type.from_strings([f"{k}={v}" for k, v in options.items()]))

    profiler = cProfile.Profile() if args.profile else None
    start, cpu_start = time.perf_counter(), time.process_time()
    if profiler:
        profiler.enable()
    wins: list[int] | None = None
    if args.heuristic:
        actions, turns, wins = run_heuristic(game, args.games, args.seed)
    elif args.agents:
        actions, turns = run_agents(game, args.games, args.seed)
    else:
        actions, turns = run_protocol(game, args.games, args.seed)
    if profiler:
        profiler.disable()
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start  # the machine may be shared: CPU time is the steadier figure

    mode = "heuristic self-play" if args.heuristic else "play_game + RandomAgent" if args.agents else "protocol loop"
    print(f"alewar random games ({mode}), options {game.options.to_dict()}")
    print(f"games {args.games}  actions {actions}  turns {turns}  wall seconds {elapsed:.2f}  CPU seconds {cpu:.2f}")
    print(f"actions/game {actions / args.games:.1f}  turns/game {turns / args.games:.1f}")
    print(f"CPU:  games/s {args.games / cpu:.1f}  actions/s {actions / cpu:.0f}")
    print(f"wall: games/s {args.games / elapsed:.1f}  actions/s {actions / elapsed:.0f}")
    if wins is not None:
        print(f"wins: Dwarves {wins[0]}  Goblins {wins[1]}  draws {wins[2]}  "
              f"(Dwarves {100 * wins[0] / args.games:.1f}%)")
    if profiler:
        print("(timings above include profiling overhead)")
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(15)
    return 0


if __name__ == "__main__":
    sys.exit(main())
