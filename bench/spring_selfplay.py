"""Dwar7s Spring balance, a quick look without a database: games between the game's heuristic and/or random
players, with the checks of spring.md §12.3 as the game computes them (games/spring/statistics.py, the same
figures `dwarfhall report` shows for a stored run) and the seat shares.

    .venv/bin/python bench/spring_selfplay.py --games 200 --players 4                 # heuristic self-play
    .venv/bin/python bench/spring_selfplay.py --games 200 --players 4 --vs-random     # 1 heuristic, rotated seat
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Mapping

from dwarfhall.agents import make_agent, play_game
from dwarfhall.arena.gamestats import figures
from dwarfhall.arena.stats import share_text as share
from dwarfhall.core import State
from dwarfhall.games.spring.game import SpringGame


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--vs-random", action="store_true", help="one heuristic player (seat rotated), the rest random")
    args = parser.parse_args(argv)
    game = SpringGame({"players": args.players})
    n = args.players
    seat_wins = [0.0] * n
    hero_wins = 0
    values: list[Mapping[str, float]] = []
    start = time.perf_counter()
    for i in range(args.games):
        hero = i % n
        agents = [
            make_agent("heuristic" if not args.vs_random or s == hero else "random", 1000 * i + s) for s in range(n)
        ]
        actors: list[int] = []

        def note(state: State, action: int, actors: list[int] = actors) -> None:
            actors.append(state.current_player)

        final = play_game(game, agents, args.seed + i, on_action=note)
        winners = final.winners()
        for p in winners:
            seat_wins[p] += 1 / len(winners)
        hero_wins += hero in winners
        values.append(game.game_statistics(final, actors))
    elapsed = time.perf_counter() - start
    g = args.games
    mode = "1 heuristic (seat rotated) vs random" if args.vs_random else "heuristic self-play"
    print(f"spring, {n} players, {g} games, {mode}, {elapsed:.1f} s")
    if args.vs_random:
        print(f"heuristic wins: {share(hero_wins, g)} (fair share {100 / n:.0f} %)")
    print("seat win shares: " + ", ".join(f"{p}: {share(w, g)}" for p, w in enumerate(seat_wins)))
    for figure in figures(game.statistics(), values, n):
        aim = figure.statistic.aim_text()
        print(
            f"{figure.statistic.label_in('en')}: {figure.value_text()}"
            + (f" (aim {aim}: {figure.verdict()})" if aim else "")
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
