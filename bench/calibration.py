"""How well the review's win chance matches what happens: a reliability table and the Brier score.

Plays held-out games (fresh seeds, never used to choose anything in the review) between two agents, and at
every `--every`-th decision with a choice estimates the deciding seat's win chance exactly as the review does
(ISMCTS over that seat's information set, the best move's chance). Each estimate is then scored against the
seat's real result (1 for a win, 0 for a loss, the share of a shared win). Prints the reliability table (10
bins: estimates, how often the seat won), the Brier score, and that of always saying the base rate.

.venv/bin/python bench/calibration.py duel --games 200 --agents normal normal --iters 1500 --every 3
.venv/bin/python bench/calibration.py alewar --games 4 --iters 200 --every 5    # a smoke run
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from dwarfhall.agents import make_agent
from dwarfhall.agents.review import analyse, decision_seed, win_chance
from dwarfhall.core import PlayerView, load_game
from dwarfhall.core.registry import game_class

HELD_OUT_SEED = 900_000  # game seeds start here: far from the seeds of tests and other benches
BINS = 10


def collect(args: argparse.Namespace, bar: Progress) -> list[tuple[float, float]]:
    """(estimated chance, real result) pairs over the held-out games."""
    options = game_class(args.game).options_type.from_strings(list(args.options))
    game = load_game(args.game, options)
    task = bar.add_task("games", total=args.games)
    pairs: list[tuple[float, float]] = []
    for g in range(args.games):
        seed = HELD_OUT_SEED + args.seed * 10_000 + g
        specs = [args.agents[(s + g) % len(args.agents)] for s in range(game.num_players)]  # seats rotate
        agents = [make_agent(spec, seed * 7 + s, game.name) for s, spec in enumerate(specs)]
        state = game.new_state(seed)
        estimates: list[tuple[int, float]] = []
        decision = 0
        while not state.is_terminal:
            player = state.current_player
            legal = state.legal_action_ids()
            if len(legal) > 1:
                if decision % args.every == 0:
                    view = PlayerView(state, player)
                    moves = analyse(view, args.iters, decision_seed(args.seed, view.move_number))
                    estimates.append((player, moves[0].chance))
                decision += 1
                action = agents[player].choose(PlayerView(state, player))
            else:
                action = legal[0]
            state.apply(action)
        returns = state.returns()
        pairs += [(chance, win_chance(returns[p], game.num_players)) for p, chance in estimates]
        bar.advance(task)
    return pairs


def table(pairs: list[tuple[float, float]]) -> list[dict[str, Any]]:
    rows = []
    for b in range(BINS):
        low, high = b / BINS, (b + 1) / BINS
        inside = [(p, o) for p, o in pairs if low <= p < high or (b == BINS - 1 and p == 1.0)]
        if inside:
            rows.append(
                {
                    "bin": f"{round(low * 100)}-{round(high * 100)} %",
                    "n": len(inside),
                    "estimated": sum(p for p, _ in inside) / len(inside),
                    "won": sum(o for _, o in inside) / len(inside),
                }
            )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--agents", nargs="+", default=["normal", "normal"], help="who plays the held-out games")
    parser.add_argument("--iters", type=int, default=1500, help="search iterations per estimate (the review's)")
    parser.add_argument("--every", type=int, default=3, help="estimate every N-th decision with a choice")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--options", nargs="*", default=[])
    args = parser.parse_args(argv)
    started = time.perf_counter()
    columns = (
        TextColumn("held-out games"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True)) as bar:
        pairs = collect(args, bar)
    if not pairs:
        print("no decision with a choice was estimated", file=sys.stderr)
        return 1
    brier = sum((p - o) ** 2 for p, o in pairs) / len(pairs)
    base = sum(o for _, o in pairs) / len(pairs)
    baseline = sum((base - o) ** 2 for _, o in pairs) / len(pairs)
    seconds = time.perf_counter() - started
    print(
        f"{args.game}: {args.games} held-out games ({' vs '.join(args.agents)}), {len(pairs)} estimates, "
        f"{args.iters} iterations each, every {args.every}. decision; {seconds:.0f} s"
    )
    print()
    print("| estimated win chance | estimates | mean estimate | won |")
    print("| --- | --- | --- | --- |")
    for row in table(pairs):
        print(f"| {row['bin']} | {row['n']} | {row['estimated']:.2f} | {row['won']:.2f} |")
    print()
    skill = 1 - brier / baseline if baseline else 0.0
    print(f"Brier score {brier:.3f}; always saying the base rate ({base:.2f}): {baseline:.3f}; skill {skill:+.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
