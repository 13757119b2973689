"""A digest of Gymnasium and PettingZoo episodes (observations, masks, rewards, ends), to compare two trees or modes.

    .venv/bin/python bench/interop_digest.py --episodes 3
    DWARFHALL_PURE=1 PYTHONPATH=/path/to/other/src .venv/bin/python bench/interop_digest.py --episodes 3

Plays seeded episodes of every game through both layers (PettingZoo in both observation forms), choosing actions
from the masks with a seeded generator, and prints one BLAKE2b digest per game and layer of every observation's
bytes, every mask, reward, termination, truncation and the info keys. The same lines mean the same episodes.
`info["legal_actions"]` (a tree may not have it) is checked against the mask rather than digested, so trees
before and after it print the same lines for the same episodes.
"""

from __future__ import annotations

import argparse
import hashlib
from typing import Any

import numpy as np

import dwarfhall
from dwarfhall.interop.gymnasium import DwarfhallEnv
from dwarfhall.interop.pettingzoo import raw_env


def _keys(info: dict[str, Any], mask: np.ndarray) -> list[str]:
    """The info's keys but `legal_actions`, which must hold the mask's ids where it is given."""
    if "legal_actions" in info:
        assert sorted(info["legal_actions"]) == np.flatnonzero(mask).tolist(), "legal_actions differ from the mask"
    return sorted(key for key in info if key != "legal_actions")


def _add(h: Any, *items: Any) -> None:
    for item in items:
        if isinstance(item, np.ndarray):
            h.update(str(item.dtype).encode() + item.tobytes())
        else:
            h.update(repr(item).encode())


def gymnasium(name: str, episodes: int) -> str:
    h = hashlib.blake2b(digest_size=16)
    env = DwarfhallEnv(name, opponent="random")
    rng = np.random.default_rng(7)
    for episode in range(episodes):
        observation, info = env.reset(seed=100 + episode)
        _add(h, observation, info["action_mask"], _keys(info, info["action_mask"]))
        done = False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            observation, reward, terminated, truncated, info = env.step(int(legal[int(rng.integers(len(legal)))]))
            _add(h, observation, info["action_mask"], _keys(info, info["action_mask"]), reward, terminated, truncated)
            done = terminated or truncated
    return h.hexdigest()


def pettingzoo(name: str, episodes: int, form: str) -> str:
    h = hashlib.blake2b(digest_size=16)
    env = raw_env(name, observation_form=form)
    rng = np.random.default_rng(7)
    for episode in range(episodes):
        env.reset(seed=100 + episode)
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, info = env.last()
            mask = observation["action_mask"] if form == "dict" else info["action_mask"]
            tensor = observation["observation"] if form == "dict" else observation
            keys = _keys(info, mask)
            _add(h, agent, tensor, mask, reward, terminated, truncated, keys, sorted(env.rewards.items()))
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(mask)
            env.step(int(legal[int(rng.integers(len(legal)))]))
    return h.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3)
    parser.add_argument("--games", nargs="+", default=["duel", "alewar", "spring"])
    args = parser.parse_args()
    print(f"# mode {getattr(dwarfhall, 'MODE', 'pure')}")
    for name in args.games:
        print(name, "gymnasium", gymnasium(name, args.episodes))
        for form in ("dict", "array"):
            print(name, f"pettingzoo-{form}", pettingzoo(name, args.episodes, form))


if __name__ == "__main__":
    main()
