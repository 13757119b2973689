"""ISMCTS iterations per second on one core, on positions reached by random play.

.venv/bin/python bench/ismcts_speed.py duel --iters 300 --positions 10
.venv/bin/python bench/ismcts_speed.py alewar --spec "ismcts:iters=1000,rollout=eval"
.venv/bin/python bench/ismcts_speed.py spring --options players=4 --depth 300
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import statistics
import sys
import time
from typing import Any

from dwarfhall.agents import make_agent
from dwarfhall.agents.ismcts import ISMCTSAgent
from dwarfhall.core import Game, PlayerView, Rng, State, load_game


def positions(game: Game[Any], count: int, seed: int, depth: int = 40) -> list[State]:
    """Decision points with a real choice, spread over the game by random play."""
    rng = Rng(seed)
    found: list[State] = []
    game_seed = seed
    while len(found) < count:
        state = game.new_state(game_seed)
        game_seed += 1
        target = rng.below(depth)
        for step in range(target + 1):
            if state.is_terminal:
                break
            if step == target and len(state.legal_action_ids()) > 1:
                found.append(state.clone())
                break
            state.apply(rng.choice(state.legal_action_ids()))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--spec", help="agent spec (default ismcts:iters=ITERS)")
    parser.add_argument("--iters", type=int, default=300)
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depth", type=int, default=40, help="positions lie up to this many random moves in")
    parser.add_argument("--options", nargs="*", default=[])
    parser.add_argument("--profile", action="store_true", help="print where the time goes")
    args = parser.parse_args(argv)
    game = load_game(args.game, game_class_options(args.game, args.options))
    spec = args.spec or f"ismcts:iters={args.iters}"
    states = positions(game, args.positions, args.seed, args.depth)
    rates = []
    profiler = cProfile.Profile() if args.profile else None
    cpu_rates: list[float] = []
    for i, state in enumerate(states):
        agent = make_agent(spec, i)
        assert isinstance(agent, ISMCTSAgent), "give an ismcts spec"
        if profiler:
            profiler.enable()
        cpu = time.process_time()
        agent.choose(PlayerView(state, state.current_player))
        cpu = time.process_time() - cpu
        if profiler:
            profiler.disable()
        if agent.last_iterations:  # a move the game's rules of thumb answer needs no search
            rates.append(agent.last_iterations / agent.last_seconds)
            cpu_rates.append(agent.last_iterations / max(cpu, 1e-9))
    print(f"{args.game} {spec}: {len(states)} positions on {platform.processor() or platform.machine()}, "
          f"Python {platform.python_version()}; {len(states) - len(rates)} answered without a search")  # fmt: skip
    if not rates:
        print("no position needed a search: nothing to time")
        return 1
    print(f"iterations/s: median {statistics.median(rates):.0f}, min {min(rates):.0f}, max {max(rates):.0f}")
    # on a shared machine CPU time is the steadier figure
    cpu_total = statistics.median(cpu_rates)
    print(f"iterations per CPU second: median {cpu_total:.0f}, min {min(cpu_rates):.0f}, max {max(cpu_rates):.0f}")
    if profiler:
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("cumulative").print_stats(25)
    return 0


def game_class_options(name: str, words: list[str]) -> Any:
    from dwarfhall.core import game_class

    return game_class(name).options_type.from_strings(words)


if __name__ == "__main__":
    sys.exit(main())
