"""Measures the computer's levels and stores the figures the lobby and the docs show.

For each game: an arena of the four levels (every pairing, seats swapped, a 4-player game seats all four),
Elo fitted over all its games (every game split into pairwise results), each pairing's win share of the
stronger level with its 95 % interval, and the CPU time per decision of each level (its own decisions with a
choice, `time.process_time` around `choose`, in games against `normal`). The result is merged per game into
src/dwarfhall/agents/levels_measured.json (package data, read by dwarfhall.agents.levels); a game's entry
says how many games it rests on and the command that made it.

.venv/bin/python bench/levels.py duel alewar --games 300 --workers 2 --db runs/levels.sqlite
.venv/bin/python bench/levels.py spring --games 100 --timing-games 2      # 4-player Spring, all levels at one table
.venv/bin/python bench/levels.py duel --games 2 --timing-games 1 --db /tmp/levels.sqlite   # a smoke run
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import sys
import time
from datetime import date
from pathlib import Path
from typing import Any

from dwarfhall.agents import Agent, make_agent, play_game
from dwarfhall.agents.levels import LEVELS, MEASURED_FILE
from dwarfhall.arena.backends import make_backend
from dwarfhall.arena.runner import prepare, run
from dwarfhall.arena.stats import elo, pairing_tallies, wilson
from dwarfhall.arena.store import open_store
from dwarfhall.core.game import Game
from dwarfhall.core.view import PlayerView

OUT = Path(__file__).resolve().parents[1] / "src" / "dwarfhall" / "agents" / MEASURED_FILE


class TimedAgent(Agent):
    """Wraps an agent and adds up the CPU time of its decisions."""

    def __init__(self, inner: Agent) -> None:
        super().__init__({}, inner.seed)
        self.inner = inner
        self.name = inner.spec
        self.cpu = 0.0
        self.decisions = 0

    def check_game(self, game: Game[Any]) -> None:
        self.inner.check_game(game)

    def choose(self, view: PlayerView) -> int:
        start = time.process_time()
        action = self.inner.choose(view)
        self.cpu += time.process_time() - start
        self.decisions += 1
        return action


def cpu_per_decision(game: Game[Any], level: str, games: int, seed: int) -> tuple[float, int]:
    """Mean CPU seconds per decision with a choice of `level` against `normal`, its seat alternating."""
    cpu, decisions = 0.0, 0
    for g in range(games):
        seat = g % game.num_players
        timed = TimedAgent(make_agent(level, seed + g))
        agents: list[Agent] = [make_agent("normal", seed + g + 100 * s) for s in range(game.num_players)]
        agents[seat] = timed
        play_game(game, agents, seed + g)
        cpu, decisions = cpu + timed.cpu, decisions + timed.decisions
    return (cpu / decisions if decisions else 0.0), decisions


def measure(game_name: str, args: argparse.Namespace, command: str) -> dict[str, Any]:
    names = list(LEVELS)
    game, spec = prepare("arena", game_name, args.options, names, args.seed, args.games)
    with open_store(args.db) as store:
        outcome = run(store, game, spec, make_backend("local", args.workers), progress=not args.quiet)
        results = store.results(outcome.run.id)
    ratings = elo(results, len(names))
    levels: dict[str, Any] = {}
    for i, name in enumerate(names):
        print(f"{game_name}: timing {name}", file=sys.stderr)
        seconds, decisions = cpu_per_decision(game, name, args.timing_games, args.seed)
        levels[name] = {
            "spec": LEVELS[name].spec,
            "elo": round(ratings[i][0]),
            "elo_se": round(ratings[i][1]),
            "cpu_per_decision": round(seconds, 4),
            "decisions_timed": decisions,
            "budget": LEVELS[name].budget,
        }
    pairings: dict[str, Any] = {}
    for row in pairing_tallies(results).values():
        agents = sorted(row)
        stronger = agents[-1]  # levels are listed weakest first
        tally = row[stronger]
        low, high = wilson(tally.wins + 0.5 * tally.draws, tally.games)
        label = "-".join(names[a] for a in agents)
        pairings[label] = {
            "games": tally.games,
            "stronger": names[stronger],
            "share": round(tally.score, 4),
            "ci95": [round(low, 4), round(high, 4)],
        }
    return {
        "command": command,
        "date": date.today().isoformat(),
        "machine": f"{os.cpu_count()} cores ({platform.machine()}), Python {platform.python_version()}",
        "options": game.options.to_dict(),
        "seed": args.seed,
        "games_per_pairing": args.games,
        "games": len(results),
        "timing_games": args.timing_games,
        "small_run": args.games < 300,
        "levels": levels,
        "pairings": pairings,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games_", nargs="+", metavar="GAME")
    parser.add_argument("--games", type=int, default=300, help="games per pairing (the issue asks for 300)")
    parser.add_argument("--timing-games", type=int, default=4, help="games per level for the CPU time per decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--options", nargs="*", default=[], help="game options, for every game named")
    parser.add_argument("--db", default="runs/levels.sqlite", help="the arena's store (resumable)")
    parser.add_argument("--out", type=Path, default=OUT, help=f"the measurement file (default {OUT.name})")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    Path(args.db).parent.mkdir(parents=True, exist_ok=True)
    data: dict[str, Any] = {"games": {}}
    if args.out.exists():
        data = json.loads(args.out.read_text(encoding="utf-8"))
    data["about"] = (
        "Measured by bench/levels.py; each game's entry says its command and how many games it rests on. "
        "small_run marks fewer than 300 games per pairing: its figures are not yet the measured gaps."
    )
    command = ".venv/bin/python bench/levels.py " + shlex.join(sys.argv[1:] if argv is None else argv)
    for name in args.games_:
        entry = measure(name, args, command)
        data["games"][name] = entry
        print(json.dumps({name: entry["levels"], "pairings": entry["pairings"]}, indent=1))
    args.out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"written: {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
