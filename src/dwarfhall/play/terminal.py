"""The terminal front end's drawing helpers: the core's text view kit, which games draw with too."""

from __future__ import annotations

from dwarfhall.core.textkit import (
    Palette,
    cell_len,
    clip,
    columns,
    pad,
    strip_ansi,
    visible_len,
    wrap_parts,
    wrap_words,
)

__all__ = ["Palette", "cell_len", "clip", "columns", "pad", "strip_ansi", "visible_len", "wrap_parts", "wrap_words"]
