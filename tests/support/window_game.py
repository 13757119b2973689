"""A tiny game with secret numbers, two decisions per turn and a response window for the other player.

Each turn the active player picks a colour, then confirms or withdraws it; after a
confirmation the other player may object (a decision inside someone else's turn).
Two turns each. Every player sees only their own secret number.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dwarfhall.core import TERMINAL, Action, Game, Options, Rng, State, TextView
from dwarfhall.core.info import Chance, GameInfo, Information

RED, BLUE, CONFIRM, WITHDRAW, OBJECT, ALLOW = range(6)
WORDS = ("red", "blue", "confirm", "withdraw", "object", "allow")
TURNS = 4


class WindowView(TextView):
    def render(self, observation: Mapping[str, Any], lang: str, color: bool) -> str:
        secrets = observation["secrets"]
        lines = [f"Secret of Player {p}: {'?' if s is None else f'#{s}#'}" for p, s in enumerate(secrets)]
        return "\n".join([*lines, f"Turn {observation['turn'] + 1}, step {observation['step']}"])


class WindowGame(Game[Options]):
    name = "window"
    info = GameInfo(Information.IMPERFECT, Chance.SAMPLED, 2, 2)
    title = {"en": "Response windows", "de": "Antwortfenster"}

    def num_distinct_actions(self) -> int:
        return len(WORDS)

    def _initial_state(self, rng: Rng) -> WindowState:
        return WindowState(self, rng, [rng.randint(100, 999), rng.randint(100, 999)], 0, "pick")

    def _state_from_json(self, body: Mapping[str, Any], rng: Rng) -> WindowState:
        return WindowState(self, rng, list(body["secrets"]), body["turn"], body["step"])

    def text_view(self) -> TextView:
        return WindowView()


class WindowState(State):
    def __init__(self, game: Game[Any], rng: Rng, secrets: list[int], turn: int, step: str) -> None:
        super().__init__(game, rng)
        self.secrets, self.turn, self.step = secrets, turn, step

    @property
    def is_terminal(self) -> bool:
        return self.turn >= TURNS

    @property
    def current_player(self) -> int:
        if self.is_terminal:
            return TERMINAL
        active = self.turn % 2
        return 1 - active if self.step == "respond" else active

    def _legal_action_ids(self) -> list[int]:
        return {"pick": [RED, BLUE], "confirm": [CONFIRM, WITHDRAW], "respond": [OBJECT, ALLOW]}[self.step]

    def _describe_action(self, action_id: int) -> Action:
        return Action(action_id, {"move": WORDS[action_id]}, {"en": WORDS[action_id]})

    def _apply(self, action_id: int) -> None:
        if self.step == "pick":
            self.step = "confirm"
        elif self.step == "confirm" and action_id == CONFIRM:
            self.step = "respond"
        else:
            self.step, self.turn = "pick", self.turn + 1

    def returns(self) -> list[float]:
        return [0.0, 0.0]

    def observation(self, player: int | None) -> dict[str, Any]:
        secrets = [s if p == player else None for p, s in enumerate(self.secrets)]
        return {"secrets": secrets, "turn": self.turn, "step": self.step}

    def determinize(self, player: int, rng: Rng) -> WindowState:
        secrets = [s if p == player else rng.randint(100, 999) for p, s in enumerate(self.secrets)]
        return WindowState(self.game, rng.spawn(), secrets, self.turn, self.step)

    def _clone_body(self) -> WindowState:
        return WindowState(self.game, self.rng.clone(), list(self.secrets), self.turn, self.step)

    def _to_json_body(self) -> dict[str, Any]:
        return {"secrets": list(self.secrets), "turn": self.turn, "step": self.step}
