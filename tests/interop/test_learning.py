"""The learning example (examples/learning_alewar.py) in its short form: it runs, and its gradient is right."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "learning_alewar.py"


def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("learning_alewar", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_the_policy_gradient_matches_finite_differences() -> None:
    learning = example()
    rng = np.random.default_rng(0)
    policy = learning.Policy.new(5, 4, 3, rng)
    policy.w2 += rng.normal(0, 0.5, policy.w2.shape)  # away from the near-uniform start
    xs = rng.random((6, 5))
    masks = np.array([[1, 1, 0, 1]] * 6)
    actions = np.array([0, 1, 3, 0, 3, 1])
    weights = rng.normal(size=6)

    def objective() -> float:
        probs, _ = policy.probabilities(xs, masks)
        return float(np.sum(weights * np.log(probs[np.arange(6), actions])))

    grads = policy.gradients(xs, masks, actions, weights)
    for param, grad in zip(policy.params(), grads, strict=True):
        index = np.unravel_index(np.argmax(np.abs(grad)), grad.shape)
        old = param[index]
        param[index] = old + 1e-5
        up = objective()
        param[index] = old - 1e-5
        down = objective()
        param[index] = old
        assert abs((up - down) / 2e-5 - grad[index]) < 1e-4


def test_the_policy_never_gives_an_illegal_action_weight() -> None:
    learning = example()
    policy = learning.Policy.new(4, 5, 3, np.random.default_rng(1))
    probs, _ = policy.probabilities(np.ones((1, 4)), np.array([[0, 1, 0, 0, 1]]))
    assert probs[0, [0, 2, 3]].sum() == 0.0 and abs(probs.sum() - 1.0) < 1e-12


def test_a_short_training_run_gives_a_curve() -> None:
    """The CI form: two batches of two episodes, evaluated on two games each time (seconds)."""
    learning = example()
    policy, curve = learning.train(4, seed=3, batch=2, eval_every=1, eval_games=2)
    assert [p["episodes"] for p in curve] == [0, 2, 4]
    assert all(abs(p["won"] + p["drawn"] + p["lost"] - 1.0) < 1e-9 for p in curve)
    assert curve[-1]["steps"] > curve[1]["steps"] > 0
    assert all(np.isfinite(p).all() for p in policy.params())
