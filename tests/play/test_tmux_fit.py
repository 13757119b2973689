"""The real program in tmux windows of exactly 80x24 and 120x40: after every move typed, no line has wrapped,
the top of the board (the opponent's side) is still on the screen, and the prompt is the last row."""

from __future__ import annotations

import json
import random
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from dwarfhall.core import load_game
from dwarfhall.core.record import GameRecord

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


def prompts_shown(term: Terminal, prompt: str) -> int:
    """How many rows, in the scrollback and on the screen, begin with `prompt`."""
    return sum(1 for row in term.screen(history=True).splitlines() if row.startswith(prompt))


def wait_for_prompt(term: Terminal, prompt: str, seen: int = 0, timeout: float = 15.0) -> None:
    """Waits until the program waits for input: the last written row is a prompt beginning with `prompt`, and it is
    a new one (more than `seen` such rows): the prompt of the line typed before does not count, so nothing is
    typed ahead while the program is still busy with that line."""
    deadline = time.monotonic() + timeout
    while True:
        written = [row for row in term.rows() if row.strip()]
        if written and written[-1].startswith(prompt) and written[-1].rstrip().endswith(">"):
            if prompts_shown(term, prompt) > seen:
                return
        if time.monotonic() > deadline:
            raise AssertionError(f"no prompt {prompt!r}; the screen shows:\n" + "\n".join(term.rows()))
        time.sleep(0.05)


GAME_COMMANDS = {
    "duel": ["card bavragor", "cards", "discard"],
    "alewar": [],
    "spring": ["expedition", "supply", "scores", "map", "board 1"],
}


@pytest.mark.parametrize("term", [(80, 24)], indirect=True, ids=["80x24"])
@pytest.mark.parametrize("game", ["duel", "alewar", "spring"])
def test_every_command_and_prompt_fits_80_columns(term: Terminal, game: str, tmp_path: Path) -> None:
    """The real program at 80x24: the rules, the help, the moves, the log, the game's own commands, the quit
    question and the save hint; no line wraps (the save hint's path may be long: it is kept whole)."""
    term.start([str(DWARFHALL), "play", game, "--vs", "random", "--seed", "4", "--save-dir", "s"], tmp_path)
    typed = ["rules", "help", "moves", "log", *GAME_COMMANDS[game], "nonsense words", "quit", "", "save"]
    seen = {"Player 0 (you)": 0, "y / n / Enter >": 0}
    for line in typed:
        prompt = "y / n / Enter >" if line == "" else "Player 0 (you)"
        wait_for_prompt(term, prompt, seen[prompt])
        seen = {p: prompts_shown(term, p) for p in seen}
        term.type(line)
    term.wait_for("Continue later with:")
    # the hint names the program by its install path, whose length is the machine's, not the game's
    wide = [line for line in term.wraps() if "--resume" not in line]
    assert not wide, f"lines wider than 80 columns: {wide}"


@pytest.mark.parametrize("term", [(80, 24)], indirect=True, ids=["80x24"])
@pytest.mark.parametrize("game", ["duel", "alewar", "spring"])
def test_replay_step_fits_80x24(term: Terminal, game: str, tmp_path: Path) -> None:
    """`dwarfhall replay --step` of a finished game: each frame with its heading and the pager's prompt on one
    24-row screen, nothing wider than 80 columns."""
    state = load_game(game).new_state(7)
    rng = random.Random(7)
    while not state.is_terminal and len(state.history) < 40:
        state.apply(rng.choice(state.legal_action_ids()))
    record = tmp_path / "game.json"
    record.write_text(json.dumps(GameRecord.of(state).to_json()))
    term.start([str(DWARFHALL), "replay", str(record), "--as", "0", "--step"], tmp_path)
    for n in range(1, 6):
        term.wait_for(f"move {n - 1}/")
        rows = [row for row in term.rows() if row.strip()]
        assert rows[-1].startswith(f"move {n - 1}/"), "\n".join(term.rows())
        assert any(row.startswith("-- ") for row in rows), "the frame's heading scrolled away:\n" + "\n".join(rows)
        term.type("")
    assert not term.wraps(), f"lines wider than 80 columns: {term.wraps()}"
