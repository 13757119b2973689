"""The real program in a real terminal (tmux): typing moves, saving, quitting, resuming, hot-seat."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from dwarfhall.play.savefile import load_save

from .tmux import KUHN_CLI, PYTHON, Terminal

if shutil.which("tmux") is None:  # scripts/test installs tmux; a bare pytest run without it says so plainly
    raise RuntimeError("these tests need tmux: run scripts/test, or install tmux")


@pytest.fixture
def term(request: pytest.FixtureRequest) -> Iterator[Terminal]:
    terminal = Terminal(request.node.name.replace("[", "-").replace("]", ""))
    try:
        yield terminal
    finally:
        terminal.close()


def kuhn(*args: str) -> list[str]:
    return [str(PYTHON), str(KUHN_CLI), *args]


def test_kuhn_against_the_computer_save_quit_resume_replay(term: Terminal, tmp_path: Path, kuhn_text: object) -> None:
    saves = tmp_path / "saves"
    term.start(kuhn("play", "kuhn", "--vs", "random", "--seed", "3", "--save-dir", str(saves)), tmp_path)
    screen = term.wait_for("Player 1 (you) >")
    assert "Player 1 card: King" in screen and "Player 2 card: ?" in screen
    term.type("help")
    term.wait_for("card: card NAME: what a card beats")
    term.type("card king")
    term.wait_for("King beats Jack, Queen")
    term.type("nonsense")
    term.wait_for("Not understood: 'nonsense'")
    term.type("1")
    screen = term.wait_for("The computer (Player 2) plays: bet")  # seed 3: the computer bets
    term.wait_for("Player 1 (you) >", count=5)
    term.type("save")
    screen = term.wait_for("Game saved to ")
    term.type("quit")
    term.wait_for("Save before quitting?")
    term.type("y")
    screen = term.wait_for("[exit 0]")
    save_path = Path(screen.split("Game saved to ")[-1].split()[0])
    assert save_path.parent == saves and load_save(save_path).record.actions == [0, 1]

    term.close()
    term.start(kuhn("play", "--resume", str(save_path), "--save-dir", str(saves)), tmp_path)
    screen = term.wait_for("Player 1 (you) >")
    assert "Resumed at move 3." in screen and "Bets: pass, bet" in screen
    term.type("2")
    screen = term.wait_for("[exit 0]")
    assert "Game over" in screen and "Winner: Player 1 (you)" in screen
    replay_path = Path(screen.split("Replay file: ")[1].split()[0])

    term.close()
    term.start(kuhn("replay", str(replay_path), "--as", "1", "--step"), tmp_path)
    screen = term.wait_for("Enter = next move")
    assert "seen by Player 2" in screen and "Player 2 card: Queen" in screen and "King" not in screen
    for n in (1, 2, 3):
        term.type("")
        term.wait_for(f"Move {n}: Player {1 + (n + 1) % 2}")
    screen = term.wait_for("[exit 0]")
    assert "Winner: Player 1" in screen  # the showdown, shown to everyone, reveals the King at the end


def test_kuhn_hotseat_hands_over_and_clears_the_scrollback(term: Terminal, tmp_path: Path, kuhn_text: object) -> None:
    term.start(kuhn("play", "kuhn", "--hotseat", "--seed", "3", "--save-dir", str(tmp_path)), tmp_path)
    screen = term.wait_for("Pass the keyboard to Player 1 — press Enter")
    assert "card:" not in screen
    term.type("")
    term.wait_for("Player 1 card: King")
    term.type("1")
    screen = term.wait_for("Pass the keyboard to Player 2 — press Enter")
    # neither the screen nor anything the next player could scroll back to shows Player 1's card
    assert "King" not in term.screen(history=True) and "card:" not in screen
    term.type("")
    screen = term.wait_for("Player 2 card: Queen")
    assert "King" not in term.screen(history=True) and "Player 1: pass" in screen
    term.keys("C-c")
    screen = term.wait_for("[exit 130]")
    assert "Interrupted." in screen and "Game saved to" in screen
    (save_path,) = tmp_path.glob("*-autosave.json")
    assert load_save(save_path).record.actions == [0]
