"""Every game's screen fits the terminal: nothing wider than it, and at 24 rows the opponent's side is still
on the screen when the prompt comes."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from dwarfhall.core import load_game
from dwarfhall.play.console import ScriptConsole
from dwarfhall.play.savefile import HUMAN
from dwarfhall.play.session import Session, Settings
from dwarfhall.play.terminal import visible_len


class Person(ScriptConsole):
    """Picks one of the listed moves at random (its first variant) at every prompt, as a person might."""

    def __init__(self, width: int, height: int, prompts: int) -> None:
        super().__init__(width=width, height=height)
        self.prompts = prompts
        self.rng = random.Random(prompts)

    def read(self, prompt: str) -> str:
        self.prompts -= 1
        listed = re.findall(r"^\s+(\d+)\) ", self.text.split("> ")[-1], re.MULTILINE)
        self.lines = [] if self.prompts < 0 else [f"{self.rng.choice(listed or ['1'])}a"]
        return super().read(prompt)


def run(game: str, seed: int, lang: str, width: int, height: int, prompts: int, tmp_path: Path) -> str:
    state = load_game(game).new_state(seed)
    console = Person(width, height, prompts)
    session = Session(state, Settings("vs", [HUMAN, "random"], lang, tmp_path), console)
    session.intro()
    session.run()
    return console.text


@pytest.mark.parametrize("game", ["duel", "alewar"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_nothing_wraps_at_80_columns(game: str, lang: str, tmp_path: Path) -> None:
    for seed in (1, 2):
        text = run(game, seed, lang, 80, 24, 60, tmp_path)
        # a file path longer than the screen is the one thing that may wrap
        wide = [line for line in text.splitlines() if visible_len(line) > 80 and str(tmp_path) not in line]
        assert not wide, f"{game} seed {seed}: {wide[:3]}"


def test_the_duel_keeps_the_opponent_on_a_24_row_screen(tmp_path: Path) -> None:
    for seed in (1, 2, 3):
        text = run("duel", seed, "en", 80, 24, 40, tmp_path)
        screens = text.split("(you) > ")[:-1]
        assert len(screens) > 10
        for screen in screens:
            rows = screen.splitlines()[-24:]  # what a 24-row terminal shows: the prompt row and 23 above it
            assert any(line.startswith("Player 1 · ") for line in rows), "\n".join(rows)


def test_ale_war_keeps_the_whole_board_on_a_24_row_screen(tmp_path: Path) -> None:
    text = run("alewar", 1, "en", 80, 24, 40, tmp_path)
    screens = text.split("(you) > ")[:-1]
    assert len(screens) > 10
    for screen in screens[1:]:  # the first prompt follows the intro and the rules line
        rows = screen.splitlines()[-24:]
        assert any(line.startswith(" 6 |") for line in rows) and any(line.startswith(" 1 |") for line in rows)


def test_a_wide_terminal_gets_the_full_screen(tmp_path: Path) -> None:
    text = run("duel", 3, "en", 120, 40, 6, tmp_path)
    assert "═" * 100 in text and "1 damage per die showing" in text  # separators and card effects
    assert max(visible_len(line) for line in text.splitlines() if str(tmp_path) not in line) <= 120


class HandingOver(Person):
    """A person who also passes the keyboard on (Enter at each hand-over screen)."""

    def read(self, prompt: str) -> str:
        if "Pass the keyboard" in prompt:
            self.lines = [""]
            return ScriptConsole.read(self, prompt)
        return super().read(prompt)


@pytest.mark.parametrize(("width", "height", "top"), [(80, 24, "w wood  f food"), (120, 40, "w wood  f food")])
@pytest.mark.parametrize("seats", [("human", "random", "random", "random"), ("human", "random", "human", "random")])
def test_spring_keeps_the_whole_map_and_the_moves_on_the_screen(
    width: int, height: int, top: str, seats: tuple[str, ...], tmp_path: Path
) -> None:
    """Against the computer and in hot-seat (with the news since a person's last turn): every screen, from the
    map's first row to the prompt, fits the terminal."""
    state = load_game("spring", {"players": 4}).new_state(3)
    console = HandingOver(width, height, 45)
    mode = "hotseat" if seats.count(HUMAN) > 1 else "vs"
    session = Session(state, Settings(mode, list(seats), "en", tmp_path), console)
    session.intro()
    session.run()
    screens = [s for s in re.split(r"Player \d(?: \(you\))? (?:\(Enter = 1\) )?> ", console.text)[1:-1]]
    assert len(screens) > 20
    wide = [line for line in console.text.splitlines() if visible_len(line) > width and str(tmp_path) not in line]
    assert not wide, wide[:3]
    checked = 0
    for screen in screens:
        rows = screen.splitlines()
        if not any(line.startswith("   1) ") for line in rows):
            continue  # not a fresh screen: an answer to a command or a typed move
        checked += 1
        shown = rows[-(height - 1) :]  # what the terminal shows: the prompt row and the rows above it
        assert any(line.startswith(top) for line in shown), "\n".join(shown)
        assert any(line.startswith("w# web") for line in shown)
    assert checked > 15
