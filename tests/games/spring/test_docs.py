"""The rules page stays in step with the data and lists every reading of the design."""

from __future__ import annotations

import re
from pathlib import Path

from dwarfhall.games.spring.components import load_components
from dwarfhall.games.spring.kit import SPACE
from dwarfhall.games.spring.sourcetable import action_table, markdown

PAGE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "spring.md"


def test_source_table_in_the_rules_page_matches_the_data() -> None:
    """docs/rules/spring.md: the table of reconstructed values is the one made from the data files."""
    text = PAGE.read_text(encoding="utf-8")
    begin, end = "<!-- source table: begin -->\n", "<!-- source table: end -->"
    assert text[text.index(begin) + len(begin) : text.index(end)] == markdown(load_components())


def test_every_reading_is_listed_once_in_order() -> None:
    """issue: every reading R1-R40 of spring.md §11, by number, and the new ones after them."""
    numbers = [int(n) for n in re.findall(r"^\| R(\d+) \|", PAGE.read_text(encoding="utf-8"), re.MULTILINE)]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 40


def test_action_table_in_the_rules_page_matches_the_action_space() -> None:
    text = PAGE.read_text(encoding="utf-8")
    begin, end = "<!-- action table: begin -->\n", "<!-- action table: end -->"
    assert text[text.index(begin) + len(begin) : text.index(end)] == action_table()
    assert f"`num_distinct_actions()` is {SPACE.size}." in text
