"""The end of the game and its results: who won, returns and scores."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dwarfhall.core.returns import winner_returns

from .phases import DRAW, NO_WINNER, OVER
from .pieces import DWARF_UNITS, OUT

if TYPE_CHECKING:
    from .state import AleWarState


def finish(state: AleWarState, winner: int) -> None:
    """The game ends: DWARVES or GOBLINS won, or DRAW."""
    state.winner = winner
    state.phase = OVER
    state.moved = -1


def returns(state: AleWarState) -> list[float]:
    """+1 for the winning seat and -1 for the other; 0 / 0 for a draw or while the game runs."""
    winner = state.winner
    if winner == NO_WINNER or winner == DRAW:
        return [0.0, 0.0]
    return winner_returns(2, [state.seat_of(winner)])


def scores(state: AleWarState) -> list[float]:
    """The Dwarf seat scores barrels destroyed (0-2), the Goblin seat Dwarves knocked out (0-3)."""
    if state.dwarf_seat < 0:
        return [0.0, 0.0]
    result = [0.0, 0.0]
    result[state.dwarf_seat] = float(state.barrels.count(OUT))
    result[1 - state.dwarf_seat] = float(sum(1 for u in DWARF_UNITS if state.pos[u] == OUT))
    return result

