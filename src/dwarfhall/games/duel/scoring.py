"""The end of the game: victory points, the winner and the returns."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dwarfhall.core.returns import winner_returns
from dwarfhall.core.scoresheet import ScoreRow, ScoreSheet, by_points

from .labels import catalog

if TYPE_CHECKING:
    from .state import DuelState


def vp(s: DuelState, player: int) -> int:
    """Victory points of the cards in `player`'s display."""
    points = s.tables.vp
    total = 0
    for k in s.disp[player]:  # a loop, not sum() over a generator: the search scores every leaf
        total += points[k]
    return total


def winner(s: DuelState) -> int:
    """The winning seat once over: more victory points, on a tie whoever still has a draw pile; -1 = draw."""
    a, b = vp(s, 0), vp(s, 1)
    if a != b:
        return 0 if a > b else 1
    left = [bool(s.pile[0]), bool(s.pile[1])]
    if left[0] != left[1]:
        return 0 if left[0] else 1
    return -1


def returns(s: DuelState) -> list[float]:
    """+1 / -1 for a win, 0 / 0 for a draw or an unfinished game (the core's convention)."""
    if not s.is_terminal:
        return [0.0, 0.0]
    w = winner(s)
    return winner_returns(2, [w] if w >= 0 else [])


def scores(s: DuelState) -> list[float]:
    return [float(vp(s, 0)), float(vp(s, 1))]


def score_sheet(s: DuelState) -> ScoreSheet | None:
    """The victory points of each display, and the tie-break: a player who still has a draw pile wins (R37)."""
    if not s.is_terminal:
        return None
    points = ScoreRow("score_victory_cards", (float(vp(s, 0)), float(vp(s, 1))))
    piles = ScoreRow("fact_pile_left", (float(len(s.pile[0])), float(len(s.pile[1]))))
    has_pile = ScoreRow("fact_pile_left", (float(bool(s.pile[0])), float(bool(s.pile[1]))))
    sheet = by_points([points], catalog(), [(has_pile, "decided_pile_left")], draw=True)
    return ScoreSheet(sheet.rows, sheet.winners, sheet.decided, sheet.catalog, (piles,))
