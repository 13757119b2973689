"""Dwar7s Spring in a real terminal (tmux), as a person plays it: at 80x24 and 120x40 the whole screen fits
(no line wider than the terminal, the map's first row and the prompt on the screen together), moves typed by
spot label, a command for another board, a hot-seat game of 2 people and 2 computer players, German once."""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

from .tmux import DWARFHALL, Terminal

if shutil.which("tmux") is None:  # scripts/test installs tmux; a bare pytest run without it says so plainly
    raise RuntimeError("these tests need tmux: run scripts/test, or install tmux")

TYPED_EXAMPLE = re.compile(r"\((\w+ [A-S]\d?)\)")  # a group line's example: `Settle w/f/g: 73 spots (wood E0)`


def spring(*args: str) -> list[str]:
    return [str(DWARFHALL), "play", "spring", *args]


def check_fits(screen: str, width: int, height: int, map_top: str, prompt: str) -> None:
    """Nothing wrapped (capture-pane joins wrapped lines), and the map's first row is still on the screen
    when the prompt comes, so nothing of the main screen scrolled away."""
    rows = screen.rstrip("\n").split("\n")
    assert len(rows) <= height, screen
    assert all(len(row) <= width for row in rows), [row for row in rows if len(row) > width]
    assert any(row.startswith(map_top) for row in rows), screen
    assert rows[-1].startswith(prompt), screen


def waiting(term: Terminal, prompt: str, timeout: float = 30.0) -> str:
    """The screen once the program waits for input: its last written row is the prompt, nothing typed after."""
    deadline = time.monotonic() + timeout
    while True:
        screen = term.screen(history=False)
        written = [row for row in screen.split("\n") if row.strip()]
        if written and written[-1].startswith(prompt) and written[-1].rstrip().endswith(">"):
            return screen
        if time.monotonic() > deadline:
            raise AssertionError(f"no prompt {prompt!r}; the screen shows:\n{screen}")
        time.sleep(0.05)


def typed_move(screen: str) -> str:
    """What a person would type: a settlement by line and label when the list offers one, else move 1."""
    found = TYPED_EXAMPLE.findall(screen.rstrip().split("\n\n")[-1])
    return found[0] if found else "1"


def play_moves(term: Terminal, prompt: str, count: int, width: int, height: int, map_top: str) -> str:
    """Types `count` moves, each read off the screen, and checks the screen that follows each of them."""
    screen = term.wait_for(prompt, history=False)
    for _ in range(count):
        screen = waiting(term, prompt)  # the last prompt drawn, so that `before` counts it
        before = term.screen(history=True).count(prompt)
        term.type(typed_move(screen))
        term.wait_for(prompt, count=before + 1, history=True, timeout=30)
        screen = term.wait_for(prompt, history=False)
        check_fits(screen, width, height, map_top, prompt)
    return screen


def test_four_players_at_80x24_typed_moves_and_another_board(term: Terminal, tmp_path: Path) -> None:
    term.start(spring("--players", "4", "--vs", "random", "--seed", "3", "--save-dir", str(tmp_path)), tmp_path, 80, 24)
    prompt = "Player 0 (you) >"
    screen = term.wait_for(prompt, history=False)
    assert "Setup: Player 0 (you) · then 1 2 3 3 2 1 0" in screen and "Settle w/f/g:" in screen
    check_fits(screen, 80, 24, "w wood  f food", prompt)
    label = TYPED_EXAMPLE.findall(screen)[0].split()[1]
    term.type(label)  # three lines could settle there: the person is asked for more
    term.wait_for("fits 3 moves")
    term.type("help")  # scrolls the screen: the next screens are checked after each typed move
    term.wait_for("Commands of this game:")
    term.type("moves")
    term.wait_for("Settle w/f/g:", count=2)
    screen = play_moves(term, prompt, 3, 80, 24, "w wood  f food")
    assert "The computer (Player 3) plays:" in term.screen(history=True)
    term.type("board 2")
    screen = term.wait_for("Empire board of Player 2")
    assert "faerie hand: " in screen and "Heroes deck (7)" in screen  # the others' hands: only their size
    term.type("expedition")
    term.wait_for("Expedition area (6 face up")
    term.keys("C-c")
    term.wait_for("[exit 130]")


def test_three_players_at_120x40_in_german(term: Terminal, tmp_path: Path) -> None:
    args = spring("--players", "3", "--lang", "de", "--vs", "random", "--seed", "4", "--save-dir", str(tmp_path))
    term.start(args, tmp_path, 120, 40)
    prompt = "Spieler 0 (du) >"
    screen = term.wait_for(prompt, history=False)
    assert "Expeditionsbereich (6 offen" in screen and "Spieler 2 " in screen  # beside the map on a wide screen
    assert "Aufbau: Spieler 0 (du) · dann 1 2 2 1 0" in screen
    play_moves(term, prompt, 3, 120, 40, "h Holz  n Nahrung")
    term.type("supply")
    term.wait_for("Verdeckte Stapel: Expeditionsstapel")
    term.keys("C-c")
    term.wait_for("[exit 130]")


def test_hotseat_two_people_and_two_computers_hand_over(term: Terminal, tmp_path: Path) -> None:
    args = spring(
        "--players", "4", "--seat", "0", "--seat", "2", "--vs", "random", "--seed", "3", "--save-dir", str(tmp_path)
    )
    term.start(args, tmp_path, 80, 24)
    term.wait_for("Pass the keyboard to Player 0 — press Enter")
    assert "faerie hand (" not in term.screen(history=True)
    term.type("")
    screen = term.wait_for("Player 0 >", history=False)
    check_fits(screen, 80, 24, "w wood  f food", "Player 0 >")
    hand = re.search(r"faerie hand \(1\): (.+)", screen)
    assert hand is not None
    term.type(typed_move(screen))
    term.wait_for("Pass the keyboard to Player 2 — press Enter")
    assert "faerie hand (1)" not in term.screen(history=True)  # the hand-over cleared Player 0's screen
    term.type("")
    screen = term.wait_for("Player 2 >", history=False)
    check_fits(screen, 80, 24, "w wood  f food", "Player 2 >")
    assert "Player 2 (you)" in screen and "Player 0 (you)" not in screen
    term.keys("C-c")
    term.wait_for("[exit 130]")
