"""`undo` and `resign` in the terminal: the table's undo rule (the same as the server's) and giving a game up."""

from __future__ import annotations

from pathlib import Path

import pytest

from dwarfhall.play.session import Outcome

from ..support.undo_game import UndoGame
from .conftest import play


def test_rule_undo_takes_back_own_moves_of_the_turn_one_by_one(tmp_path: Path) -> None:
    state = UndoGame().new_state(4)
    outcome, console, session = play(state, ["step", "step", "undo", "undo", "undo", "resign", "y"], tmp_path)
    out = console.text
    assert out.count("Taken back: step") == 2
    assert "There is no move of yours in this turn to take back." in out
    assert session.state.history == [] and outcome is Outcome.RESIGNED
    assert "Player 0 (you) gave up. Winner: Player 1 (computer)" in out


@pytest.mark.parametrize(
    ("move", "refusal"),
    [
        ("roll", "it used chance"),
        ("draw", "it showed somebody something hidden"),
        ("give", "it showed somebody something hidden"),
    ],
)
def test_rule_undo_is_refused_after_chance_or_a_reveal(tmp_path: Path, move: str, refusal: str) -> None:
    state = UndoGame().new_state(4)
    _outcome, console, session = play(state, ["step", move, "undo", "resign", "y"], tmp_path)
    assert refusal in console.text and len(session.state.history) == 2


def test_rule_undo_is_refused_once_another_player_moved(tmp_path: Path) -> None:
    state = UndoGame().new_state(4)
    _outcome, console, session = play(state, ["step", "end", "undo", "resign", "y"], tmp_path)
    assert "another player moved since" in console.text and session.state.current_player == 0


def test_resigning_asks_first_and_enter_keeps_playing(tmp_path: Path) -> None:
    state = UndoGame().new_state(4)
    outcome, console, session = play(state, ["resign", "", "step", "resign", "j"], tmp_path, lang="de")
    assert outcome is Outcome.RESIGNED and session.state.history == [0]
    assert "hat aufgegeben" in console.text
