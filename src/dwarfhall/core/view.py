"""What an agent or a front end gets for one player: the observation and the determinizer.

Agents receive a PlayerView, never the State, so they cannot read what their
player may not see.
"""

from __future__ import annotations

from typing import Any

from .actions import Action
from .game import Game, State
from .rng import Rng


class PlayerView:
    __slots__ = ("_observation", "_state", "player")

    def __init__(self, state: State, player: int) -> None:
        self._state = state
        self.player = player
        self._observation: dict[str, Any] | None = None

    @property
    def game(self) -> Game[Any]:
        return self._state.game

    @property
    def num_players(self) -> int:
        return self._state.num_players

    @property
    def current_player(self) -> int:
        return self._state.current_player

    @property
    def is_terminal(self) -> bool:
        return self._state.is_terminal

    @property
    def move_number(self) -> int:
        return len(self._state.history)

    def observation(self) -> dict[str, Any]:
        if self._observation is None:
            self._observation = self._state.observation(self.player)
        return self._observation

    def legal_action_ids(self) -> tuple[int, ...]:
        """The player's own legal moves (empty when it is not their decision)."""
        if self._state.current_player != self.player:
            return ()
        return self._state.legal_action_ids()

    def legal_actions(self) -> list[Action]:
        return [self._state.describe_action(a) for a in self.legal_action_ids()]

    def describe_action(self, action_id: int) -> Action:
        return self._state.describe_action(action_id)

    def determinize(self, rng: Rng) -> State:
        """A full state consistent with this player's observation (hidden parts sampled).

        The sample carries no seed and no start position: either would let an agent replay the real game.
        """
        sample = self._state.determinize(self.player, rng)
        sample.seed = None
        sample.start = None
        return sample
