"""The arena, simulate and report commands: results, resumption and clear errors (exit 2, no traceback)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dwarfhall.cli import main

from ..support.kuhn import KuhnGame
from .games import ComponentKuhnGame


def test_arena_prints_standings_and_resumes(kuhn: KuhnGame, db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "kuhn", "--agents", "random", "ismcts:iters=30", "--games", "20", "--workers", "1",
            "--db", str(db), "--seed", "3"]  # fmt: skip
    assert main(args) == 0
    out, err = capsys.readouterr()
    assert "games stored: 20 of 20 planned" in out and "Elo ± se" in out and "ismcts:iters=30" in out
    assert "20/20 games (100%)" in err  # the progress bar's last line
    assert main(args) == 0
    out, _ = capsys.readouterr()
    assert "(20 games were already stored and not played again)" in out


def test_simulate_then_report(ckuhn: ComponentKuhnGame, db: Path, tmp_path: Path,
                              capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    assert main(["simulate", "ckuhn", "--agents", "random", "--games", "40", "--workers", "1", "--db", str(db),
                 "--quiet"]) == 0  # fmt: skip
    out, err = capsys.readouterr()
    assert "games stored: 40 of 40 planned" in out and err == ""
    assert main(["report", "--db", str(db), "--list"]) == 0
    assert "simulate  ckuhn  40/40" in capsys.readouterr().out
    assert main(["report", "--db", str(db), "--run", "1", "--out", str(tmp_path / "rep")]) == 0
    out, _ = capsys.readouterr()
    assert str(tmp_path / "rep" / "report.html") in out
    assert (tmp_path / "rep" / "components.png").stat().st_size > 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["arena", "nosuchgame", "--agents", "random"], "unknown game 'nosuchgame'"),
        (["arena", "kuhn", "--agents", "random", "alphazero"], "unknown agent 'alphazero'"),
        (["arena", "kuhn", "--agents", "random", "ismcts:iters=lots"], "iters='lots' is not a whole number"),
        (["arena", "kuhn", "--agents", "random", "ismcts:speed=3"], "unknown parameter(s) speed"),
        (["arena", "kuhn", "--agents", "random", "--options", "decks=3"], "unknown option(s) decks"),
        (["arena", "kuhn", "--agents", "random", "--options", "decks"], "should look like name=value"),
        (["arena", "kuhn", "--agents", "random", "--games", "0"], "--games must be at least 1"),
        (["arena", "kuhn", "--agents", "random", "--workers", "0"], "--workers must be at least 1"),
        (["arena", "kuhn", "--agents", "random", "--address", "auto"], "--address is for --backend ray only"),
        (["simulate", "kuhn", "--agents", "random", "random", "random"], "one agent spec for every seat"),
        (
            ["arena", "kuhn", "--agents", "random", "--backend", "ray", "--address", "127.0.0.1:1"],
            "cannot reach the Ray cluster at 127.0.0.1:1",
        ),
        (["report", "--db", "/nonexistent/x.sqlite"], "no results database at /nonexistent/x.sqlite"),
    ],
)
def test_bad_input_gives_a_message_and_exit_2(
    kuhn: KuhnGame, db: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    if args[0] != "report":
        args = [*args, "--db", str(db)]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not db.exists() or args[0] == "report"  # nothing was created for a refused run


def test_report_of_unknown_run(kuhn: KuhnGame, db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "kuhn", "--agents", "random", "--games", "2", "--workers", "1", "--db", str(db),
                 "--quiet"]) == 0  # fmt: skip
    capsys.readouterr()
    assert main(["report", "--db", str(db), "--run", "7"]) == 2
    assert "no run 7" in capsys.readouterr().err


def test_argparse_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["arena", "kuhn"])  # --agents missing
    assert exit_info.value.code == 2
    assert "--agents" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["arena", "kuhn", "--agents", "random", "--seed", "-5"], "--seed must be in 0..9223372036854775807, got -5"),
        (["simulate", "kuhn", "--agents", "random", "--seed", str(1 << 63)], "--seed must be in 0.."),
        (["arena", "kuhn", "--agents", "random", "ismcts:c=inf"], "ismcts: c must be a number from 0 to 100, got inf"),
        (["simulate", "kuhn", "--agents", "ismcts:c=nan"], "ismcts: c must be a number from 0 to 100, got nan"),
        (["arena", "kuhn", "--agents", "random", "ismcts:time=-1"], "time must be a positive number of seconds"),
        (["arena", "kuhn", "--agents", "random", "--workers", "100000"], "--workers must be at least 1 and at most"),
        (["simulate", "kuhn", "--agents", "random", "--workers", "100000"], "per core on this machine"),
        (["arena", "kuhn", "--agents", "random", "--backend", "ray", "--workers", "5000"], "at most 1024 (with Ray)"),
        (["arena", "kuhn", "--agents", "random", "--games", "10000000000"], "at most 1,000,000 (per pairing)"),
        (["simulate", "kuhn", "--agents", "random", "--games", "10000000000"], "at most 1,000,000 (in total)"),
        (
            ["arena", "kuhn", "--games", "1000000", "--agents", "random", "heuristic", "ismcts:iters=5"],
            "a run plays at most 2,000,000 games in all; 3 pairings x --games 1,000,000 = 3,000,000",
        ),
    ],
)
def test_seeds_agent_parameters_workers_and_games_are_bounded_before_anything_starts(
    kuhn: KuhnGame, db: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main([*args, "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and message in err.strip().splitlines()[-1]  # a notice about an agent may precede
    assert not db.exists()


def test_help_states_the_limits(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["arena", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "at most 1,000,000" in out and "at most 4 per core, or 1024 with Ray" in out
    assert "0..9223372036854775807" in out
