"""Only moves: played for a lone person against the computer; in hot-seat only when asked for."""

from __future__ import annotations

from pathlib import Path

from dwarfhall.core import load_game
from dwarfhall.play.console import ScriptConsole
from dwarfhall.play.savefile import HUMAN
from dwarfhall.play.session import Outcome, Session, Settings

SINGLE_PROMPT = "(Enter = 1) >"


class FirstMoveConsole(ScriptConsole):
    """Enter at every hand-over, the first listed move at every other prompt."""

    def read(self, prompt: str) -> str:
        line = "" if "Pass the keyboard" in prompt else "1"
        self.lines = [line]
        return super().read(prompt)


def run_duel(seats: list[str], tmp_path: Path, auto_forced: bool = False) -> tuple[Outcome, ScriptConsole, Session]:
    state = load_game("duel").new_state(5)
    console = FirstMoveConsole()
    mode = "hotseat" if all(s == HUMAN for s in seats) else "vs"
    session = Session(state, Settings(mode, seats, "en", tmp_path, auto_forced=auto_forced), console)
    return session.run(), console, session


def test_a_lone_person_is_never_asked_to_confirm_an_only_move(tmp_path: Path) -> None:
    outcome, console, session = run_duel([HUMAN, "random"], tmp_path)
    assert outcome is Outcome.FINISHED
    assert SINGLE_PROMPT not in console.text
    # the person's passes in response windows happened, without a prompt
    passes = [a for p, a in session.log if p == 0 and a.payload.get("window")]
    assert passes, "the game had response windows for the person"


def test_hot_seat_asks_for_only_moves_unless_auto_pass(tmp_path: Path) -> None:
    outcome, console, _ = run_duel([HUMAN, HUMAN], tmp_path / "a")
    assert SINGLE_PROMPT in console.text  # privacy first: an only move still gets a hand-over and a prompt
    outcome, console, _ = run_duel([HUMAN, HUMAN], tmp_path / "b", auto_forced=True)
    assert outcome is Outcome.FINISHED
    assert SINGLE_PROMPT not in console.text
