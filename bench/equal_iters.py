"""Head-to-head figures of stored two-player arena runs: the second spec's share against the first.

For comparing a search change with the search as it was at equal iterations (each run is an ordinary arena run
of two specs, seats swapped every game), and readable while a run is still playing:

nice -n 10 .venv/bin/dwarfhall arena duel --agents "ismcts:iters=500" "ismcts:iters=500,bias=3" \
    --games 80 --seed 41 --workers 1 --db runs/eq-duel-bias.sqlite
.venv/bin/python bench/equal_iters.py runs/eq-duel-bias.sqlite runs/eq-alewar-bias.sqlite

Prints per run: the game, both specs, games stored, the second spec's share (a draw counts half) with its 95 %
Wilson interval, its share when seated first and second, draws, and the mean game length in actions.
"""

from __future__ import annotations

import argparse
import sys

from dwarfhall.arena.stats import wilson
from dwarfhall.arena.store import open_store


def figures(db: str) -> list[str]:
    lines = []
    with open_store(db, create=False) as store:
        for info in store.runs():
            if len(info.spec.specs) != 2 or info.num_players != 2:
                continue
            results = store.results(info.id)
            points, draws, length = 0.0, 0, 0
            by_seat = [[0.0, 0], [0.0, 0]]
            for r in results:
                seat = r.seats.index(1)
                outcome = r.outcome(seat)
                point = 1.0 if outcome == "win" else 0.5 if outcome == "draw" else 0.0
                points += point
                draws += outcome == "draw"
                by_seat[seat][0] += point
                by_seat[seat][1] += 1
                length += r.length
            games = len(results)
            low, high = wilson(points, games)
            seats = " / ".join(f"{p / n:.0%} of {n}" if n else "-" for p, n in by_seat)
            share = f"{points / games:.1%}" if games else "-"
            lines.append(
                f"{info.spec.game}: {info.spec.specs[1]} against {info.spec.specs[0]}: {games} games, "
                f"{share} [{low:.1%}, {high:.1%}]; in seat 0 / 1: {seats}; {draws} draws; "
                f"{length / max(games, 1):.0f} actions a game"
            )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("db", nargs="+", help="arena databases (SQLite paths or URLs)")
    args = parser.parse_args(argv)
    for db in args.db:
        for line in figures(db):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
