"""The hint command and its rule: on against the computer, at a table of people only if everyone allows it."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from dwarfhall.cli import main
from dwarfhall.core import load_game
from dwarfhall.play.hints import HintRule, best_moves, hint_users
from dwarfhall.play.savefile import HUMAN, load_save
from dwarfhall.play.session import Outcome

from ..support.kuhn_text import KuhnTextGame
from .conftest import play


def _never(person: int) -> bool:
    raise AssertionError(f"nobody should be asked, yet Player {person} was")


def test_one_person_against_the_computer_needs_nobodys_leave() -> None:
    """Rule (issue 23): in a game against the computer, hints are on."""
    rule = HintRule([HUMAN, "hard"])
    assert rule.decide(_never)


@pytest.mark.parametrize(
    ("answers", "allowed", "asked"),
    [({0: True, 1: True, 3: True}, True, [0, 1, 3]), ({0: True, 1: False, 3: True}, False, [0, 1])],
)
def test_several_people_are_each_asked_once_and_one_no_keeps_hints_off(
    answers: dict[int, bool], allowed: bool, asked: list[int]
) -> None:
    """Rule (issue 23): with several people at the table (here with a computer player too), hints are on only
    if every person allows them; the first "no" settles it."""
    seen: list[int] = []

    def ask(person: int) -> bool:
        seen.append(person)
        return answers[person]

    rule = HintRule([HUMAN, HUMAN, "normal", HUMAN])
    assert rule.decide(ask) is allowed
    assert seen == asked
    assert rule.decide(_never) is allowed  # asked once per game


def test_the_record_says_who_used_hints_and_a_resumed_game_keeps_the_answer() -> None:
    rule = HintRule([HUMAN, HUMAN])
    assert rule.meta() == {}
    rule.decide(lambda person: True)
    rule.note_use(1)
    rule.note_use(1)
    meta = rule.meta()
    assert meta == {"hints": {"allowed": True, "used": {"1": 2}}}
    assert hint_users(meta) == [1]
    again = HintRule([HUMAN, HUMAN])
    again.restore(meta)
    assert again.decide(_never) and again.used == {1: 2}
    refused = HintRule([HUMAN, HUMAN])
    refused.decide(lambda person: False)
    assert refused.meta() == {"hints": {"allowed": False, "used": {}}}


def test_best_moves_are_three_legal_moves_with_chances() -> None:
    state = load_game("duel").new_state(4)
    while len(state.legal_action_ids()) < 4:
        state.apply(state.legal_action_ids()[0])
    moves = best_moves(state, state.current_player, iters=80)
    assert len(moves) == 3
    assert all(m.action in state.legal_action_ids() and 0.0 <= m.chance <= 1.0 for m in moves)


def test_hint_in_a_game_against_the_computer_shows_moves_and_the_save_says_so(tmp_path: Path) -> None:
    state = load_game("duel").new_state(4)
    while len(state.legal_action_ids()) < 3 or state.current_player != 0:
        state.apply(state.legal_action_ids()[0])
    outcome, console, session = play(state, ["hint", "tipp"], tmp_path, seats=(HUMAN, "random"))
    out = console.text
    assert outcome is Outcome.INTERRUPTED
    assert out.count("The bot's best moves for Player 0 (you) now") == 2
    assert session.hints.used == {0: 2}
    save = load_save(next(tmp_path.glob("*-autosave.json")))
    assert hint_users(save.record.meta) == [0]


def test_hint_at_a_hot_seat_table_asks_everyone_and_a_no_keeps_it_off(tmp_path: Path) -> None:
    state = load_game("duel").new_state(4)
    while len(state.legal_action_ids()) < 3:
        state.apply(state.legal_action_ids()[0])
    answers = ["y", "maybe", "n"]
    _, console, session = play(state, ["", "hint", *answers, "", "hint"], tmp_path, seats=(HUMAN, HUMAN))
    out = console.text
    assert "Player 0: may everyone at this table ask the computer for hints" in out
    # privacy: the question is asked on a cleared screen, and the asker gets the keyboard back by a hand-over
    question = next(screen for screen in console.screens() if "may everyone at this table" in screen)
    assert question.lstrip().startswith("Player 0: may everyone") and "Your moves" not in question
    after = console.screens()[console.screens().index(question) + 1]
    assert "Not everyone at the table allows hints" not in question and "Pass the keyboard" in after
    assert "Player 1: may everyone" in out and "Please answer y or n." in out
    assert out.count("Not everyone at the table allows hints") == 2
    assert "best moves" not in out and session.hints.used == {}
    assert session.hints.allowed is False


def test_a_resumed_game_keeps_the_tables_answer_and_the_count(
    kuhn_text: KuhnTextGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DWARFHALL_DELAY", "0")
    args = ["play", "kuhn", "--hotseat", "--seed", "3", "--save-dir", str(tmp_path)]
    monkeypatch.setattr("sys.stdin", io.StringIO("\nhint\ny\ny\n\nquit\ny\n"))
    assert main(args) == 0
    first = capsys.readouterr().out
    assert first.count("may everyone at this table") == 2 and "Everyone allows hints" in first
    (save_path,) = tmp_path.iterdir()
    assert load_save(save_path).record.meta["hints"] == {"allowed": True, "used": {"0": 1}}
    save_path.rename(tmp_path / "kept.json")
    monkeypatch.setattr("sys.stdin", io.StringIO("\nhint\nquit\ny\n"))
    assert main(["play", "--resume", str(tmp_path / "kept.json"), "--save-dir", str(tmp_path / "again")]) == 0
    second = capsys.readouterr().out
    assert "may everyone" not in second and "The bot's best moves for Player 0" in second
    (again,) = (tmp_path / "again").iterdir()
    assert load_save(again).record.meta["hints"] == {"allowed": True, "used": {"0": 2}}
