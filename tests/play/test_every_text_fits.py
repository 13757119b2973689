"""At 80x24 every screen, prompt and text of the terminal fits 80 columns: each game's rules, the help, the log,
the moves, every game command, the quit question, the save and resume hint, and each frame and prompt of
`dwarfhall replay --step`, in English and German."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from dwarfhall.core import load_game
from dwarfhall.core.record import GameRecord
from dwarfhall.play.console import ScriptConsole
from dwarfhall.play.replay import replay
from dwarfhall.play.savefile import HUMAN
from dwarfhall.play.session import Session, Settings
from dwarfhall.play.terminal import visible_len
from dwarfhall.play.texts import catalog

WIDTH, HEIGHT = 80, 24
GAMES = ["duel", "alewar", "spring"]
# arguments for the games' own commands that take one (any other command is typed bare)
ARGUMENTS = {"card": "bavragor", "karte": "bavragor", "board": "1", "spot": "H3", "unit": "axeman"}


def too_wide(text: str, tmp_path: Path) -> list[str]:
    """Lines wider than the screen; a file path is the one thing allowed to be (it stays whole to be copied)."""
    return [line for line in text.splitlines() if visible_len(line) > WIDTH and str(tmp_path) not in line]


def position(game: str, moves: int) -> GameRecord:
    """A game played `moves` random moves in (seed 4), as a record."""
    state = load_game(game).new_state(4)
    rng = random.Random(moves)
    for _ in range(moves):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_action_ids()))
    return GameRecord.of(state)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_every_command_fits_80_columns(game: str, lang: str, tmp_path: Path) -> None:
    record = position(game, 12)
    state = record.initial_state()
    for action_id in record.actions:
        state.apply(action_id)
    seats = [HUMAN] * state.num_players
    commands = ["help", "rules", "moves", "board", "log", "save", "1+", "nonsense words", "99"]
    commands += [f"{name} {ARGUMENTS.get(name, '')}".strip() for name in state.game.text_view().commands()]
    console = ScriptConsole([*commands, "quit", "maybe", ""], width=WIDTH, height=HEIGHT)
    session = Session(state, Settings("hotseat", seats, lang, tmp_path), console)
    session.intro(resumed=True)
    for command in commands:
        session.handle(state.current_player, command)
    session.quit()
    assert not too_wide(console.text, tmp_path), too_wide(console.text, tmp_path)[:3]
    assert len(console.text.splitlines()) > 40  # every command answered


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_are_wrapped_to_the_screen_once(game: str, lang: str) -> None:
    """The rules text is one line per paragraph, so at 80 columns no line is broken twice (a stub of a few
    words left over from a line broken at 100 columns)."""
    text = load_game(game).text_view().rules(lang)
    from dwarfhall.play.screen import fit

    lines = fit(text, WIDTH).splitlines()
    assert max(visible_len(line) for line in lines) <= WIDTH
    paragraphs = [p for p in text.split("\n") if p.strip()]
    for paragraph in paragraphs:
        shown = fit(paragraph, WIDTH).splitlines()
        assert all(visible_len(line) > WIDTH - 25 for line in shown[:-1]), shown  # only the last line is short


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_replay_step_fits_80x24(game: str, lang: str, tmp_path: Path) -> None:
    record = position(game, 30)
    console = ScriptConsole(["", "", "p", "g 5", "x", "e", ""], width=WIDTH, height=HEIGHT)
    replay(record, 0, lang, console, step=True)
    assert not too_wide(console.text, tmp_path), too_wide(console.text, tmp_path)[:3]
    frames = console.text.split("\n-- ")[1:]
    assert len(frames) >= 5
    pager = catalog().t("replay_pager", lang, n=0, last=0).split("·")[1]
    for frame in frames:  # each frame, from its heading to the pager's prompt, is on a 24-row screen
        shown = frame.split(pager)[0]
        assert len(shown.splitlines()) <= HEIGHT, frame


def test_every_prompt_leaves_room_to_type() -> None:
    """The prompts of the terminal, with the longest names they show, take at most half of 80 columns; the
    pager's prompt (no name in it) leaves room for `g 100`."""
    fields = {"player": "Spieler 3 (Computer)", "n": 100, "last": 100}
    for key in ("prompt", "prompt_single", "quit_prompt"):
        for lang in ("en", "de"):
            assert visible_len(catalog().t(key, lang, **fields)) <= WIDTH // 2, key
    for lang in ("en", "de"):
        assert visible_len(catalog().t("replay_pager", lang, **fields)) <= WIDTH - len("g 100") - 1


def test_handover_prompt_fits() -> None:
    for lang in ("en", "de"):
        text = catalog().t("handover", lang, player="Spieler 3")
        assert all(visible_len(line) <= WIDTH for line in re.split(r"\n", text))


@pytest.mark.parametrize("command", [[], ["play"], ["replay"], ["arena"], ["simulate"], ["report"], ["games"]])
def test_help_fits_80_columns(
    command: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from dwarfhall.cli import main

    monkeypatch.setenv("COLUMNS", str(WIDTH))
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    out = capsys.readouterr().out
    assert len(out.splitlines()) > 3
    assert not [line for line in out.splitlines() if visible_len(line) > WIDTH]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("game", "options"), [("duel", {}), ("alewar", {"turn_limit": 12}), ("spring", {"eras": 1})])
def test_the_end_of_a_game_fits_80_columns(game: str, options: dict[str, object], lang: str, tmp_path: Path) -> None:
    """The last moves, the result, the scores and the replay file's line, after a game played to its end from
    a few moves before it."""
    state = load_game(game, options).new_state(5)
    rng = random.Random(5)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_action_ids()))
    start = GameRecord.of(state).initial_state()
    for action_id in state.history[:-12]:
        start.apply(action_id)
    console = ScriptConsole(["1a"] * 400, width=WIDTH, height=HEIGHT)
    seats = [HUMAN] + ["random"] * (start.num_players - 1)
    session = Session(start, Settings("vs", seats, lang, tmp_path), console)
    session.intro(resumed=True)
    session.run()
    assert start.is_terminal
    assert not too_wide(console.text, tmp_path), too_wide(console.text, tmp_path)[:3]
    assert str(tmp_path) in console.text.split("\n")[-2]  # the replay file, named whole
