"""Run a planned set of games: skip what is stored, play the rest on a backend, save as results arrive."""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dwarfhall.agents.base import check_spec
from dwarfhall.core.game import Game
from dwarfhall.core.registry import game_class, load_game

from .backends import Backend
from .claims import Claims
from .estimate import TimeLeft, interleaved
from .plan import Kind, RunSpec, plan_tasks
from .play import GameRef, Job
from .progress import Progress
from .results import GameResult
from .sources import ClaimingSource
from .stats import summarize
from .store import ResultStore, RunInfo

FLUSH_SECONDS = 1.0  # results wait at most this long in memory before they are committed
FLUSH_GAMES = 500


WAIT_SECONDS = 1.0  # how often a process that has nothing left to claim looks at the others' progress


@dataclass
class RunOutcome:
    run: RunInfo
    played: int  # games played in this invocation
    skipped: int  # games found stored from earlier invocations
    summary: dict[str, Any]
    elsewhere: int = 0  # games other processes sharing the run stored meanwhile


def prepare(
    kind: Kind, game_name: str, option_words: Sequence[str], specs: Sequence[str], seed: int, games: int
) -> tuple[Game[Any], RunSpec]:
    """Checks everything a run needs before any game starts; every error names the bad input."""
    options = game_class(game_name).options_type.from_strings(list(option_words))
    game = load_game(game_name, options)
    for spec in specs:
        check_spec(spec, game)  # bad specs fail here, not in a worker an hour later
    run_spec = RunSpec(kind, game_name, game.options.to_dict(), tuple(specs), seed, games)
    plan_tasks(run_spec, game.num_players)  # checks counts and seed
    return game, run_spec


class _Saver:
    """Buffers results and commits them in batches: fast for tiny games, safe for long ones."""

    def __init__(self, store: ResultStore, run_id: int, progress: Progress) -> None:
        self.store = store
        self.run_id = run_id
        self.progress = progress
        self.buffer: list[GameResult] = []
        self.last_flush = time.monotonic()
        self.saved = 0

    def __call__(self, results: list[GameResult]) -> None:
        self.buffer.extend(results)
        self.progress.advance(len(results), results)
        if len(self.buffer) >= FLUSH_GAMES or time.monotonic() - self.last_flush >= FLUSH_SECONDS:
            self.flush()

    def flush(self) -> None:
        if self.buffer:
            self.saved += self.store.save(self.run_id, self.buffer)
            self.buffer = []
        self.last_flush = time.monotonic()


def run(
    store: ResultStore,
    game: Game[Any],
    spec: RunSpec,
    backend: Backend,
    progress: bool | Progress = True,
) -> RunOutcome:
    """Plays every planned game not yet stored, sharing the work with other processes on the same run.

    Each game is claimed in the database before it is played, so processes started on one run divide its
    games; one that runs out of games waits for the others' to be stored. On Ctrl-C or an error, finished
    games are saved and the claims given back first.
    """
    tasks = interleaved(plan_tasks(spec, game.num_players))
    info = store.open_run(spec, len(tasks), game.num_players)
    finished = store.finished_keys(info.id)
    skipped = len(finished)
    if isinstance(progress, Progress):
        bar = progress
    else:
        estimate = TimeLeft([t for t in tasks if t.key not in finished])
        bar = Progress(len(tasks), skipped, enabled=progress, estimate=estimate)
    if bar.enabled:
        print(plan_line(spec, len(tasks), skipped), file=sys.stderr)
    saver = _Saver(store, info.id, bar)
    job = Job(GameRef.of(spec.game), dict(spec.options), spec.specs)
    shown = waiting = False
    claims = Claims(store.db, info.id)
    try:
        while len(finished) < len(tasks):
            source = ClaimingSource(claims, [t for t in tasks if t.key not in finished])
            if source.prime():
                if not shown:
                    bar.show()  # at once: the first results may take a while
                    shown = True
                backend.run(job, source, saver)
                saver.flush()
            else:
                if claims.error is not None:
                    raise claims.error
                if not waiting and bar.enabled:
                    print(f"waiting for {claims.elsewhere()} games that other processes are playing", file=sys.stderr)
                    waiting = True
                time.sleep(WAIT_SECONDS)  # the rest is being played elsewhere: wait for it to be stored
            finished = store.finished_keys(info.id)
            bar.done = max(bar.done, len(finished))
    finally:
        saver.flush()
        claims.close()
        if shown:
            bar.close()
    elsewhere = len(finished) - skipped - saver.saved
    return RunOutcome(store.run(info.id), saver.saved, skipped, refresh_summary(store, info), elsewhere)


def plan_line(spec: RunSpec, planned: int, stored: int) -> str:
    """What a run is about to play, said first: `--games` counts per pairing in an arena."""
    if spec.kind == "arena":
        pairings = planned // spec.games
        line = (
            f"arena: {pairings} pairing{'s' if pairings != 1 else ''} x {spec.games} games "
            f"(--games counts per pairing) = {planned} games"
        )
    else:
        line = f"simulate: {planned} games in total"
    return line + (f", {stored} already stored" if stored else "")


def refresh_summary(store: ResultStore, info: RunInfo) -> dict[str, Any]:
    summary = summarize(store.results(info.id), info.spec.specs, info.num_players)
    summary["planned"] = info.planned
    store.save_summary(info.id, summary)
    return summary


def options_text(options: Mapping[str, Any]) -> str:
    return " ".join(f"{k}={v}" for k, v in sorted(options.items())) or "defaults"
