"""The terminal's score sheet at the end: a table of each player's points by source and the deciding rule."""

from __future__ import annotations

from collections.abc import Callable

from dwarfhall.core.messages import msg
from dwarfhall.core.scoresheet import ScoreRow, ScoreSheet
from dwarfhall.core.textkit import clip, pad, wrap_words

from .texts import number

LABEL_WIDTH = 34
COLUMN_WIDTH = 11


def sheet_lines(sheet: ScoreSheet, who: Callable[[int], str], lang: str, width: int = 80) -> list[str]:
    """The sheet as lines no wider than `width`: a column per player, the rows, the total, the tie-break facts and
    the rule that decided."""
    players = len(sheet.totals)

    def line(label: str, cells: list[str]) -> str:
        return pad(clip(label, LABEL_WIDTH - 1), LABEL_WIDTH) + "".join(
            pad(clip(cell, COLUMN_WIDTH - 1), COLUMN_WIDTH) for cell in cells
        )

    def row(r: ScoreRow) -> str:
        return line(sheet.text(r.source, lang), [number(v) for v in r.points])

    out = [sheet.text("score_sheet", lang), line("", [who(p) for p in range(players)])]
    out += [row(r) for r in sheet.rows]
    out.append(line(sheet.text("score_total", lang), [number(v) for v in sheet.totals]))
    out += [row(r) for r in sheet.facts]
    out += wrap_words(sheet.text(msg("score_decided", rule=sheet.text(sheet.decided, lang)), lang), "", width)
    return [text.rstrip() for text in out]
