"""The real program in tmux windows of exactly 80x24 and 120x40: after every move typed, no line has wrapped,
the top of the board (the opponent's side) is still on the screen, and the prompt is the last row."""

from __future__ import annotations

import random
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from .tmux import DWARFHALL, Terminal

if shutil.which("tmux") is None:
    raise RuntimeError("these tests need tmux: run scripts/test, or install tmux")

PROMPT = "Player 0 (you) >"
SIZES = [(80, 24), (120, 40)]


@pytest.fixture
def term(request: pytest.FixtureRequest) -> Iterator[Terminal]:
    width, height = request.param
    terminal = Terminal(request.node.name.replace("[", "-").replace("]", ""), width, height)
    try:
        yield terminal
    finally:
        terminal.close()


def check_screen(term: Terminal, tops: list[str], prompt: str = PROMPT) -> list[str]:
    """Asserts the screen fits and returns its rows: no wrapped line anywhere, the prompt on the last row
    written, and every one of `tops` (lines at the top of the board) still visible above it."""
    rows = term.rows()
    assert len(rows) == term.height
    assert not term.wraps(), f"lines wider than {term.width} columns: {term.wraps()}"
    written = [row for row in rows if row.strip()]
    assert written[-1].startswith(prompt), "\n".join(rows)
    for top in tops:
        assert any(row.startswith(top) for row in rows), f"{top!r} scrolled away:\n" + "\n".join(rows)
    return rows


def play(term: Terminal, tops: list[str], moves: int, seed: int, first: list[str], prompt: str = PROMPT) -> int:
    """Types `first`, then a listed move (by its number and first variant, or its variants listed) at each
    prompt, checking the screen every time; returns how many screens were checked."""
    rng = random.Random(seed)
    checked = 0
    for n in range(moves):
        shown = term.wait_for(prompt, count=n + 1).split(prompt)[-2]
        if n >= len(first):  # the set-up of Ale War leaves the board to be checked only once pieces move
            check_screen(term, tops, prompt)
            checked += 1
        listed = re.findall(r"^\s+(\d+)\) ", shown, re.MULTILINE) or ["1"]
        if n < len(first):
            term.type(first[n])
        elif n % 4 == 3:
            term.type(f"{rng.choice(listed)}+")  # the variants of a line: listed under the board again
        else:
            term.type(f"{rng.choice(listed)}a")
    term.wait_for(prompt, count=moves + 1)
    check_screen(term, tops, prompt)
    return checked + 1


@pytest.mark.parametrize("term", SIZES, indirect=True, ids=["80x24", "120x40"])
def test_the_duel_fits_the_terminal(term: Terminal, tmp_path: Path) -> None:
    term.start([str(DWARFHALL), "play", "duel", "--vs", "random", "--seed", "5", "--save-dir", str(tmp_path)], tmp_path)
    assert play(term, ["The Dwarves: The Duel · ", "Player 1 · "], 14, 5, []) == 15


@pytest.mark.parametrize("term", SIZES, indirect=True, ids=["80x24", "120x40"])
def test_ale_war_fits_the_terminal(term: Terminal, tmp_path: Path) -> None:
    term.start(
        [str(DWARFHALL), "play", "alewar", "--vs", "random", "--seed", "2", "--save-dir", str(tmp_path)], tmp_path
    )
    # seed 2: Player 0 picks the Dwarves and places three units; then the Dwarves move and attack
    tops = [" 6 |", " 1 |", "Goblins (player 1)"]
    assert play(term, tops, 14, 2, ["dwarves", "1a", "1a", "1a"]) == 11


@pytest.mark.parametrize("term", [(80, 24)], indirect=True, ids=["80x24"])
def test_the_german_duel_fits_80_columns(term: Terminal, tmp_path: Path) -> None:
    args = ["play", "duel", "--vs", "random", "--seed", "6", "--lang", "de", "--save-dir", str(tmp_path)]
    term.start([str(DWARFHALL), *args], tmp_path)
    assert play(term, ["Die Zwerge – Das Duell · ", "Spieler 1 · "], 8, 6, [], "Spieler 0 (du) >") == 9


@pytest.mark.parametrize("term", [(80, 24)], indirect=True, ids=["80x24"])
def test_the_german_ale_war_fits_80_columns(term: Terminal, tmp_path: Path) -> None:
    args = ["play", "alewar", "--vs", "random", "--seed", "2", "--lang", "de", "--save-dir", str(tmp_path)]
    term.start([str(DWARFHALL), *args], tmp_path)
    tops = [" 6 |", " 1 |", "Goblins (Spieler 1)"]
    assert play(term, tops, 10, 2, ["zwerge", "1a", "1a", "1a"], "Spieler 0 (du) >") == 7
