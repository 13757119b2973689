"""Observation tensors over many random games: distinct observations against distinct tensors, entries outside
the declared bounds, and the cost of a tensor (the tests run a short form: tests/games/test_tensors.py).

    .venv/bin/python bench/tensor_injectivity.py --games 50
    .venv/bin/python bench/tensor_injectivity.py --games 0 --time 2000

For every game and player count: plays `--games` seeded random games and, at every state and for every viewer
(the public one too), compares the canonical observation JSON with the tensor's bytes. `--time N` times N
tensors per game on recorded states (CPU µs each: a new tensor, into a reused buffer, and the observation dict
for comparison) and the Gymnasium environment's steps per second against the random agent.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from typing import Any

import numpy as np

from dwarfhall.core import Rng, State, load_game

GAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "duel": ("duel", {}),
    "duel-able": ("duel", {"response_windows": "when_able"}),
    "alewar": ("alewar", {"turn_limit": 300}),
    "spring-2p": ("spring", {"players": 2}),
    "spring-3p": ("spring", {"players": 3}),
    "spring-4p": ("spring", {"players": 4}),
}


def states_of(name: str, games: int, seed: int) -> list[State[Any]]:
    game_name, options = GAMES[name]
    game = load_game(game_name, options)
    states = []
    for i in range(games):
        state = game.new_state(seed + i)
        rng = Rng(seed + i + 1_000_000)
        states.append(state.clone())
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_action_ids()))
            states.append(state.clone())
    return states


def injectivity(name: str, games: int, seed: int) -> str:
    seen: dict[bytes, str] = {}
    observations: set[str] = set()
    outside = 0
    states = states_of(name, games, seed)
    layout = states[0].game.observation_layout() if states else None
    for state in states:
        for viewer in (None, *range(state.num_players)):
            text = json.dumps(state.observation(viewer), sort_keys=True)
            tensor = state.observation_tensor(viewer)
            observations.add(text)
            seen.setdefault(tensor.tobytes(), text)
            assert layout is not None
            outside += int(((tensor < layout.low) | (tensor > layout.high)).sum())
    size = layout.size if layout else 0
    return (
        f"{name:10} size {size:5}  states {len(states):7}  distinct observations {len(observations):7}  "
        f"distinct tensors {len(seen):7}  entries outside the bounds {outside}"
    )


def cpu_us(fn: Any, states: list[State[Any]], count: int) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for i in range(count):
            state = states[i % len(states)]
            fn(state, i % state.num_players)
        best = min(best, time.process_time() - start)
    return best / count * 1e6


def timing(name: str, count: int, seed: int) -> str:
    states = states_of(name, 3, seed)
    buffer = np.empty(states[0].game.observation_layout().size, dtype=np.float32)
    new = cpu_us(lambda s, p: s.observation_tensor(p), states, count)
    reused = cpu_us(lambda s, p: s.write_observation_tensor(p, buffer), states, count)
    observation = cpu_us(lambda s, p: s.observation(p), states, count)
    return f"{name:10} tensor {new:7.1f} µs   into a buffer {reused:7.1f} µs   observation dict {observation:7.1f} µs"


def env_steps(name: str, steps: int, seed: int) -> str:
    from dwarfhall.interop.gymnasium import DwarfhallEnv

    game_name, options = GAMES[name]
    env = DwarfhallEnv(game_name, **options)
    rng = Rng(seed)
    env.reset(seed=seed)
    start = time.process_time()
    for _ in range(steps):
        legal = np.flatnonzero(env.action_masks())
        _, _, done, truncated, _ = env.step(int(legal[rng.below(len(legal))]))
        if done or truncated:
            env.reset(seed=seed + rng.below(1 << 30))
    rate = steps / (time.process_time() - start)
    return f"{name:10} Gymnasium steps (with the random opponent's moves) {rate:8.0f} /s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="random games per game and player count")
    parser.add_argument("--time", type=int, default=0, help="tensors timed per game (0: no timing)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=list(GAMES), action="append", help="these games only")
    args = parser.parse_args()
    print(f"python {platform.python_version()}, {platform.machine()}")
    for name in args.only or GAMES:
        if args.games:
            print(injectivity(name, args.games, args.seed), flush=True)
        if args.time:
            print(timing(name, args.time, args.seed), flush=True)
            print(env_steps(name, args.time, args.seed), flush=True)


if __name__ == "__main__":
    main()
