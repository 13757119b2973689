"""The terminal's score sheet: a column per player, every source, the total and the deciding rule, in 80 columns."""

from __future__ import annotations

from dwarfhall.core import Rng, load_game
from dwarfhall.play.scoresheet import sheet_lines


def test_a_four_player_spring_sheet_fits_80_columns_in_both_languages() -> None:
    state = load_game("spring", {"players": 4}).new_state(3)
    rng = Rng(1)
    while not state.is_terminal:
        legal = state.legal_action_ids()
        state.apply(legal[rng.next_u64() % len(legal)])
    sheet = state.score_sheet()
    assert sheet is not None
    for lang, total, decided in (("en", "Total", "Decided by: "), ("de", "Summe", "Entschieden durch: ")):
        lines = sheet_lines(sheet, lambda seat: f"P{seat}", lang)
        assert all(len(line) <= 80 for line in lines)
        assert lines[1].split() == ["P0", "P1", "P2", "P3"]
        shown_total = next(line for line in lines if line.startswith(total)).split()[1:]
        assert [float(v) for v in shown_total] == state.scores()
        assert any(line.startswith(decided) for line in lines)
