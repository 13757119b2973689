"""The resume hint names a command that works where the person typed theirs: scripts/run as it was called
(scripts/run says so in DWARFHALL_LAUNCHER), `dwarfhall` when that name finds the program, else its path."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from dwarfhall.play import launcher
from dwarfhall.play.launcher import LAUNCHER_VARIABLE, command_name

from ..support.kuhn_text import KuhnTextGame
from .conftest import play
from .tmux import Terminal

REPO = Path(__file__).resolve().parents[2]


def test_scripts_run_names_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(LAUNCHER_VARIABLE, "scripts/run")
    assert command_name() == "scripts/run"


def test_without_scripts_run_the_program_as_started(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(LAUNCHER_VARIABLE, raising=False)
    program = tmp_path / "bin" / "dwarfhall"
    monkeypatch.setattr(sys, "argv", [str(program), "play"])
    monkeypatch.setattr(launcher.shutil, "which", lambda name: None)  # not on the PATH: its path
    assert command_name() == str(program)
    monkeypatch.setattr(launcher.shutil, "which", lambda name: str(program))  # on the PATH: its name
    assert command_name() == "dwarfhall"
    monkeypatch.setattr(sys, "argv", [str(tmp_path / "dwarfhall" / "__main__.py")])
    assert command_name() == "python -m dwarfhall"
    monkeypatch.setattr(sys, "argv", [str(tmp_path / "bin" / "pytest")])  # a session inside another program
    assert command_name() == "dwarfhall"


def test_the_resume_hint_uses_it(kuhn_text: KuhnTextGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(LAUNCHER_VARIABLE, "../dwarfhall/scripts/run")
    state = kuhn_text.new_state(3)
    _, console, _ = play(state, ["save"], tmp_path)
    (save,) = tmp_path.iterdir()
    assert f"Continue later with:\n  ../dwarfhall/scripts/run play --resume {save}\n" in console.text


def test_the_hint_after_scripts_run_resumes_the_game(term: Terminal, tmp_path: Path) -> None:
    """As the README sets up: `scripts/run play duel` from the checkout; the hint it prints, typed as it
    stands in the same place, resumes the game."""
    saves = tmp_path / "saves"
    term.start(["scripts/run", "play", "duel", "--vs", "random", "--seed", "5", "--save-dir", str(saves)], REPO)
    term.wait_for("Player 0 (you) >")
    term.type("save")
    screen = term.wait_for("Continue later with:")
    hint = screen.split("Continue later with:")[-1].split("\n")[1].strip()
    assert hint.startswith("scripts/run play --resume "), hint
    term.close()
    term.start(shlex.split(hint), REPO)
    assert "Resumed at move" in term.wait_for("Player 0 (you) >")
