"""The text view kit: drawing helpers for the terminal front end and every game's text view — colour, display
width, padding, clipping, wrapping and columns. Widths count terminal cells (rich's table), so wide characters and ANSI
colour codes line up.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from rich.cells import cell_len, set_cell_size
from rich.color import ColorSystem
from rich.style import Style

_ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Palette:
    """Named styles, each a rich style string such as "bold cyan", painted as ANSI codes when colour is on."""

    def __init__(self, styles: Mapping[str, str]) -> None:
        self.styles = {name: Style.parse(spec) for name, spec in styles.items()}

    def paint(self, text: str, name: str | None, color: bool, *more: str) -> str:
        """`text` in the style `name` (plus the styles `more`); unchanged when colour is off, the text empty or
        the name unknown."""
        style = self.styles.get(name) if name else None
        if not color or not text or style is None:
            return text
        for extra in more:
            style += self.styles[extra]
        # the 16 standard colours: what every terminal (and tmux) shows alike
        return style.render(text, color_system=ColorSystem.STANDARD)

    def __contains__(self, name: object) -> bool:
        return name in self.styles


def strip_ansi(text: str) -> str:
    return _ANSI.sub("", text)


def visible_len(text: str) -> int:
    """Terminal cells `text` takes: ANSI codes take none, wide characters two."""
    return cell_len(strip_ansi(text))


def pad(text: str, width: int) -> str:
    """Left-aligned to `width` visible cells (ANSI codes take none)."""
    return text + " " * max(0, width - visible_len(text))


def clip(text: str, width: int) -> str:
    """Plain text cut to `width` cells, with an ellipsis when cut."""
    if cell_len(text) <= width:
        return text
    return set_cell_size(text, max(0, width - 1)) + "…"


def wrap_parts(parts: Iterable[str], indent: str, sep: str, width: int, rest: str | None = None) -> list[str]:
    """Parts joined by `sep`, broken into lines of at most `width` visible cells (later lines indented `rest`)."""
    lines: list[str] = []
    line = ""
    for part in parts:
        if not line:
            line = indent + part
        elif visible_len(line + sep + part) <= width:
            line += sep + part
        else:
            lines.append(line)
            line = (indent if rest is None else rest) + part
    if line:
        lines.append(line)
    return lines


def wrap_words(text: str, indent: str, width: int, first: str = "", rest: str = "") -> list[str]:
    """Plain text broken at spaces into lines of at most `width` cells (a longer word keeps its own line)."""
    lines: list[str] = []
    line = indent + first
    start = cell_len(line)
    for word in text.split():
        if cell_len(line) > start and cell_len(line) + 1 + cell_len(word) > width:
            lines.append(line)
            line = indent + rest
            start = cell_len(line)
        line = line + word if cell_len(line) == start else f"{line} {word}"
    if cell_len(line) > start:
        lines.append(line)
    return lines


def columns(items: list[str], width: int, min_items: int = 10) -> list[str]:
    """Long lists in columns (numbered down each column) so the board stays on the screen."""
    if len(items) < min_items:
        return items
    cell = max(visible_len(i) for i in items) + 3
    ncols = max(1, width // cell)
    nrows = -(-len(items) // ncols)
    rows = []
    for r in range(nrows):
        row = [items[c * nrows + r] for c in range(ncols) if c * nrows + r < len(items)]
        rows.append("".join(pad(i, cell) for i in row).rstrip())
    return rows


__all__ = ["Palette", "cell_len", "clip", "columns", "pad", "strip_ansi", "visible_len", "wrap_parts", "wrap_words"]
