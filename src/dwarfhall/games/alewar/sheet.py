"""The score sheet at the end: what each side achieved of its aim and what decided the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dwarfhall.core.messages import msg
from dwarfhall.core.scoresheet import ScoreRow, ScoreSheet

from .end import scores
from .labels import MESSAGES
from .phases import DRAW, OVER
from .pieces import DWARVES

if TYPE_CHECKING:
    from .state import AleWarState


def score_sheet(state: AleWarState) -> ScoreSheet | None:
    """Barrels destroyed by the Dwarves and Dwarves knocked out by the Goblins; the side that completed its aim
    won, or the turn limit made the game a draw."""
    if state.phase != OVER or state.dwarf_seat < 0:
        return None
    dwarves, goblins = state.dwarf_seat, 1 - state.dwarf_seat
    points = scores(state)
    barrels = [0.0, 0.0]
    barrels[dwarves] = points[dwarves]
    knocked = [0.0, 0.0]
    knocked[goblins] = points[goblins]
    rows = (
        ScoreRow("score_barrels", (barrels[0], barrels[1])),
        ScoreRow("score_dwarves_out", (knocked[0], knocked[1])),
    )
    if state.winner == DRAW:
        return ScoreSheet(rows, (), msg("decided_turn_limit", turns=state.turn), MESSAGES)
    rule = "decided_barrels" if state.winner == DWARVES else "decided_dwarves_out"
    return ScoreSheet(rows, (state.seat_of(state.winner),), msg(rule), MESSAGES)
