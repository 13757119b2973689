"""A tiny three-player game with full information: take 1 or 2 stones, whoever takes the last one wins."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dwarfhall.core import TERMINAL, Action, Game, Options, Rng, State


class StonesGame(Game[Options]):
    name = "stones"
    title = {"en": "Last stone", "de": "Letzter Stein"}
    min_players = max_players = 3

    def num_distinct_actions(self) -> int:
        return 2

    def _initial_state(self, rng: Rng) -> StonesState:
        return StonesState(self, rng, stones=7 + rng.below(5), turn=0)

    def _state_from_json(self, body: Mapping[str, Any], rng: Rng) -> StonesState:
        return StonesState(self, rng, stones=int(body["stones"]), turn=int(body["turn"]))


class StonesState(State):
    def __init__(self, game: Game[Any], rng: Rng, stones: int, turn: int) -> None:
        super().__init__(game, rng)
        self.stones = stones
        self.turn = turn  # player to move; after the last stone, the player who took it

    @property
    def is_terminal(self) -> bool:
        return self.stones == 0

    @property
    def current_player(self) -> int:
        return TERMINAL if self.is_terminal else self.turn

    def _legal_action_ids(self) -> list[int]:
        return [0, 1] if self.stones >= 2 else [0]

    def _describe_action(self, action_id: int) -> Action:
        return Action(action_id, {"take": action_id + 1}, {"en": f"take {action_id + 1}"})

    def _apply(self, action_id: int) -> None:
        self.stones -= action_id + 1
        if self.stones:
            self.turn = (self.turn + 1) % 3

    def returns(self) -> list[float]:
        if not self.is_terminal:
            return [0.0, 0.0, 0.0]
        return [1.0 if p == self.turn else -1.0 for p in range(3)]

    def observation(self, player: int | None) -> dict[str, Any]:
        return {"stones": self.stones, "turn": self.current_player}

    def determinize(self, player: int, rng: Rng) -> StonesState:
        state = StonesState(self.game, rng.spawn(), self.stones, self.turn)
        state.history = list(self.history)
        return state

    def _clone_body(self) -> StonesState:
        return StonesState(self.game, self.rng.clone(), self.stones, self.turn)

    def _to_json_body(self) -> dict[str, Any]:
        return {"stones": self.stones, "turn": self.turn}
