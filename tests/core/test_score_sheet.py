"""Score sheets: over random finished games of every game and player count, the rows sum to `scores()`, the
sheet's winners are the game's, and the deciding rule is named in English and German."""

from __future__ import annotations

import pytest

from dwarfhall.core import Rng, load_game
from dwarfhall.core.game import State
from dwarfhall.core.scoresheet import ScoreRow, by_points
from dwarfhall.core.texts import core_catalog

TABLES = [("duel", {}), ("alewar", {"turn_limit": 60}), ("spring", {"players": 2}), ("spring", {"players": 3}),
          ("spring", {"players": 4})]  # fmt: skip


def random_finish(name: str, options: dict[str, object], seed: int) -> State:
    state = load_game(name, options).new_state(seed)
    rng = Rng(seed + 1000)
    while not state.is_terminal:
        legal = state.legal_action_ids()
        state.apply(legal[rng.next_u64() % len(legal)])
    return state


@pytest.mark.parametrize(("name", "options"), TABLES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sheet_sums_to_scores_and_names_the_winners(name: str, options: dict[str, object], seed: int) -> None:
    state = random_finish(name, options, seed)
    sheet = state.score_sheet()
    assert sheet is not None
    assert sheet.totals == state.scores()
    assert all(len(row.points) == state.num_players for row in sheet.rows + sheet.facts)
    draw = all(r == 0 for r in state.returns())
    assert list(sheet.winners) == ([] if draw and name != "spring" else state.winners())
    for lang in ("en", "de"):
        shown = sheet.to_json(lang)
        assert shown["decided"] and shown["decided"] != sheet.decided.key  # a text, not the bare key
        assert all(row["label"] != row["source"] for row in shown["rows"] + shown["facts"])
    assert sheet.to_json("en")["decided"] != sheet.to_json("de")["decided"]


def test_no_sheet_before_the_end() -> None:
    for name, options in TABLES:
        assert load_game(name, options).new_state(1).score_sheet() is None


def test_tie_break_is_named() -> None:
    """Spring R47: a tie on VP goes to the most heroes cards, then the most resources; the sheet names the rule."""
    rows = [ScoreRow("score_points", (5.0, 5.0, 3.0))]
    cards = ScoreRow("fact_a", (4.0, 6.0, 9.0))
    sheet = by_points(rows, core_catalog(), [(cards, "decided_shared")])
    assert sheet.winners == (1,)  # seat 2's cards do not count: it lost on points
    assert sheet.decided.key == "decided_shared"
    tied = by_points(rows, core_catalog(), [(ScoreRow("fact_a", (4.0, 4.0, 0.0)), "decided_result")], draw=True)
    assert tied.winners == () and tied.decided.key == "decided_draw"
    plain = by_points([ScoreRow("score_points", (7.0, 5.0))], core_catalog())
    assert plain.winners == (0,) and plain.decided.key == "decided_most_points"


def test_duel_tie_on_points_goes_to_the_player_with_a_draw_pile() -> None:
    """R37 of the Duel: equal victory points, the player who still has a draw pile wins."""
    for seed in range(1, 60):
        state = random_finish("duel", {}, seed)
        sheet = state.score_sheet()
        assert sheet is not None
        a, b = state.scores()
        if a == b and bool(state.pile[0]) != bool(state.pile[1]):  # type: ignore[attr-defined]
            assert sheet.decided.key == "decided_pile_left"
            assert sheet.winners == (0 if state.pile[0] else 1,)  # type: ignore[attr-defined]
            return
    pytest.fail("no tie on points in 60 random Duels")


def test_alewar_turn_limit_is_a_named_draw() -> None:
    state = random_finish("alewar", {"turn_limit": 4}, 5)
    sheet = state.score_sheet()
    assert sheet is not None and sheet.winners == ()
    assert sheet.decided.key == "decided_turn_limit"
    assert "4" in sheet.to_json("de")["decided"]
