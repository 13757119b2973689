"""The agent interface and spec strings such as `ismcts:time=0.5` or `heuristic`."""

from __future__ import annotations

import importlib
import math
from abc import ABC, abstractmethod
from typing import Any

from dwarfhall.core.errors import DwarfhallError
from dwarfhall.core.game import Game
from dwarfhall.core.view import PlayerView

from .levels import LEVELS, levels_for

# name -> 'module:Class'; every front end and the arena build agents through this table
AGENTS: dict[str, str] = {
    "random": "dwarfhall.agents.random_agent:RandomAgent",
    "heuristic": "dwarfhall.agents.heuristic:HeuristicAgent",
    "ismcts": "dwarfhall.agents.ismcts:ISMCTSAgent",
}


class AgentSpecError(DwarfhallError, ValueError):
    """A spec string that names no agent or gives a bad parameter."""


class Agent(ABC):
    """Chooses an action id for the player of a view; never sees the full state."""

    name: str = "agent"

    def __init__(self, params: dict[str, str], seed: int) -> None:
        self.params = dict(params)
        self.seed = seed

    @property
    def spec(self) -> str:
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in sorted(self.params.items()))

    @abstractmethod
    def choose(self, view: PlayerView) -> int:
        """An id from `view.legal_action_ids()`."""

    def check_game(self, game: Game[Any]) -> None:
        """Called once before play so an agent can report what it needs from the game (e.g. a heuristic)."""
        return None

    def param_float(
        self, key: str, default: float | None, low: float, high: float, positive: bool = False, unit: str = ""
    ) -> float | None:
        """A finite number in [low, high] (in (0, high] when `positive`), or AgentSpecError naming the range."""
        if key not in self.params:
            return default
        raw = self.params[key]
        try:
            value = float(raw)
        except ValueError:
            raise AgentSpecError(f"{self.name}: {key}={raw!r} is not a number") from None
        in_range = (value > 0 if positive else value >= low) and value <= high  # False for nan
        if not in_range or not math.isfinite(value):
            of = f" of {unit}" if unit else ""
            rule = f"a positive number{of}, at most {high:g}" if positive else f"a number{of} from {low:g} to {high:g}"
            raise AgentSpecError(f"{self.name}: {key} must be {rule}, got {raw}")
        return value

    def param_int(self, key: str, default: int | None, low: int, high: int) -> int | None:
        """A whole number in [low, high], or AgentSpecError naming the range."""
        if key not in self.params:
            return default
        raw = self.params[key]
        try:
            value = int(raw)
        except ValueError:
            raise AgentSpecError(f"{self.name}: {key}={raw!r} is not a whole number") from None
        if not low <= value <= high:
            least = "0 or more" if low == 0 else f"at least {low}"
            raise AgentSpecError(f"{self.name}: {key} must be {least} and at most {high}, got {value}")
        return value

    def check_params(self, allowed: set[str]) -> None:
        unknown = sorted(set(self.params) - allowed)
        if unknown:
            raise AgentSpecError(
                f"{self.name}: unknown parameter(s) {', '.join(unknown)}; "
                f"allowed: {', '.join(sorted(allowed)) or 'none'}"
            )

    def __repr__(self) -> str:
        return f"<{self.spec}>"


def parse_spec(spec: str, game: str | None = None) -> tuple[str, dict[str, str]]:
    """'ismcts:time=0.5,c=0.7' -> ('ismcts', {'time': '0.5', 'c': '0.7'}); a level name ('hard') gives the spec's
    it plays in `game` (a registry id; the level's default spec for None)."""
    name, _, rest = spec.strip().partition(":")
    if name in LEVELS:
        level = levels_for(game)[name]
        if rest.strip():
            raise AgentSpecError(
                f"agent spec {spec!r}: the level {name!r} takes no parameters; "
                f"give an agent spec instead, e.g. {level.spec}"
            )
        return parse_spec(level.spec)
    params: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise AgentSpecError(f"agent spec {spec!r}: {part!r} should look like name=value")
        params[key.strip()] = value.strip()
    if name not in AGENTS:
        raise AgentSpecError(
            f"unknown agent {name!r} in {spec!r}; known agents: {', '.join(sorted(AGENTS))}; "
            f"levels: {', '.join(LEVELS)}"
        )
    return name, params


def agent_names() -> list[str]:
    return sorted(AGENTS)


def make_agent(spec: str, seed: int = 0, game: str | None = None) -> Agent:
    """The agent a spec string (or a level name as `game` plays it, see levels.py) names, seeded so that its
    choices repeat; its parameters are checked here."""
    name, params = parse_spec(spec, game)
    module_name, _, class_name = AGENTS[name].partition(":")
    cls: type[Agent] = getattr(importlib.import_module(module_name), class_name)
    return cls(params, seed)


def check_spec(spec: str, game: Game[Any] | None = None) -> str:
    """The one check of a spec every front end makes before a game starts: the agent's name, each parameter
    and its range, and (given a game) whether the agent can play it. Returns the spec; raises AgentSpecError."""
    agent = make_agent(spec, 0, getattr(game, "name", None))
    if game is not None:
        agent.check_game(game)
    return spec.strip()
