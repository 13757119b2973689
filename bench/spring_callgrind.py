"""Spring 4-player work for instruction counts: random games or ISMCTS searches inside one C call of their own.

The work runs inside `operator.call`, so callgrind's inclusive count of `_operator_call` is that work alone, in
either mode (start-up, imports and the warm-up game are outside it); the counts do not move with the machine's load.

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out \\
        .venv/bin/python bench/spring_callgrind.py random 20
    callgrind_annotate --inclusive=yes /tmp/cg.out | grep _operator_call
    PYTHONHASHSEED=0 DWARFHALL_PURE=1 valgrind --tool=callgrind ... bench/spring_callgrind.py search 150

`random N`: N random games through `core.batch.play_random` (seeds 1..N). `batch N`: the same N games once more
after playing them once outside the count, as `bench/compiled_speed.py`'s batch figure plays the games its
protocol figure played (so each map's geometry and its shared tables are already known). `setup N`: N new games
(`new_state`, seeds 1..N) with their map's tables (which a game's first move builds). `search N`: ISMCTS searches
of N iterations at the three positions `bench/compiled_speed.py` searches.
"""

from __future__ import annotations

import argparse
import operator
import sys
from typing import Any

import dwarfhall
from compiled_speed import position
from dwarfhall.agents.ismcts import ISMCTSAgent
from dwarfhall.core import Game, PlayerView, State, load_game
from dwarfhall.core.batch import play_random


def positions(count: int) -> list[State[Any]]:
    """`count` positions 30 random moves into a game, each with a real choice (as compiled_speed.py picks them)."""
    game = load_game("spring", {"players": 4})
    found: list[State[Any]] = []
    seed = 1
    while len(found) < count:
        state = position(game, seed)
        if state is not None:
            found.append(state)
        seed += 1
    return found


def searches(states: list[State[Any]], iterations: int) -> None:
    for i, state in enumerate(states):
        agent = ISMCTSAgent({"iters": str(iterations), "stop": "budget"}, i)
        agent.choose(PlayerView(state, state.current_player))


def setups(game: Game[Any], count: int) -> None:
    for seed in range(1, count + 1):
        state = game.new_state(seed)
        _ = state.world.tables  # type: ignore[attr-defined]  # Spring's map tables, built by a game's first move


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("random", "batch", "setup", "search"))
    parser.add_argument("count", type=int, help="random games, new games, or iterations per search")
    args = parser.parse_args()
    game = load_game("spring", {"players": 4})
    play_random(game, 1000, 1)  # warm-up: the caches a first game fills
    if args.what == "random":
        operator.call(play_random, game, 1, args.count)
    elif args.what == "batch":
        play_random(game, 1, args.count)
        operator.call(play_random, game, 1, args.count)
    elif args.what == "setup":
        operator.call(setups, game, args.count)
    else:
        states = positions(3)
        operator.call(searches, states, args.count)
    print(f"{dwarfhall.MODE}: {args.what} {args.count}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
