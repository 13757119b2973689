"""A game's Gymnasium or PettingZoo loop inside one C call of its own, for instruction counts.

The loop is `bench/interop_speed.py`'s, run inside `operator.call`, so callgrind's inclusive count of
`_operator_call` is the loop alone in either mode (start-up, imports and a warm-up are outside it); the counts do
not move with the machine's load. It prints the actions played, to divide by.

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out \\
        .venv/bin/python bench/interop_callgrind.py gymnasium spring 2000
    callgrind_annotate --inclusive=yes /tmp/cg.out | grep -E "_operator_call|dwarfhall"
"""

from __future__ import annotations

import argparse
import operator
from functools import partial

import dwarfhall
from interop_speed import DRIVERS, gymnasium, pettingzoo


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("layer", choices=("gymnasium", "pettingzoo"))
    parser.add_argument("game")
    parser.add_argument("steps", type=int, help="actions (whole games)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--driver", choices=DRIVERS, default="ids")
    args = parser.parse_args()
    drive = gymnasium if args.layer == "gymnasium" else pettingzoo
    drive(args.game, 100, args.seed + 1000, driver=args.driver)  # warm-up: caches, tables, first imports
    done = operator.call(partial(drive, args.game, args.steps, args.seed, driver=args.driver))
    print(f"mode: {dwarfhall.MODE}; {args.layer}, {args.game}: {done} actions")


if __name__ == "__main__":
    main()
