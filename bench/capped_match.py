"""A two-player screening match whose games are cut off early: the second spec's share against the first.

Between two strong searches an Ale War game can become a standoff (the Goblins wall in their barrels, the
Dwarves keep out of reach) that only the game's bound of 3000 actions ends, after many minutes. For a quick
screen this script cuts every game off at `--cap` actions and counts it as a draw (half a point), so a
standoff costs little. The figures it prints are screening figures, not the arena's: `dwarfhall arena` plays to
the game's own bound and stores every game.

nice -n 15 .venv/bin/python bench/capped_match.py alewar "ismcts:iters=10400" "ismcts:iters=16000,bias=3" \
    --games 60 --seed 7 --cap 600 --out /tmp/screen.txt

Seats are swapped every game; game 2k and 2k+1 share a seed. One line per game as it ends (to the terminal and
to `--out`, appended): the game, its points for the second spec, its length, the CPU seconds it took, and the
second spec's running share with its 95 % Wilson interval and the draws so far.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time

from dwarfhall.agents.base import AgentSpecError, make_agent
from dwarfhall.agents.runner import play_game
from dwarfhall.arena.stats import wilson
from dwarfhall.core.registry import load_game

Job = tuple[str, tuple[str, str], int, int, int]


def play(job: Job) -> tuple[int, float, int, float]:
    """One game: (its index, the second spec's points, its length in actions, CPU seconds)."""
    game_name, specs, index, base, cap = job
    game = load_game(game_name)
    seats = (0, 1) if index % 2 == 0 else (1, 0)  # seats[seat] is the spec's index
    seed = base * 100_003 + index // 2
    agents = [make_agent(specs[spec], seed * 7 + seat + 1, game_name) for seat, spec in enumerate(seats)]
    started = time.process_time()
    final = play_game(game, agents, seed, max_actions=cap, cut_off=True)
    returns = final.returns() if final.is_terminal else [0.0, 0.0]
    mine = returns[seats.index(1)]
    points = 1.0 if mine > 0 else 0.5 if mine == 0 else 0.0
    return index, points, len(final.history), time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("first", help="the spec measured against")
    parser.add_argument("second", help="the spec whose share is printed")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cap", type=int, default=600, help="actions after which a game counts as a draw")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", help="a file the lines are appended to as well")
    args = parser.parse_args()
    if args.games < 1 or args.cap < 1 or args.workers < 1:
        parser.error("--games, --cap and --workers must be at least 1")
    try:  # an unknown game or a bad spec fails here, before any worker starts
        load_game(args.game)
        for spec in (args.first, args.second):
            make_agent(spec, 0, args.game)
    except (KeyError, ValueError, AgentSpecError) as exc:
        parser.error(str(exc))
    jobs = [(args.game, (args.first, args.second), i, args.seed, args.cap) for i in range(args.games)]
    points = 0.0
    played = draws = 0
    with multiprocessing.Pool(args.workers) as pool:
        for index, got, length, cpu in pool.imap_unordered(play, jobs):
            played += 1
            points += got
            draws += got == 0.5
            low, high = wilson(points, played)
            line = (
                f"game {index}: {got:g} in {length} actions, {cpu:.1f} CPU s | share {100 * points / played:.1f} % "
                f"[{100 * low:.1f}, {100 * high:.1f}] of {played}, draws {draws}"
            )
            print(line, flush=True)
            if args.out:
                with open(args.out, "a") as out:
                    print(line, file=out)


if __name__ == "__main__":
    main()
