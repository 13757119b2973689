"""A game's own playing advice, used by the heuristic agent and by ISMCTS evaluation cut-offs.

A game returns an instance from `Game.heuristic()`. Agents only ever pass it
determinized states (`PlayerView.determinize`), so advice can read the whole
state without leaking what the player may not see.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from .game import State
from .rng import Rng


class Heuristic(ABC):
    """Rule-of-thumb knowledge about one game."""

    @abstractmethod
    def evaluate(self, state: State[Any], player: int) -> float:
        """How good `state` is for `player`, in [-1, 1] (1 = sure win, -1 = sure loss)."""

    def evaluate_all(self, state: State[Any]) -> list[float]:
        """`evaluate` for every player in turn; a game overrides it when the players' values share their work."""
        return [self.evaluate(state, p) for p in range(state.num_players)]

    def choose(self, state: State[Any], player: int, rng: Rng) -> int | None:
        """A legal action id that a rule of thumb recommends for `player`, or None for no advice."""
        return None

    def book_move(self, state: State[Any], player: int, rng: Rng) -> int | None:
        """A move the game's book plays for `player` without a search (a set-up worked out in advance), or None.

        Only a search asked for its book (`ismcts:book=on`) plays it, and only for its own decisions."""
        return None


def terminal_value(state: State[Any], player: int) -> float:
    """The result of a finished game for `player`, clipped to [-1, 1] like `Heuristic.evaluate`."""
    value = state.returns()[player]
    return max(-1.0, min(1.0, value))
