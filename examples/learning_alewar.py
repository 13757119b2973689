"""A policy that learns Ale War against the random agent: masked REINFORCE on a small network, numpy only.

    python examples/learning_alewar.py --episodes 3000 --plot learning_alewar.png

The learner plays seat 0 of the Gymnasium environment (`dwarfhall/alewar-v0`, Ale War's complete board
tensor) against `random`; the side (Dwarves or Goblins) follows the game's own roll-off. Every few batches
it plays evaluation games with its sampled policy and prints the share won, drawn and lost; the learning
curve is plotted when matplotlib is there. docs/interop.md ("A learning example") gives the measured run.

The method: a one-hidden-layer network scores the 530 action ids; illegal ids are masked out of the
softmax; after each batch of episodes the log-probability of every action taken is pushed up or down by
its discounted end-of-game return less the batch's mean return (REINFORCE with a baseline), with Adam.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from dwarfhall.interop.gymnasium import DwarfhallEnv


def features(observation: np.ndarray) -> np.ndarray:
    """The tensor squashed into 0..1 (counts of squares become n / (1 + n))."""
    return observation / (1.0 + observation)


@dataclass
class Policy:
    """tanh hidden layer, then one score per action id; the softmax runs over legal ids only."""

    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray

    @classmethod
    def new(cls, inputs: int, actions: int, hidden: int, rng: np.random.Generator) -> Policy:
        return cls(
            rng.normal(0.0, 1.0 / np.sqrt(inputs), (inputs, hidden)),
            np.zeros(hidden),
            rng.normal(0.0, 0.01, (hidden, actions)),
            np.zeros(actions),
        )

    def params(self) -> list[np.ndarray]:
        return [self.w1, self.b1, self.w2, self.b2]

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        hidden = np.tanh(x @ self.w1 + self.b1)
        scores = hidden @ self.w2 + self.b2
        scores = np.where(mask > 0, scores, -np.inf)
        scores -= scores.max(axis=-1, keepdims=True)
        weights = np.exp(scores)
        return weights / weights.sum(axis=-1, keepdims=True), hidden

    def gradients(
        self, xs: np.ndarray, masks: np.ndarray, actions: np.ndarray, weights: np.ndarray
    ) -> list[np.ndarray]:
        """d/dparams of sum_t weights[t] * log pi(actions[t] | xs[t])."""
        probs, hidden = self.probabilities(xs, masks)
        d_scores = -probs
        d_scores[np.arange(len(actions)), actions] += 1.0
        d_scores *= weights[:, None]
        d_hidden = (d_scores @ self.w2.T) * (1.0 - hidden**2)
        return [xs.T @ d_hidden, d_hidden.sum(0), hidden.T @ d_scores, d_scores.sum(0)]


@dataclass
class Adam:
    rate: float
    moments: list[tuple[np.ndarray, np.ndarray]] = field(default_factory=list)
    steps: int = 0

    def ascend(self, params: list[np.ndarray], grads: list[np.ndarray]) -> None:
        if not self.moments:
            self.moments = [(np.zeros_like(p), np.zeros_like(p)) for p in params]
        self.steps += 1
        for i, (p, g) in enumerate(zip(params, grads, strict=True)):
            m, v = self.moments[i]
            m[:] = 0.9 * m + 0.1 * g
            v[:] = 0.999 * v + 0.001 * g * g
            m_hat = m / (1 - 0.9**self.steps)
            v_hat = v / (1 - 0.999**self.steps)
            p += self.rate * m_hat / (np.sqrt(v_hat) + 1e-8)


def play(env: DwarfhallEnv, policy: Policy | None, rng: np.random.Generator, seed: int) -> tuple[list[Any], float]:
    """One episode; `policy` None plays uniformly at random. Returns the (x, mask, action) steps and the reward."""
    observation, info = env.reset(seed=seed)
    steps: list[Any] = []
    reward = 0.0
    done = False
    while not done:
        mask = info["action_mask"]
        if policy is None:
            action = int(rng.choice(np.flatnonzero(mask)))
        else:
            x = features(observation)
            probs, _ = policy.probabilities(x[None, :], mask[None, :])
            action = int(rng.choice(len(mask), p=probs[0]))
            steps.append((x, mask, action))
        observation, r, terminated, truncated, info = env.step(action)
        reward = float(r)
        done = terminated or truncated
    return steps, reward


def evaluate(env: DwarfhallEnv, policy: Policy | None, games: int, seed: int) -> dict[str, float]:
    """Share of games won, drawn and lost against the opponent, and the mean return."""
    rng = np.random.default_rng(seed)
    rewards = np.array([play(env, policy, rng, seed * 100_003 + g)[1] for g in range(games)])
    return {
        "won": float(np.mean(rewards > 0)),
        "drawn": float(np.mean(rewards == 0)),
        "lost": float(np.mean(rewards < 0)),
        "mean_return": float(rewards.mean()),
    }


def train(
    episodes: int,
    *,
    seed: int = 0,
    batch: int = 16,
    hidden: int = 64,
    rate: float = 3e-3,
    discount: float = 0.99,
    eval_every: int = 10,
    eval_games: int = 40,
    opponent: str = "random",
) -> tuple[Policy, list[dict[str, float]]]:
    """Trains for `episodes` episodes; the curve has one evaluation every `eval_every` batches (and at 0)."""
    env = DwarfhallEnv("alewar", opponent=opponent, seat=0)
    rng = np.random.default_rng(seed)
    policy = Policy.new(env.observation_space.shape[0], int(env.action_space.n), hidden, rng)
    adam = Adam(rate)
    curve = [{"episodes": 0, "steps": 0, **evaluate(env, policy, eval_games, seed + 1)}]
    print(json.dumps(curve[0]), flush=True)
    steps_done = 0
    for number in range(episodes // batch):
        xs, masks, actions, returns, finals = [], [], [], [], []
        for e in range(batch):
            steps, reward = play(env, policy, rng, seed * 1_000_003 + number * batch + e)
            finals.append(reward)
            for t, (x, mask, action) in enumerate(steps):
                xs.append(x)
                masks.append(mask)
                actions.append(action)
                returns.append(reward * discount ** (len(steps) - 1 - t))
            steps_done += len(steps)
        advantage = np.array(returns) - np.mean(finals)
        grads = policy.gradients(np.array(xs), np.array(masks), np.array(actions), advantage / len(xs))
        adam.ascend(policy.params(), grads)
        if (number + 1) % eval_every == 0 or number + 1 == episodes // batch:
            point = {"episodes": (number + 1) * batch, "steps": steps_done}
            point.update(evaluate(env, policy, eval_games, seed + 2 + number))
            curve.append(point)
            print(json.dumps(point), flush=True)
    return policy, curve


def plot(curve: list[dict[str, float]], baseline: dict[str, float], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x = [p["episodes"] for p in curve]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(x, [p["won"] for p in curve], label="learner won")
    ax.plot(x, [p["lost"] for p in curve], label="learner lost")
    ax.axhline(baseline["won"], linestyle="--", color="grey", label="random won (same games)")
    ax.set_xlabel("training episodes")
    ax.set_ylabel("share of evaluation games")
    ax.set_title("Ale War, seat 0 against the random agent")
    ax.set_ylim(0, 1)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--plot", type=Path, default=None, help="where to write the learning curve (PNG)")
    args = parser.parse_args()
    start = time.perf_counter()
    env = DwarfhallEnv("alewar", opponent="random", seat=0)
    baseline = evaluate(env, None, args.eval_games * 4, seed=12345)
    print(json.dumps({"random_against_random": baseline}), flush=True)
    policy, curve = train(args.episodes, seed=args.seed, eval_games=args.eval_games)
    final = evaluate(env, policy, args.eval_games * 4, seed=12345)
    seconds = time.perf_counter() - start
    print(json.dumps({"final": final, "random_against_random": baseline, "seconds": round(seconds)}), flush=True)
    if args.plot is not None:
        plot(curve, baseline, args.plot)


if __name__ == "__main__":
    main()
