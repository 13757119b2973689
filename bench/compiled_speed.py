"""The compiled build against pure Python: random games and ISMCTS iterations per CPU second, in alternating runs.

    .venv/bin/python bench/compiled_speed.py --rounds 5
    .venv/bin/python bench/compiled_speed.py --rounds 3 --only duel     # one game's figures

Each round runs one process per mode (pure Python first, then compiled) that plays the same random games and the
same searches; the medians over the rounds and their ratio are printed. CPU time is used because it is steadier
than wall time on a shared machine; alternating the modes spreads the machine's load over both alike.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from functools import partial
from typing import Any

from alternating import Figures, compare

# (label, game, options, random games per run)
RANDOM_GAMES: tuple[tuple[str, str, dict[str, Any], int], ...] = (
    ("duel random games/s", "duel", {}, 300),
    ("alewar random games/s", "alewar", {}, 60),
    ("spring 4p random games/s", "spring", {"players": 4}, 40),
)
# (label, game, options, positions, iterations per search)
SEARCHES: tuple[tuple[str, str, dict[str, Any], int, int], ...] = (
    ("duel ISMCTS iterations/s", "duel", {}, 4, 300),
    ("alewar ISMCTS iterations/s", "alewar", {}, 3, 200),
    ("spring 4p ISMCTS iterations/s", "spring", {"players": 4}, 3, 150),
)


def position(game: Any, seed: int) -> Any | None:
    """The game of `seed` 30 random moves in (chosen by `Rng(seed)`), or None if it has ended or has no choice."""
    from dwarfhall.core import Rng

    state = game.new_state(seed)
    chooser = Rng(seed)
    for _ in range(30):
        if state.is_terminal:
            return None
        state.apply(chooser.choice(state.legal_action_ids()))
    return None if state.is_terminal or len(state.legal_action_ids()) < 2 else state


def measure(scale: float, only: str | None = None) -> dict[str, float]:
    """One run in this process's mode: per figure, units per CPU second (`only`: one game's figures)."""
    from dwarfhall.agents.ismcts import ISMCTSAgent
    from dwarfhall.core import PlayerView, Rng, load_game
    from dwarfhall.core.batch import play_random

    out: dict[str, float] = {}
    for label, name, options, games in RANDOM_GAMES:
        if only not in (None, name):
            continue
        game = load_game(name, options)
        count = max(1, int(games * scale))
        cpu = time.process_time()
        for seed in range(1, count + 1):
            state = game.new_state(seed)
            chooser = Rng(seed + 1_000_000)
            while not state.is_terminal:
                state.apply(chooser.choice(state.legal_action_ids()))
        out[label] = count / (time.process_time() - cpu)
        # the same games through the batch entry point (the loop itself compiled)
        cpu = time.process_time()
        play_random(game, 1, count)
        out[label.replace(" games/s", " games/s, batch")] = count / (time.process_time() - cpu)
    for label, name, options, count, iters in SEARCHES:
        if only not in (None, name):
            continue
        game = load_game(name, options)
        done = 0
        spent = 0.0
        searched = 0
        seed = 1
        # positions 30 random moves in with a real choice, where the agent searches: a move the game's advice
        # is sure of is taken without a search, and such a position would time nothing but the advice
        while searched < count:
            state = position(game, seed)
            seed += 1
            if state is None:
                continue
            agent = ISMCTSAgent({"iters": str(max(10, int(iters * scale))), "stop": "budget"}, searched)
            cpu = time.process_time()
            agent.choose(PlayerView(state, state.current_player))
            took = time.process_time() - cpu
            if agent.last_iterations:
                done += agent.last_iterations
                spent += took
                searched += 1
        out[label] = done / spent
    return out


def worker(mode: str, scale: float, only: str | None) -> Figures:
    """One run in a process of its own in `mode` ("pure" or "compiled")."""
    done = subprocess.run(
        [sys.executable, __file__, "--worker", f"--scale={scale}", *([f"--only={only}"] if only else [])],
        env={**os.environ, "DWARFHALL_PURE": "1" if mode == "pure" else "0"},
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(done.stdout)
    if result["mode"] != mode:
        raise SystemExit("no compiled build here (scripts/build-compiled): nothing to compare")
    return result["figures"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the games and iterations per run")
    parser.add_argument("--only", choices=("duel", "alewar", "spring"), help="time only this game's figures")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        import dwarfhall

        print(json.dumps({"mode": dwarfhall.MODE, "figures": measure(args.scale, args.only)}))
        return 0
    rows = compare({mode: partial(worker, mode, args.scale, args.only) for mode in ("pure", "compiled")}, args.rounds)
    print(f"{'figure':32} {'pure':>10} {'compiled':>10} {'ratio':>6}   (medians of {args.rounds} alternating runs)")
    for label, pure, fast, ratio in rows:
        print(f"{label:32} {pure:10,.1f} {fast:10,.1f} {ratio:6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
