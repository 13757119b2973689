"""`dwarfhall play` and `dwarfhall replay` through the real command line (stdin and stdout not a terminal)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from dwarfhall.cli import main
from dwarfhall.play.savefile import load_save

from ..support.kuhn_text import KuhnTextGame


def run(monkeypatch: pytest.MonkeyPatch, argv: list[str], typed: str = "") -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    monkeypatch.setenv("DWARFHALL_DELAY", "0")
    return main(argv)


def test_play_against_the_computer_falls_back_to_random(
    kuhn_text: KuhnTextGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code = run(monkeypatch, ["play", "kuhn", "--seed", "3", "--save-dir", str(tmp_path)], "1\n1\n")
    out = capsys.readouterr().out
    assert code == 0
    assert "has no heuristic advice for the computer yet, so the computer plays random moves" in out
    assert "\033[" not in out  # no colour when stdout is not a terminal
    (replay_file,) = tmp_path.glob("*-replay.json")
    assert f"Replay file: {replay_file}" in out
    code = run(monkeypatch, ["replay", str(replay_file), "--as", "0"])
    assert code == 0 and "Player 0 card: King" in capsys.readouterr().out


def test_quit_save_and_resume(
    kuhn_text: KuhnTextGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["play", "kuhn", "--hotseat", "--seed", "3", "--save-dir", str(tmp_path), "--lang", "de"]
    assert run(monkeypatch, args, "\n1\n\nquit\nj\n") == 0
    (save_path,) = tmp_path.iterdir()
    assert f"Spiel gespeichert in {save_path}" in capsys.readouterr().out
    assert load_save(save_path).record.actions == [0]
    resume = ["play", "--resume", str(save_path), "--save-dir", str(tmp_path), "--lang", "en"]
    code = run(monkeypatch, resume, "\n2\n\n2\n")
    out = capsys.readouterr().out
    assert code == 0 and "Resumed at move 2." in out and "Pass the keyboard to Player 1" in out
    assert "Game over" in out and len(list(tmp_path.glob("*-replay.json"))) == 1


def test_end_of_input_saves_automatically(
    kuhn_text: KuhnTextGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code = run(monkeypatch, ["play", "kuhn", "--hotseat", "--save-dir", str(tmp_path)], "\n")
    out = capsys.readouterr().out
    (save_path,) = tmp_path.iterdir()
    assert code == 130 and f"Game saved to {save_path}" in out and "--resume" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play"], "name a game to play"),
        (["play", "nosuch"], "unknown game 'nosuch'"),
        (["play", "kuhn", "--options", "speed=3"], "unknown option(s) speed"),
        (["play", "kuhn", "--options", "speed"], "should look like name=value"),
        (["play", "kuhn", "--seat", "2"], "--seat 2: kuhn has seats 0 to 1"),
        (["play", "kuhn", "--seat", "0", "--seat", "1"], "use --hotseat"),
        (["play", "kuhn", "--vs", "wizard"], "unknown agent 'wizard'"),
        (["play", "kuhn", "--vs", "random:speed=1"], "unknown parameter(s) speed"),
        (["play", "kuhn", "--hotseat", "--seat", "1"], "does not go with --vs or --seat"),
        (["play", "--resume", "nothere.json"], "nothere.json: no such file"),
        (["replay", "nothere.json"], "nothere.json: no such file"),
    ],
)
def test_clear_errors(
    kuhn_text: KuhnTextGame,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    message: str,
) -> None:
    assert run(monkeypatch, argv) == 2
    assert message in capsys.readouterr().err


def test_resume_refuses_new_settings_and_other_game(
    kuhn_text: KuhnTextGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    run(monkeypatch, ["play", "kuhn", "--hotseat", "--save-dir", str(tmp_path)], "\n")
    (save_path,) = tmp_path.iterdir()
    capsys.readouterr()
    assert run(monkeypatch, ["play", "--resume", str(save_path), "--seed", "4"]) == 2
    assert "does not go with --seed" in capsys.readouterr().err
    assert run(monkeypatch, ["play", "duel", "--resume", str(save_path)]) == 2
    assert "is a game of kuhn, not duel" in capsys.readouterr().err
    data = json.loads(save_path.read_text())
    data["settings"]["lang"] = "fr"
    save_path.write_text(json.dumps(data))
    assert run(monkeypatch, ["play", "--resume", str(save_path)]) == 2
    assert "settings.lang: 'fr' is not one of en, de" in capsys.readouterr().err


def test_play_from_a_scenario_and_with_a_cards_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from dwarfhall.games.duel.components import DEFAULT_CARDS

    scenario = DEFAULT_CARDS.parent / "scenarios" / "bavragor_three_ones.toml"
    code = run(monkeypatch, ["play", "duel", "--scenario", str(scenario), "--save-dir", str(tmp_path)], "")
    out = capsys.readouterr().out
    assert code == 130 and f"Starting from the scenario {scenario}" in out and "Bavragor" in out
    (save_path,) = tmp_path.glob("*.json")
    assert load_save(save_path).record.start is not None  # the save resumes from the scenario's position

    broken = tmp_path / "cards.toml"
    broken.write_text(DEFAULT_CARDS.read_text(encoding="utf-8").replace("health = 2", "health = 0", 1))
    code = run(monkeypatch, ["play", "duel", "--cards", str(broken)])
    assert code == 2 and "card 'ally_ones': health: must be at least 1, not 0" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "duel", "--auto-pass"], "--auto-pass is for several people at one keyboard"),
        (["play", "duel", "--scenario", "nothere.toml"], "cannot read scenario nothere.toml"),
        (["play", "alewar", "--cards", "x.toml"], "unknown option(s) cards"),
    ],
)
def test_clear_errors_for_scenarios_and_data_files(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert run(monkeypatch, argv) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "kuhn", "--seed", "-5"], "--seed must be in 0..9223372036854775807, got -5"),
        (["play", "kuhn", "--seed", str(1 << 63)], "--seed must be in 0.."),
        (["play", "kuhn", "--vs", "ismcts:c=inf"], "ismcts: c must be a number from 0 to 100, got inf"),
        (["play", "kuhn", "--vs", "ismcts:iters=0"], "iters must be at least 1 and at most 100000000, got 0"),
        (["play", "kuhn", "--vs", "ismcts:time=-1"], "time must be a positive number of seconds"),
        (["play", "kuhn", "--vs", "random:depth=3"], "unknown parameter(s) depth; allowed: none"),
    ],
)
def test_seeds_and_agent_parameters_follow_one_rule(
    kuhn_text: KuhnTextGame,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    message: str,
) -> None:
    assert run(monkeypatch, [*argv, "--save-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not list(tmp_path.iterdir())  # nothing was started or saved


def test_a_save_file_whose_computer_seat_has_a_bad_parameter_is_refused(
    kuhn_text: KuhnTextGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    run(monkeypatch, ["play", "kuhn", "--seed", "3", "--save-dir", str(tmp_path)], "")
    capsys.readouterr()
    (path,) = [p for p in tmp_path.glob("*.json") if "replay" not in p.name]
    data = json.loads(path.read_text())
    seats = data["settings"]["seats"]
    seats[seats.index("human") ^ 1] = "ismcts:c=inf"
    path.write_text(json.dumps(data))
    assert run(monkeypatch, ["play", "--resume", str(path)]) == 2
    assert "settings.seats" in capsys.readouterr().err
