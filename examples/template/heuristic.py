"""Playing advice: lead with the higher card unless it is the best card still unseen, which earns the bonus."""

from __future__ import annotations

from typing import Any

from dwarfhall.core import Rng, State
from dwarfhall.core.heuristic import Heuristic, terminal_value

from .components import BONUS, DECK
from .rules import HIGHER, LOWER


class HighDrawHeuristic(Heuristic):
    def evaluate(self, state: State[Any], player: int) -> float:
        if state.is_terminal:
            return terminal_value(state, player)
        scores = state.counters  # type: ignore[attr-defined]
        lead = scores[player] - max(s for p, s in enumerate(scores) if p != player)
        return max(-1.0, min(1.0, lead / (2 * max(DECK))))

    def choose(self, state: State[Any], player: int, rng: Rng) -> int | None:
        hand = sorted(state.hands[player])  # type: ignore[attr-defined]
        if len(hand) < 2:
            return LOWER
        # keep a card that is likely the highest left in hand at the end, since it scores the bonus
        return LOWER if hand[1] + BONUS >= max(DECK) else HIGHER
