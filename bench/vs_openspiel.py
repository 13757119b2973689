"""Our ISMCTS against OpenSpiel's ISMCTSBot on The Duel, both playing through dwarfhall.interop.openspiel.

Equal time per move: OpenSpiel's bot gets the number of simulations that takes TIME seconds per move on
this machine, measured first on positions reached by random play (the calibration is stored with the
results). A move with one legal action is played without a search by both. Seats alternate. Every
finished game is appended to a JSONL file at once; running the same command again resumes.

.venv/bin/python bench/vs_openspiel.py --games 200 --out runs/vs_openspiel.jsonl
.venv/bin/python bench/vs_openspiel.py --report --out runs/vs_openspiel.jsonl
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from dwarfhall.agents import make_agent
from dwarfhall.agents.ismcts import ISMCTSAgent
from dwarfhall.arena.stats import wilson
from dwarfhall.core import PlayerView
from dwarfhall.interop.openspiel import DwarfhallGame, DwarfhallState, load_game

GAME = "duel"
UCT_C = 2.0  # OpenSpiel's ISMCTS examples use 2 with random-rollout values in [-1, 1]


def settings(args: argparse.Namespace) -> dict[str, Any]:
    return {"kind": "settings", "game": GAME, "time": args.time, "seed": args.seed, "ours": our_spec(args.time)}


def our_spec(seconds: float) -> str:
    return f"ismcts:time={seconds:g}"


def their_bot(game: DwarfhallGame, simulations: int, seed: int) -> ismcts.ISMCTSBot:
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    return ismcts.ISMCTSBot(game, evaluator, UCT_C, simulations, random_state=np.random.RandomState(seed + 1))


def decision_points(game: DwarfhallGame, count: int, seed: int) -> list[DwarfhallState]:
    """Positions with a real choice, spread over games of random play."""
    rng = np.random.RandomState(seed)
    found: list[DwarfhallState] = []
    game_seed = seed
    while len(found) < count:
        state = game.state_from(game.inner.new_state(seed=game_seed))
        game_seed += 1
        target = int(rng.randint(0, 300))  # random Duel games last about 330 actions
        for step in range(target + 1):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            if step >= target and len(legal) > 1:
                found.append(state)
                break
            state.apply_action(int(rng.choice(legal)))
    return found


def calibrate(game: DwarfhallGame, seconds: float, positions: int, seed: int) -> dict[str, Any]:
    """Simulations of OpenSpiel's bot that take `seconds` per move (median time per simulation)."""
    probe = 8
    per_sim = []
    for i, state in enumerate(decision_points(game, positions, seed)):
        bot = their_bot(game, probe, seed + i)
        start = time.perf_counter()
        bot.step(state)
        per_sim.append((time.perf_counter() - start) / probe)
        print(f"calibration {i + 1}/{positions}: {per_sim[-1] * 1000:.1f} ms per simulation", file=sys.stderr)
    median = statistics.median(per_sim)
    return {
        "kind": "calibration",
        "seconds_per_simulation": median,
        "simulations": max(1, round(seconds / median)),
        "positions": positions,
    }


def play_one(job: tuple[int, int, float, int]) -> dict[str, Any]:
    """One game: index, seed, seconds per move, OpenSpiel simulations; seats alternate with the index."""
    index, seed, seconds, simulations = job
    game = load_game(GAME)
    ours_seat = index % 2
    agent = make_agent(our_spec(seconds), seed)
    assert isinstance(agent, ISMCTSAgent)
    bot = their_bot(game, simulations, seed)
    state = game.state_from(game.inner.new_state(seed=seed))
    tally = {"ours": [0, 0, 0.0], "theirs": [0, 0, 0.0]}  # searches, iterations, seconds
    start = time.perf_counter()
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        if player == ours_seat:
            action = agent.choose(PlayerView(state.inner, player))
            if agent.last_iterations:
                row = tally["ours"]
                row[0] += 1
                row[1] += agent.last_iterations
                row[2] += agent.last_seconds
        else:
            t0 = time.perf_counter()
            action = int(bot.step(state))
            row = tally["theirs"]
            row[0] += 1
            row[1] += simulations
            row[2] += time.perf_counter() - t0
        state.apply_action(action)
    returns = state.returns()
    return {
        "kind": "game",
        "index": index,
        "seed": seed,
        "ours_seat": ours_seat,
        "returns": returns,
        "ours_return": returns[ours_seat],
        "actions": len(state.inner.history),
        "ours": dict(zip(("searches", "iterations", "seconds"), tally["ours"], strict=True)),
        "theirs": dict(zip(("searches", "simulations", "seconds"), tally["theirs"], strict=True)),
        "wall": time.perf_counter() - start,
    }


def read(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    rows = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            # a line cut short by a stop in mid-write: that game is played again
            print(f"{path}:{number}: unreadable line skipped", file=sys.stderr)
    return rows


def summary(rows: list[dict[str, Any]]) -> str:
    games = [r for r in rows if r.get("kind") == "game"]
    calibration = next((r for r in rows if r.get("kind") == "calibration"), None)
    if not games:
        return "no games yet"
    wins = sum(1 for g in games if g["ours_return"] > 0)
    draws = sum(1 for g in games if g["ours_return"] == 0)
    low, high = wilson(wins, len(games))
    ours_it = sum(g["ours"]["iterations"] for g in games) / max(1e-9, sum(g["ours"]["seconds"] for g in games))
    theirs_it = sum(g["theirs"]["simulations"] for g in games) / max(1e-9, sum(g["theirs"]["seconds"] for g in games))
    ours_move = sum(g["ours"]["seconds"] for g in games) / max(1, sum(g["ours"]["searches"] for g in games))
    theirs_move = sum(g["theirs"]["seconds"] for g in games) / max(1, sum(g["theirs"]["searches"] for g in games))
    lines = [
        f"games {len(games)}: ours won {wins}, drew {draws}, lost {len(games) - wins - draws}",
        f"win rate of ours {100 * wins / len(games):.1f} % [{100 * low:.1f}, {100 * high:.1f}] (95 % Wilson)",
        f"iterations per second: ours {ours_it:,.0f}, OpenSpiel ISMCTSBot {theirs_it:,.1f} "
        f"(x{ours_it / theirs_it:,.0f})",
        f"seconds per searched move: ours {ours_move:.3f} (early stop included), OpenSpiel {theirs_move:.3f}",
        f"actions per game {statistics.mean(g['actions'] for g in games):.0f}, "
        f"wall seconds per game {statistics.mean(g['wall'] for g in games):.1f}",
    ]
    if calibration:
        lines.append(
            f"calibration: {calibration['seconds_per_simulation'] * 1000:.1f} ms per OpenSpiel simulation "
            f"-> {calibration['simulations']} simulations per move"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--time", type=float, default=0.5, help="seconds per move for both")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--calibration-positions", type=int, default=20)
    parser.add_argument("--workers", type=int, default=1, help="games at once (one core each)")
    parser.add_argument("--out", type=Path, default=Path("runs/vs_openspiel.jsonl"))
    parser.add_argument("--report", action="store_true", help="only print the figures of the stored games")
    args = parser.parse_args(argv)
    rows = read(args.out)
    if args.report:
        print(summary(rows))
        return 0
    wanted = settings(args)
    stored = next((r for r in rows if r.get("kind") == "settings"), None)
    if stored is not None and stored != wanted:
        print(f"{args.out}: holds a run with other settings {stored}; use another --out", file=sys.stderr)
        return 2
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("a") as out:
        if stored is None:
            out.write(json.dumps(wanted) + "\n")
            out.write(json.dumps({"kind": "machine", "cores": os.cpu_count(), "python": platform.python_version(),
                                  "processor": platform.processor() or platform.machine()}) + "\n")
            out.flush()
        calibration = next((r for r in rows if r.get("kind") == "calibration"), None)
        if calibration is None:
            calibration = calibrate(load_game(GAME), args.time, args.calibration_positions, args.seed)
            out.write(json.dumps(calibration) + "\n")
            out.flush()
            rows.append(calibration)
        done = {r["index"] for r in rows if r.get("kind") == "game"}
        jobs = [(i, args.seed * 100_000 + i, args.time, calibration["simulations"])
                for i in range(args.games) if i not in done]
        print(f"{len(done)} games stored, {len(jobs)} to play; OpenSpiel gets {calibration['simulations']} "
              f"simulations per move", file=sys.stderr)
        finished = [r for r in rows if r.get("kind") == "game"]
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            for result in pool.imap_unordered(play_one, jobs):
                out.write(json.dumps(result) + "\n")
                out.flush()
                finished.append(result)
                first = summary(finished).splitlines()
                print(f"[{len(finished)}/{args.games}] game {result['index']}: ours "
                      f"{'won' if result['ours_return'] > 0 else 'lost' if result['ours_return'] < 0 else 'drew'}"
                      f" | {first[1]} | {first[2]}", file=sys.stderr, flush=True)
    print(summary(read(args.out)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
