"""A tiny game for the table's undo rule: each kind of move that may or may not be taken back.

A public marker, a die, a hidden deck dealt in advance and a hand per player (each sees only their own).
The active player may step the marker (nothing hidden, no chance), roll the die (chance), draw the deck's top
card (reveals it to the mover), give the deck's top card to the other player (reveals it to them) or end the
turn (the decision passes). Four turns in all.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dwarfhall.core import TERMINAL, Action, Game, Options, Rng, State, TextView
from dwarfhall.core.info import Chance, GameInfo, Information

STEP, ROLL, DRAW, GIVE, END = range(5)
WORDS = ("step", "roll", "draw", "give", "end")
TURNS = 4


class UndoView(TextView):
    def render(self, observation: Mapping[str, Any], lang: str, color: bool) -> str:
        return f"marker {observation['marker']} die {observation['die']} hands {observation['hands']}"


class UndoGame(Game[Options]):
    name = "takeback"
    info = GameInfo(Information.IMPERFECT, Chance.SAMPLED, 2, 2)
    title = {"en": "Take back", "de": "Zurücknehmen"}

    def num_distinct_actions(self) -> int:
        return len(WORDS)

    def _initial_state(self, rng: Rng) -> UndoState:
        deck = list(range(10))
        rng.shuffle(deck)
        return UndoState(self, rng, 0, 0, 0, deck, [[], []])

    def _state_from_json(self, body: Mapping[str, Any], rng: Rng) -> UndoState:
        return UndoState(self, rng, body["turn"], body["marker"], body["die"], body["deck"], body["hands"])

    def text_view(self) -> TextView:
        return UndoView()


class UndoState(State):
    def __init__(
        self, game: Game[Any], rng: Rng, turn: int, marker: int, die: int, deck: list[int], hands: list[list[int]]
    ) -> None:
        super().__init__(game, rng)
        self.turn, self.marker, self.die = turn, marker, die
        self.deck, self.hands = list(deck), [list(h) for h in hands]

    @property
    def is_terminal(self) -> bool:
        return self.turn >= TURNS

    @property
    def current_player(self) -> int:
        return TERMINAL if self.is_terminal else self.turn % 2

    def _legal_action_ids(self) -> list[int]:
        return [STEP, ROLL, DRAW, GIVE, END] if self.deck else [STEP, ROLL, END]

    def _describe_action(self, action_id: int) -> Action:
        return Action(action_id, {"move": WORDS[action_id]}, {"en": WORDS[action_id], "de": WORDS[action_id]})

    def _apply(self, action_id: int) -> None:
        me = self.current_player
        if action_id == STEP:
            self.marker += 1
        elif action_id == ROLL:
            self.die = self.rng.die()
        elif action_id == DRAW:
            self.hands[me].append(self.deck.pop())
        elif action_id == GIVE:
            self.hands[1 - me].append(self.deck.pop())
        else:
            self.turn += 1

    def returns(self) -> list[float]:
        return [0.0, 0.0]

    def observation(self, player: int | None) -> dict[str, Any]:
        hands = [list(h) if p == player else len(h) for p, h in enumerate(self.hands)]
        return {"marker": self.marker, "die": self.die, "turn": self.turn, "deck": len(self.deck), "hands": hands}

    def determinize(self, player: int, rng: Rng) -> UndoState:
        unseen = self.deck + [c for p, h in enumerate(self.hands) if p != player for c in h]
        rng.shuffle(unseen)
        hands = []
        for p, h in enumerate(self.hands):
            if p == player:
                hands.append(list(h))
            else:
                hands.append(unseen[: len(h)])
                unseen = unseen[len(h) :]
        sample = UndoState(self.game, Rng(rng.next_u64()), self.turn, self.marker, self.die, unseen, hands)
        sample.history = list(self.history)
        return sample

    def _clone_body(self) -> UndoState:
        return UndoState(self.game, self.rng.clone(), self.turn, self.marker, self.die, self.deck, self.hands)

    def _to_json_body(self) -> dict[str, Any]:
        return {"turn": self.turn, "marker": self.marker, "die": self.die, "deck": self.deck, "hands": self.hands}
