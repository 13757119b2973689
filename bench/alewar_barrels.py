"""Where the Goblins put their barrels, and how the Goblins fared: Ale War games of arena stores, grouped.

For every stored Ale War game it counts the squares next to the two barrels, as they stand when play begins, that
are neither a lake nor a barrel: the squares a Dwarf could attack a barrel from. Barrels with few such squares (in
a corner, beside a lake, next to each other) can be walled in by the three Goblins. It prints the Goblins' share per
count (a draw counts half), for all games or only those in which the agent `--goblins SPEC` played the Goblins.
With `--by turns` it groups by how far the Goblins stand from walling the barrels in when play begins instead: the
fewest Goblin turns (one unit moves a turn, squares counted on open ground) that put a Goblin on every such square,
or on three of them when there are more.

.venv/bin/python bench/alewar_barrels.py runs/a.sqlite runs/b.sqlite [--goblins "ismcts:iters=2000,bias=3"] [--by turns]
"""

from __future__ import annotations

import argparse
import json
import sqlite3
from collections import defaultdict
from itertools import permutations

from dwarfhall.arena.stats import wilson
from dwarfhall.core.record import GameRecord
from dwarfhall.games.alewar.board import LAKE, NEIGHBOURS, distance
from dwarfhall.games.alewar.phases import PLACE_BARRELS
from dwarfhall.games.alewar.pieces import GOBLIN_UNITS
from dwarfhall.games.alewar.state import AleWarState


def strike_squares(state: AleWarState) -> set[int]:
    barrels = [b for b in state.barrels if b >= 0]
    return {n for b in barrels for n in NEIGHBOURS[b] if state.terrain[n] != LAKE and n not in barrels}


def open_squares(state: AleWarState) -> int:
    return len(strike_squares(state))


def wall_turns(state: AleWarState) -> int:
    """The fewest Goblin turns that put a Goblin on every strike square (on three when there are more)."""
    squares = sorted(strike_squares(state))
    movement = state.game.components.movement
    k = min(len(squares), len(GOBLIN_UNITS))
    return min(
        (
            sum(-(-distance(state.pos[g], s) // movement[g]) for g, s in zip(goblins, targets, strict=True))
            for targets in permutations(squares, k)
            for goblins in permutations(GOBLIN_UNITS, k)
        ),
        default=0,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dbs", nargs="+", help="arena stores (SQLite files)")
    parser.add_argument("--goblins", help="count only games in which this spec played the Goblins")
    parser.add_argument("--by", choices=("squares", "turns"), default="squares", help="what the games are grouped by")
    args = parser.parse_args()
    table: dict[int, list[float]] = defaultdict(lambda: [0, 0.0])
    for db in args.dbs:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        query = (
            "select g.seats, g.sides, g.returns, g.record, r.specs from arena_games g"
            " join arena_runs r on r.id = g.run_id where r.game = 'alewar'"
        )
        for seats, sides, returns, record, specs in con.execute(query):
            goblin_seat = json.loads(sides).index("goblins")
            if args.goblins and json.loads(specs)[json.loads(seats)[goblin_seat]] != args.goblins:
                continue
            state = None
            for state in GameRecord.from_json(json.loads(record)).states():
                if isinstance(state, AleWarState) and state.phase > PLACE_BARRELS:
                    break
            if not isinstance(state, AleWarState) or state.phase <= PLACE_BARRELS:
                continue  # a game that ended before play began
            row = table[open_squares(state) if args.by == "squares" else wall_turns(state)]
            row[0] += 1
            row[1] += (json.loads(returns)[goblin_seat] + 1) / 2
    if not table:
        raise SystemExit("no Ale War game found")
    label = "squares to strike the barrels from" if args.by == "squares" else "Goblin turns to wall the barrels in"
    print(f"{label:>34} | games | the Goblins' share [95 %]")
    for count in sorted(table):
        games, points = table[count]
        low, high = wilson(points, int(games))
        print(f"{count:>34} | {int(games):>5} | {100 * points / games:.1f} % [{100 * low:.1f}, {100 * high:.1f}]")


if __name__ == "__main__":
    main()
