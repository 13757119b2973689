"""The rules page stays in sync with the card data."""

from __future__ import annotations

from pathlib import Path

from dwarfhall.games.duel.cardtable import markdown
from dwarfhall.games.duel.components import load_cards

PAGE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "duel.md"


def test_card_table_in_the_rules_page_matches_the_cards_file() -> None:
    """docs/rules/duel.md: the card table is the one generated from cards.toml (python -m ...cardtable)."""
    text = PAGE.read_text(encoding="utf-8")
    begin, end = "<!-- card table: begin -->\n", "<!-- card table: end -->"
    table = text[text.index(begin) + len(begin) : text.index(end)]
    assert table == markdown(load_cards())


def test_action_layout_in_the_rules_page_matches_the_game() -> None:
    from dwarfhall.games.duel.game import DuelGame

    game = DuelGame()
    layout = game.tables.layout
    text = PAGE.read_text(encoding="utf-8")
    assert f"`num_distinct_actions()` ({game.num_distinct_actions()}" in text
    for base in (layout.banish_base, layout.recover_base, layout.damage_base):
        assert f"| {base} + " in text
