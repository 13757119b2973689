"""The state: a pile, hidden hands, face-up areas and score counters; what each player may see of them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dwarfhall.core import TERMINAL, Action, Rng, State, winner_returns

from . import rules
from .labels import play_label

if TYPE_CHECKING:
    from .game import HighDrawGame


class HighDrawState(State["HighDrawGame"]):
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
        self.hands = hands
        self.areas = areas
        self.counters = counters
        self.first = first
        self.turns = turns

    @property
    def is_terminal(self) -> bool:
        return rules.is_over(self.turns, len(self.hands))

    @property
    def current_player(self) -> int:
        return TERMINAL if self.is_terminal else (self.first + self.turns) % len(self.hands)

    def _legal_action_ids(self) -> list[int]:
        return rules.legal_slots(self.hands[self.current_player])

    def _describe_action(self, action_id: int) -> Action:
        hand = sorted(self.hands[self.current_player]) if not self.is_terminal else [0, 0]
        return play_label(action_id, hand[min(action_id, len(hand) - 1)])

    def _apply(self, action_id: int) -> None:
        player = self.current_player
        self.counters[player] += rules.play(self.hands[player], self.areas[player], self.pile, action_id)
        self.turns += 1

    def scores_at_end(self) -> list[int]:
        return rules.final_scores(self.counters, self.hands)

    def scores(self) -> list[float]:
        """The score counters, with the bonus once the game is over."""
        return [float(s) for s in (self.scores_at_end() if self.is_terminal else self.counters)]

    def returns(self) -> list[float]:
        if not self.is_terminal:
            return [0.0] * len(self.hands)
        final = self.scores_at_end()
        return winner_returns(len(final), [p for p, s in enumerate(final) if s == max(final)])

    def observation(self, player: int | None) -> dict[str, Any]:
        # hands are hidden until the end, when every hand is shown (the zone's visibility changes)
        shown = self.is_terminal
        hands = [list(h) if (shown or p == player) else None for p, h in enumerate(self.hands)]
        return {
            "hands": hands,
            "hand_sizes": [len(h) for h in self.hands],
            "areas": [list(a) for a in self.areas],
            "scores": list(self.counters),
            "pile": len(self.pile),
            "to_act": self.current_player,
            "final": self.scores_at_end() if shown else None,
        }

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

    def _to_json_body(self) -> dict[str, Any]:
        return {
            "pile": list(self.pile),
            "hands": [list(h) for h in self.hands],
            "areas": [list(a) for a in self.areas],
            "scores": list(self.counters),
            "first": self.first,
            "turns": self.turns,
        }
