"""Steps per second of uniformly random play through each interop layer, against the core itself.

    .venv/bin/python bench/interop_speed.py --steps 20000 --seed 1
    .venv/bin/python bench/interop_speed.py --steps 2000 --games duel      # briefly, one game

Every layer plays masked random actions for about `--steps` actions per game (whole games, a new deal when
one ends). Rows: the core protocol (`legal_action_ids`, `apply`); OpenSpiel (`legal_actions`,
`apply_action`), then the same asking the observation tensor and then the information-state string of the
player to act at every step (what a learner pays); PettingZoo's AEC loop (`last`, `step`, the dict
observation with its mask); Gymnasium's `step` (the learner's actions only; the random opponent's moves are
inside each step and counted too).

The PettingZoo and Gymnasium loops draw a uniformly random legal id with numpy's generator from what the
environment gives: the tuple `info["legal_actions"]` where the environment has it (`--driver ids`, the default),
else the ids of the mask (`np.flatnonzero`, `--driver mask`, what a loop on a tree without `legal_actions` does).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from dwarfhall.core import load_game
from dwarfhall.interop import openspiel as spiel
from dwarfhall.interop.common import interop_options
from dwarfhall.interop.gymnasium import DwarfhallEnv
from dwarfhall.interop.pettingzoo import raw_env


def core(name: str, steps: int, seed: int) -> int:
    game = load_game(name, interop_options(name))
    rng = np.random.default_rng(seed)
    done = 0
    while done < steps:
        state = game.new_state(int(rng.integers(2**62)))
        while not state.is_terminal:
            legal = state.legal_action_ids()
            state.apply(legal[int(rng.integers(len(legal)))])
            done += 1
    return done


def openspiel(name: str, steps: int, seed: int, ask: str = "") -> int:
    game = spiel.load_game(name, rng_seed=seed)
    rng = np.random.default_rng(seed)
    done = 0
    while done < steps:
        state = game.new_initial_state()
        while not state.is_terminal():
            if ask == "tensor":
                state.observation_tensor(state.current_player())
            elif ask == "infostate":
                state.information_state_string(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            done += 1
    return done


DRIVERS = ("ids", "mask")
"""How the loops find the legal ids: `info["legal_actions"]` where the environment has it, or the mask's."""


def pettingzoo(
    name: str, steps: int, seed: int, on_episode: Callable[[Any], None] | None = None, driver: str = "ids"
) -> int:
    """Random legal moves for every seat; `on_episode(env)` sees each finished episode (interop_split.py keeps them)."""
    env = raw_env(name)
    rng = np.random.default_rng(seed)
    done = 0
    episode = 0
    while done < steps:
        env.reset(seed=seed + episode)
        episode += 1
        ids = driver == "ids" and "legal_actions" in env.infos[env.agent_selection]  # a tree from before: the mask
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = info["legal_actions"] if ids else np.flatnonzero(observation["action_mask"])
            env.step(int(legal[int(rng.integers(len(legal)))]))
            done += 1
        if on_episode is not None:
            on_episode(env)
    return done


def gymnasium(
    name: str, steps: int, seed: int, on_episode: Callable[[Any], None] | None = None, driver: str = "ids"
) -> int:
    """Random legal moves against the random opponent; `on_episode(env)` sees each finished episode."""
    env = DwarfhallEnv(name, opponent="random")
    rng = np.random.default_rng(seed)
    done = 0
    episode = 0
    while done < steps:
        _, info = env.reset(seed=seed + episode)
        episode += 1
        ids = driver == "ids" and "legal_actions" in info  # a tree from before: the mask
        finished = False
        while not finished:
            legal = info["legal_actions"] if ids else np.flatnonzero(info["action_mask"])
            _, _, terminated, truncated, info = env.step(int(legal[int(rng.integers(len(legal)))]))
            finished = terminated or truncated
        assert env.state is not None
        done += len(env.state.history)  # every action of the episode, the opponent's too
        if on_episode is not None:
            on_episode(env)
    return done


LAYERS: dict[str, Callable[[str, int, int], int]] = {
    "core protocol": core,
    "OpenSpiel": openspiel,
    "OpenSpiel + observation tensor": lambda n, s, seed: openspiel(n, s, seed, "tensor"),
    "OpenSpiel + information-state string": lambda n, s, seed: openspiel(n, s, seed, "infostate"),
    "PettingZoo AEC (dict observation)": pettingzoo,
    "Gymnasium (random opponent)": gymnasium,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20000, help="actions per game and layer (whole games)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="+", default=["duel", "alewar", "spring"])
    args = parser.parse_args()
    print("| layer | " + " | ".join(args.games) + " |")
    print("| --- |" + " --- |" * len(args.games))
    for label, run in LAYERS.items():
        cells = []
        for name in args.games:
            start = time.perf_counter()
            done = run(name, args.steps, args.seed)
            cells.append(f"{done / (time.perf_counter() - start):,.0f}")
        print(f"| {label} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
