"""`dwarfhall play --players N`, and seats for games of 3 and 4 (people, computer players, hot-seat)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from dwarfhall.cli import main
from dwarfhall.core import load_game
from dwarfhall.play.savefile import HUMAN, load_save
from dwarfhall.play.seats import SetupError, choose_seats


def run(monkeypatch: pytest.MonkeyPatch, argv: list[str], typed: str = "") -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    monkeypatch.setenv("DWARFHALL_DELAY", "0")
    return main(argv)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "duel", "--players", "3"], "--players: duel has no option 'players'"),
        (["play", "spring", "--players", "3", "--options", "players=4"], "--players 3 does not agree with"),
        (["play", "spring", "--players", "5"], "option players: must be 2, 3 or 4, got 5"),
        (
            ["play", "spring", "--players", "3", "--vs", "random", "--vs", "random", "--vs", "random"],
            "one --vs per computer seat (2: seats 1, 2); got 3",
        ),
        (["play", "spring", "--players", "3", "--seat", "3"], "--seat 3: spring has seats 0 to 2"),
    ],
)
def test_clear_errors(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert run(monkeypatch, argv) == 2
    assert message in capsys.readouterr().err


def test_players_sets_the_option_and_agrees_with_the_same_option(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [
        "play",
        "spring",
        "--players",
        "3",
        "--options",
        "players=3",
        "--seat",
        "1",
        "--vs",
        "random",
        "--vs",
        "heuristic",
        "--seed",
        "5",
        "--save-dir",
        str(tmp_path),
    ]
    assert run(monkeypatch, args, "") == 130  # no input: saved on the spot
    (save_path,) = tmp_path.glob("*-autosave.json")
    save = load_save(save_path)
    assert save.seats == ["random", HUMAN, "heuristic"] and save.record.options["players"] == 3
    assert "Player 1 (you)" in capsys.readouterr().out


@pytest.mark.parametrize("players", [3, 4])
def test_seats_for_three_and_four(players: int) -> None:
    game = load_game("spring", {"players": players})
    assert choose_seats(game, "random", False, None).seats == [HUMAN] + ["random"] * (players - 1)
    specs = ["heuristic", "random"][: players - 2]
    seating = choose_seats(game, specs, False, [0, players - 1])
    assert seating.seats == [HUMAN, *specs, HUMAN] and seating.humans == [0, players - 1]
    assert choose_seats(game, None, True, None).seats == [HUMAN] * players
    with pytest.raises(SetupError, match="one --vs per computer seat"):
        choose_seats(game, ["random"] * players, False, None)
