"""The state: a pile, hidden hands, face-up areas and score counters, and nothing else.

The rules, labels, observation and snapshot live in their modules; `RULES` binds their functions as the
protocol methods. Determinize comes from the zones (kit.py), which re-deal what a player has not seen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dwarfhall.core import TERMINAL, Rng, Rules, State

from . import labels, observation, rules, snapshot

if TYPE_CHECKING:
    from .game import HighDrawGame

RULES = Rules(legal=rules.legal_ids, apply=rules.apply, describe=labels.describe, returns=rules.returns,
              scores=rules.scores, observe=observation.observe, to_json=snapshot.state_body)


class HighDrawState(State["HighDrawGame"], rules=RULES):
    __slots__ = ("areas", "counters", "first", "hands", "pile", "turns")

    def __init__(
        self,
        game: HighDrawGame,
        rng: Rng,
        pile: list[int],
        hands: list[list[int]],
        areas: list[list[int]],
        counters: list[int],
        first: int,
        turns: int,
    ) -> None:
        super().__init__(game, rng)
        self.pile = pile
        self.hands = hands  # each sorted: slot 0 is the lower card
        self.areas = areas
        self.counters = counters
        self.first = first
        self.turns = turns

    @property
    def is_terminal(self) -> bool:
        return rules.is_over(self)

    @property
    def current_player(self) -> int:
        return TERMINAL if self.is_terminal else (self.first + self.turns) % len(self.hands)

    def determinize(self, player: int, rng: Rng) -> HighDrawState:
        """The zones re-deal the cards this player has not seen; once the game is over nothing is hidden."""
        if self.is_terminal:
            return self.clone()  # type: ignore[return-value]
        return super().determinize(player, rng)  # type: ignore[return-value]

    def _clone_body(self) -> HighDrawState:
        return HighDrawState(
            self.game,
            self.rng.clone(),
            list(self.pile),
            [list(h) for h in self.hands],
            [list(a) for a in self.areas],
            list(self.counters),
            self.first,
            self.turns,
        )
