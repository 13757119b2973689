"""How a Gymnasium or PettingZoo step divides: the rules (legal ids, apply) against the layer (tensor, mask, wrapper).

    .venv/bin/python bench/interop_split.py --steps 3000 --repeat 3
    DWARFHALL_PURE=1 .venv/bin/python bench/interop_split.py --steps 3000 --games duel

Plays `bench/interop_speed.py`'s loops once per game and layer to record the games (seeds and actions), then
times, in the same process and best of `--repeat`, runs over the same games that each add one part:
- the whole loop through the environment (what interop_speed times);
- the rules alone: each game replayed through `legal_action_ids` and `apply`, as the environment calls them
  (a random opponent's draw from its Rng included);
- the same plus the observation tensor wherever the environment writes one, then plus the action mask there.
The tensor's and the mask's shares are the differences to the rules' run; what is left of the whole loop is the
wrapper (the environment's own step, its info dicts, the opponent's view) and the loop's own draw of an id
(numpy's integers over `info["legal_actions"]`, or over the mask's flatnonzero with `--driver mask`, timed
alone as "driver"). Shares are of the whole loop's CPU time.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

import dwarfhall
from dwarfhall.core import Rng
from dwarfhall.interop.common import TensorEncoder, action_mask
from interop_speed import DRIVERS, gymnasium, pettingzoo

Episode = tuple[int, list[int]]  # the deal's seed, the actions played
Points = Callable[[Any, int], "int | None"]  # (state, seat) -> whose tensor the environment writes now, or None


def record(drive: Callable[..., int], name: str, steps: int, seed: int) -> tuple[Any, list[Episode], float]:
    """Plays `steps` actions as interop_speed.py's loop `drive` does, keeping each episode; returns the game, the
    episodes and the CPU seconds the layer took."""
    episodes: list[Episode] = []
    envs: list[Any] = []

    def keep(env: Any) -> None:
        assert env.state is not None and env.state.seed is not None
        episodes.append((env.state.seed, list(env.state.history)))
        envs[:] = [env]

    cpu = time.process_time()
    drive(name, steps, seed, keep)
    return envs[0].game, episodes, time.process_time() - cpu


def replay(game: Any, episodes: list[Episode], gym: bool, tensor: bool, mask: bool) -> float:
    """CPU seconds to replay the games through the rules, with the tensor and mask where the layer makes them."""
    encode = TensorEncoder(game)
    actions = game.num_distinct_actions()
    rng = Rng(1)
    cpu = time.process_time()
    for seed, history in episodes:
        state = game.new_state(seed)
        for a in history:
            player = state.current_player
            ids = state.legal_action_ids()
            if gym and player != 0:
                rng.choice(ids)  # the random opponent's draw
            elif tensor or mask:
                if tensor:
                    encode(state, player)
                if mask:
                    action_mask(state, actions)
            state.apply(a)
        if tensor:
            encode(state, 0)
    return time.process_time() - cpu


def driver(episodes: list[Episode], game: Any, gym: bool, by_ids: bool) -> float:
    """The loop's own draw (numpy), once per decision the loop makes: from a tuple of legal ids (`info
    ["legal_actions"]`), or from the mask's ids."""
    decisions = 0
    mask = np.zeros(game.num_distinct_actions(), dtype=np.int8)
    mask[:20] = 1
    ids = tuple(range(20))
    rng = np.random.default_rng(1)
    for seed, history in episodes:
        state = game.new_state(seed)
        for a in history:
            decisions += (not gym) or state.current_player == 0
            state.apply(a)
    cpu = time.process_time()
    for _ in range(decisions):
        legal = ids if by_ids else np.flatnonzero(mask)
        int(legal[int(rng.integers(len(legal)))])
    return time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=3000, help="actions per game and layer (whole games)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="+", default=["duel", "alewar", "spring"])
    parser.add_argument("--driver", choices=DRIVERS, default="ids", help="the loop's draw (interop_speed.py)")
    args = parser.parse_args()
    print(f"mode: {dwarfhall.MODE}")
    print("| layer, game | whole loop, µs/action | rules | tensor | mask | wrapper | driver |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name in args.games:
        for layer, drive in (("Gymnasium", gymnasium), ("PettingZoo", pettingzoo)):
            gym = layer == "Gymnasium"
            drive = partial(drive, driver=args.driver)
            record(drive, name, 50, args.seed)  # warm-up
            whole, rules, with_tensor, with_mask, draws = [], [], [], [], []
            for _ in range(args.repeat):
                game, episodes, cpu = record(drive, name, args.steps, args.seed)
                whole.append(cpu)
                rules.append(replay(game, episodes, gym, False, False))
                with_tensor.append(replay(game, episodes, gym, True, False))
                with_mask.append(replay(game, episodes, gym, False, True))
                draws.append(driver(episodes, game, gym, args.driver == "ids"))
            n = sum(len(h) for _, h in episodes)
            w, r = min(whole), min(rules)
            t, m, d = min(with_tensor) - r, min(with_mask) - r, min(draws)
            cells = [f"{x / n * 1e6:.1f} ({100 * x / w:.0f} %)" for x in (r, t, m, w - r - t - m - d, d)]
            print(f"| {layer}, {name} | {w / n * 1e6:.1f} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
