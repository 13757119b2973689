"""Random games' actions per CPU second: the Duel and Ale War against OpenSpiel's C++ backgammon stepped from Python.

    .venv/bin/python bench/vs_backgammon.py --rounds 5
    DWARFHALL_PURE=1 .venv/bin/python bench/vs_backgammon.py --rounds 5

Backgammon (`pyspiel.load_game("backgammon")`) is played from Python as a research loop steps a C++ game: at a
chance node an outcome drawn by its probability, else a uniformly random legal action, one `apply_action` per
step; every applied action counts, the dice rolls too (so its rate is, if anything, flattered). The dwarfhall
games are played through the batch entry point (`dwarfhall.core.batch.play_random`, compiled in the compiled
build), which counts the players' actions (their dice are rolled inside the rules). The rounds alternate the
three so that the machine's load falls on all alike; the figures are medians, and the ratios are within this run.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from alternating import Figures, alternate


def backgammon(games: int, seed: int) -> Figures:
    import pyspiel

    game = pyspiel.load_game("backgammon")
    rng = random.Random(seed)
    actions = 0
    cpu = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return {"backgammon actions/s": actions / (time.process_time() - cpu)}


def dwarfhall_game(name: str, games: int, seed: int) -> Figures:
    from dwarfhall.core import load_game
    from dwarfhall.core.batch import play_random

    game = load_game(name, {})
    cpu = time.process_time()
    actions = play_random(game, seed, games)
    return {f"{name} actions/s": actions / (time.process_time() - cpu)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=200, help="games of each per round")
    args = parser.parse_args(argv)
    import dwarfhall

    medians = alternate(
        {
            "backgammon": lambda: backgammon(args.games, 1),
            "duel": lambda: dwarfhall_game("duel", args.games, 1),
            "alewar": lambda: dwarfhall_game("alewar", args.games, 1),
        },
        args.rounds,
    )
    reference = medians["backgammon"]["backgammon actions/s"]
    print(f"dwarfhall mode: {dwarfhall.MODE}; medians of {args.rounds} alternating rounds, {args.games} games each")
    print(f"{'figure':<24}{'actions/s':>12}{'x backgammon':>14}")
    for figures in medians.values():
        for key, value in figures.items():
            print(f"{key:<24}{value:>12,.0f}{value / reference:>14.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
