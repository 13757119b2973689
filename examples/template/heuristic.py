"""Playing advice: lead with the higher card unless it is the best card still unseen, which earns the bonus."""

from __future__ import annotations

from typing import Any

from dwarfhall.core import Rng, State
from dwarfhall.core.heuristic import Heuristic, terminal_value

from .kit import HIGHER, LOWER
from .state import HighDrawState


class HighDrawHeuristic(Heuristic):
    def evaluate(self, state: State[Any], player: int) -> float:
        assert isinstance(state, HighDrawState)
        if state.is_terminal:
            return terminal_value(state, player)
        scores = state.counters
        lead = scores[player] - max(s for p, s in enumerate(scores) if p != player)
        return max(-1.0, min(1.0, lead / (2 * state.game.components.count)))

    def choose(self, state: State[Any], player: int, rng: Rng) -> int | None:
        assert isinstance(state, HighDrawState)
        hand = state.hands[player]
        if len(hand) < 2:
            return LOWER
        # keep a card that is likely the highest left in hand at the end, since it scores the bonus
        components = state.game.components
        return LOWER if hand[1] + components.bonus >= components.count else HIGHER
