"""The Duel's random games for instruction counts, inside one C call of their own (as spring_callgrind.py does).

The games run inside `operator.call`, so callgrind's inclusive count of `_operator_call` is that work alone, in
either mode (start-up, imports and the warm-up game are outside it); the counts do not move with the machine's load.

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out \\
        .venv/bin/python bench/duel_callgrind.py 50
    callgrind_annotate --inclusive=yes /tmp/cg.out | grep _operator_call

`N`: N random games through `core.batch.play_random` (seeds 1..N), after `--warm` games (default 300, seeds from
1000) that fill the caches a long run has filled (the card phase's plays per dice roll).
"""

from __future__ import annotations

import argparse
import operator
import sys

import dwarfhall
from dwarfhall.core import load_game
from dwarfhall.core.batch import play_random


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("count", type=int, help="random games")
    parser.add_argument("--warm", type=int, default=300, help="games played first, outside the count")
    args = parser.parse_args()
    game = load_game("duel")
    play_random(game, 1000, max(1, args.warm))  # warm-up: the caches a long run fills
    actions = operator.call(play_random, game, 1, args.count)
    print(f"{dwarfhall.MODE}: {args.count} random games, {actions} actions", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
