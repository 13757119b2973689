"""Fitting text to the terminal: long plain lines broken at spaces, list items hanging under their text."""

from __future__ import annotations

import re

from .terminal import strip_ansi, visible_len, wrap_words

COMPACT_BELOW = 40  # rows: a shorter terminal gets the compact screen
COMPACT_COLUMNS_FROM = 5  # moves: on a short screen a list this long goes into two columns
MIN_BOARD_ROWS = 8  # rows the board keeps whatever else the screen must show
_ITEM = re.compile(r"(\d+\.|[-*•])\s+")  # the start of a numbered or bulleted list item


def fit(text: str, width: int) -> str:
    """Each long plain line broken at spaces to `width`; a list item's later lines start under its text."""
    lines = []
    for line in text.split("\n"):
        if visible_len(line) <= width or strip_ansi(line) != line or _has_path(line):  # a path stays whole: copyable
            lines.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip(" "))]
        marker = _ITEM.match(line[len(indent) :])
        rest = " " * len(marker.group(0)) if marker else "  "
        lines += wrap_words(line, indent, width, rest=rest) or [line]
    return "\n".join(lines)


def rows(text: str, width: int) -> int:
    """Rows `text` takes on a screen `width` wide once fitted."""
    return fit(text, width).count("\n") + 1


def _has_path(line: str) -> bool:
    return any("/" in word and "." in word for word in line.split())
