"""The text view kit (core/textkit.py): colour, display width, padding, clipping, wrapping, columns."""

from __future__ import annotations

import pytest

from dwarfhall.core.textkit import Palette, clip, columns, pad, strip_ansi, visible_len, wrap_parts, wrap_words

PALETTE = Palette({"title": "bold cyan", "moved": "underline", "side": "bold blue"})


def test_paint_gives_the_standard_ansi_codes_and_nothing_without_colour() -> None:
    assert PALETTE.paint("Duel", "title", True) == "\x1b[1;36mDuel\x1b[0m"
    assert PALETTE.paint("Duel", "title", False) == "Duel"
    assert PALETTE.paint("", "title", True) == ""  # no codes around nothing
    assert PALETTE.paint("x", "unknown", True) == "x"
    assert PALETTE.paint("x", None, True) == "x"


def test_paint_adds_further_styles_into_one_code() -> None:
    assert PALETTE.paint("D3", "side", True, "moved") == "\x1b[1;4;34mD3\x1b[0m"


def test_visible_length_ignores_colour_and_counts_wide_characters_twice() -> None:
    assert visible_len(PALETTE.paint("Axe", "title", True)) == 3
    assert visible_len("王様") == 4  # East Asian wide characters take two cells
    assert visible_len("Andôkai ⚀") == 9
    assert strip_ansi("\x1b[1;36mx\x1b[0m") == "x"


def test_pad_fills_visible_cells_whatever_the_colour_or_width() -> None:
    assert pad(PALETTE.paint("ab", "title", True), 5).endswith("\x1b[0m   ")
    assert pad("王", 4) == "王  "
    assert pad("longer", 3) == "longer"  # never cut


@pytest.mark.parametrize(
    ("text", "width", "expected"),
    [("short", 10, "short"), ("Shieldbearer", 6, "Shiel…"), ("王様王様", 5, "王様…"), ("abc", 1, "…")],
)
def test_clip_cuts_to_the_width_in_cells_with_an_ellipsis(text: str, width: int, expected: str) -> None:
    assert clip(text, width) == expected
    assert visible_len(clip(text, width)) <= max(width, 1)


def test_wrap_parts_keeps_every_line_within_the_width() -> None:
    parts = [PALETTE.paint(f"part{i}", "title", True) for i in range(12)]
    lines = wrap_parts(parts, "  ", " · ", 30, rest="    ")
    assert all(visible_len(line) <= 30 for line in lines)
    assert lines[1].startswith("    ") and strip_ansi(" · ".join(lines)).count("part") == 12


def test_wrap_words_breaks_at_spaces_within_the_width() -> None:
    text = "the quick brown fox jumps over the lazy dog " * 3
    lines = wrap_words(text, "", 20, first="▸ ", rest="  ")
    assert all(visible_len(line) <= 20 for line in lines)
    assert lines[0].startswith("▸ the") and lines[1].startswith("  ")
    assert " ".join(line[2:] for line in lines).split() == text.split()


def test_columns_number_down_each_column_and_fit_the_width() -> None:
    items = [f"{i:>2}) move {i}" for i in range(1, 13)]
    rows = columns(items, 40)
    assert len(rows) == 6 and rows[0].startswith(" 1) move 1") and " 7) move 7" in rows[0]
    assert all(visible_len(r) <= 40 for r in rows)
    assert columns(items[:3], 40) == items[:3]  # short lists stay one per line
