"""An interrupted run resumes: no finished game is played twice, none is missing, the games are the same."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from dwarfhall.arena.backends import Backend, InlineBackend, OnResults, ProcessBackend
from dwarfhall.arena.plan import GameTask
from dwarfhall.arena.play import Job
from dwarfhall.arena.results import GameResult

from ..support.databases import query_one, table_names
from .games import ComponentKuhnGame
from .helpers import essence, play, stored

ENTRY = Path(__file__).with_name("cli_entry.py")
ROOT = Path(__file__).resolve().parents[2]


class _InterruptAfter(Backend):
    """Hands over `batches` result batches, then behaves as if Ctrl-C was pressed."""

    name = "interrupting"

    def __init__(self, inner: Backend, batches: int) -> None:
        self.inner = inner
        self.batches = batches

    def run(self, job: Job, tasks: Sequence[GameTask], on_results: OnResults) -> None:
        seen = 0

        def relay(results: list[GameResult]) -> None:
            nonlocal seen
            on_results(results)
            seen += 1
            if seen == self.batches:
                raise KeyboardInterrupt

        self.inner.run(job, tasks, relay)


def _key_counts(db: str | Path) -> tuple[int, int]:
    row = query_one(db, "SELECT count(*), count(DISTINCT pairing || '#' || game_index) FROM arena_games")
    return int(row[0]), int(row[1])


@pytest.mark.parametrize("inner", [InlineBackend(), ProcessBackend(2)], ids=["inline", "processes"])
def test_interrupted_run_resumes(ckuhn: ComponentKuhnGame, tmp_path: Path, inner: Backend, database: str) -> None:
    specs = ("random", "ismcts:iters=20")
    db = database
    with pytest.raises(KeyboardInterrupt):
        play(db, _InterruptAfter(inner, 3), "ckuhn", specs, 9, 60)
    partial, distinct = _key_counts(db)
    assert 0 < partial < 60 and partial == distinct
    outcome = play(db, InlineBackend(), "ckuhn", specs, 9, 60)
    assert outcome.skipped == partial and outcome.played == 60 - partial
    assert _key_counts(db) == (60, 60)
    play(tmp_path / "clean.sqlite", InlineBackend(), "ckuhn", specs, 9, 60)
    assert essence(stored(db)) == essence(stored(tmp_path / "clean.sqlite"))


def _wait_for_games(db: str, at_least: int, proc: subprocess.Popen[str], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, f"the run ended before it could be interrupted: {proc.communicate()}"
        if "arena_games" in table_names(db) and _key_counts(db)[0] >= at_least:
            return
        time.sleep(0.05)
    raise AssertionError("no games were stored in time")


@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGKILL], ids=["ctrl-c", "kill-9"])
def test_killed_command_resumes(how: signal.Signals, database: str) -> None:
    db = database
    # the search spends its whole 0.04 s of wall time on each decision, so the run lasts seconds on any machine
    # (a count of iterations took 6 ms a game compiled: all games were stored before the interruption came)
    command = [sys.executable, str(ENTRY), "arena", "ckuhn", "--agents", "random", "ismcts:time=0.04,stop=budget",
               "--games", "200", "--seed", "4", "--workers", "2", "--db", db]  # fmt: skip
    # Ctrl-C as in a terminal: a suite started in the background inherits an ignored SIGINT, so restore it
    proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # fmt: skip
    try:
        _wait_for_games(db, 20, proc)
        proc.send_signal(how)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    if how == signal.SIGINT:
        assert proc.returncode == 130
        assert "run the same command again to resume" in err and "Traceback" not in err
    partial, distinct = _key_counts(db)
    assert 20 <= partial < 200 and partial == distinct
    done = subprocess.run([*command, "--quiet"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"({partial} games were already stored and not played again)" in done.stdout
    assert _key_counts(db) == (200, 200)
