"""Dwar7s Spring: the heuristic's resource pricing against the first version's (flat: every resource at 0.25 VP,
the fortress action at a fixed worth). One heuristic agent plays on the current advice, the other seats on
`SpringHeuristic(flat=True)`; the seat of the current one rotates. Prints its win share with a 95 % interval
(fair share 1 / players), the fortress share of both kinds of player and the mean points.

    .venv/bin/python bench/spring_heuristic_versus.py --games 200 --players 4
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from dwarfhall.agents import play_game
from dwarfhall.agents.heuristic import HeuristicAgent
from dwarfhall.arena.stats import share_text as share
from dwarfhall.core.game import Game
from dwarfhall.games.spring import scoring
from dwarfhall.games.spring.game import SpringGame
from dwarfhall.games.spring.heuristic import SpringHeuristic
from dwarfhall.games.spring.phases import NO_ONE
from dwarfhall.games.spring.state import SpringState


class _Pinned:
    """An advice cache that always answers with the same advice object."""

    def __init__(self, advice: SpringHeuristic) -> None:
        self.advice = advice

    def get(self, game: Game[Any]) -> SpringHeuristic:
        return self.advice


def agent(seed: int, flat: bool) -> HeuristicAgent:
    made = HeuristicAgent({}, seed)
    made._advice = _Pinned(SpringHeuristic(flat=flat))  # type: ignore[assignment]
    return made



def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=20, help="print the figures so far every N games")
    args = parser.parse_args(argv)
    game = SpringGame({"players": args.players})
    n = args.players
    wins = 0.0
    built = {True: 0, False: 0}
    points = {True: 0, False: 0}
    start = time.perf_counter()
    for i in range(args.games):
        hero = i % n
        agents = [agent(1000 * i + s, flat=s != hero) for s in range(n)]
        final = play_game(game, agents, args.seed + i)
        assert isinstance(final, SpringState)
        winners = final.winners()
        if hero in winners:
            wins += 1 / len(winners)
        for p in range(n):
            built[p == hero] += final.fortress_at[p] != NO_ONE
            points[p == hero] += scoring.score(final, p)
        g = i + 1
        if g % args.every == 0 or g == args.games:
            others = g * (n - 1)
            print(
                f"{g} games, {time.perf_counter() - start:.0f} s: new pricing wins {share(wins, g)} "
                f"(fair {100 / n:.0f} %); fortress new {share(built[True], g)}, flat {share(built[False], others)}; "
                f"points new {points[True] / g:.1f}, flat {points[False] / others:.1f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
