"""A finished game's score sheet: each player's points by source and the rule that decided the winner.

A game builds it from its scoring module (`State.score_sheet()`); the rows' points sum to `State.scores()`.
Texts are message keys: the game's catalog names its sources, tie-break facts and deciding rules, so the page and
the terminal read the sheet in any language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .messages import Catalog, Message, msg
from .texts import core_catalog


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """Points from one source, per player; `source` is a message key of the sheet's catalog."""

    source: str
    points: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """Points by source (`rows`, summing to the game's scores), the tie-break values the rule read (`facts`, not
    points), the winners and the rule that decided (`decided`: a message naming it, with its fields)."""

    rows: tuple[ScoreRow, ...]
    winners: tuple[int, ...]
    decided: Message
    catalog: Catalog
    facts: tuple[ScoreRow, ...] = ()

    @property
    def totals(self) -> list[float]:
        """Each player's sum over the rows: the game's `scores()`."""
        players = len(self.rows[0].points) if self.rows else 0
        return [sum(row.points[p] for row in self.rows) for p in range(players)]

    def text(self, key: str | Message, lang: str) -> str:
        """A text of the sheet: the game's catalog first, then the core's."""
        message = key if isinstance(key, Message) else msg(key)
        catalog = self.catalog if message.key in self.catalog else core_catalog()
        return catalog.render(message, lang)

    def to_json(self, lang: str) -> dict[str, Any]:
        """The sheet as the page receives it: rows and facts with their texts, totals, winners and the rule."""

        def rows(items: Sequence[ScoreRow]) -> list[dict[str, Any]]:
            return [{"source": r.source, "label": self.text(r.source, lang), "points": list(r.points)} for r in items]

        return {
            "rows": rows(self.rows),
            "facts": rows(self.facts),
            "totals": self.totals,
            "winners": list(self.winners),
            "rule": self.decided.key,
            "decided": self.text(self.decided, lang),
        }


def by_points(
    rows: Sequence[ScoreRow],
    catalog: Catalog,
    tie_breaks: Sequence[tuple[ScoreRow, str]] = (),
    draw: bool = False,
) -> ScoreSheet:
    """The common rule: most points win; on a tie, each tie-break in turn (a fact and the message key naming it:
    more is better); when all are still tied, a shared win, or a draw with no winner when `draw`."""
    players = len(rows[0].points)
    totals = [sum(row.points[p] for row in rows) for p in range(players)]
    best = max(totals)
    alive = [p for p in range(players) if totals[p] == best]
    decided = msg("decided_most_points")
    for fact, rule in tie_breaks:
        if len(alive) == 1:
            break
        top = max(fact.points[p] for p in alive)
        alive = [p for p in alive if fact.points[p] == top]
        decided = msg(rule)
    if len(alive) > 1:
        decided = msg("decided_draw" if draw else "decided_shared")
        if draw:
            alive = []
    return ScoreSheet(tuple(rows), tuple(alive), decided, catalog, tuple(fact for fact, _ in tie_breaks))
