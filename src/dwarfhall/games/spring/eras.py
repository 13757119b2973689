"""The start of an era (R5): dwarfs home, dragons rested, Faerie Power reset, spots free, then production."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .phases import ACTIONS
from .table import produce

if TYPE_CHECKING:
    from .state import SpringState


def start_era(state: SpringState) -> None:
    """Dwarfs go home, dragons rest, Faerie Power back to 1, board spots free (R5); then production."""
    comps = state.game_.components
    state.era += 1
    for p in range(state.num_players):
        state.home[p] = comps.pieces["dwarfs"]
        state.dwarfs[p] = []
        state.exhausted[p] = [False] * len(state.nest[p])
        state.faerie_power[p] = 1
        state.spots_used[p] = 0
        produce(state, p)
    state.phase = ACTIONS
    state.round = 1
    state.to_act = state.first
