"""Dwar7s Spring: the legal moves before the dwarf action alone, for counting machine instructions per decision.

Gathers the positions before a dwarf action of `--games` random four-player games (clones with their map targets up
to date), freezes the garbage collector's view of them, then asks one part of the legal-move generation `--repeats`
times at each position. Run it under cachegrind once with `--part none` and once with the part to count; the
difference divided by positions x repeats (printed) is that part's cost per decision:

    OPENBLAS_NUM_THREADS=1 PYTHONHASHSEED=0 PYTHONPATH=src valgrind --tool=cachegrind --cache-sim=no \\
        .venv/bin/python bench/spring_before_dwarf.py --part legal
"""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Callable

from dwarfhall.core import Rng
from dwarfhall.games.spring import legal
from dwarfhall.games.spring.game import SpringGame
from dwarfhall.games.spring.phases import BEFORE, PLACING
from dwarfhall.games.spring.state import SpringState
from dwarfhall.games.spring.targets import targets_of


def before_dwarf_positions(games: int, seed: int) -> list[SpringState]:
    """Every position before a dwarf action of `games` random games (game i uses seed + i), cloned."""
    game = SpringGame({"players": 4})
    mover = Rng(seed)
    found: list[SpringState] = []
    for i in range(games):
        state = game.new_state(seed + i)
        assert isinstance(state, SpringState)
        while not state.is_terminal:
            if state.phase != PLACING and not state.pending and state.stage == BEFORE:
                copy = state.clone()
                assert isinstance(copy, SpringState)
                targets_of(copy)
                found.append(copy)
            state.apply(mover.choice(state.legal_action_ids()))
    return found


PARTS: dict[str, Callable[[SpringState], object]] = {
    "none": lambda state: None,
    "targets": targets_of,
    "mine": lambda state: targets_of(state).mine(state.to_act),
    "dwarf": lambda state: legal.dwarf_actions(state, state.to_act),
    "legal": legal.legal_action_ids,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--part", choices=sorted(PARTS), default="legal")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    positions = before_dwarf_positions(args.games, args.seed)
    gc.collect()
    gc.freeze()  # the kept positions are not walked by every collection, as a game's few live states are not
    part = PARTS[args.part]
    players = len(positions[0].dwarfs) if positions else 0
    for _ in range(args.repeats):
        for state in positions:
            found = state._targets
            assert found is not None
            found._mine = [None] * players  # each repeat works the player's targets out again
            part(state)
    print(f"{len(positions)} positions x {args.repeats} repeats = {len(positions) * args.repeats} decisions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
