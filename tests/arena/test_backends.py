"""The same seed gives the same games, whichever backend and worker count plays them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from dwarfhall.arena.backends import MAX_CHUNK, Feeder, InlineBackend, ProcessBackend, RayBackend, make_backend
from dwarfhall.arena.errors import ArenaError
from dwarfhall.arena.plan import GameTask
from dwarfhall.arena.results import GameResult

from ..support.databases import postgres_schema
from .games import ComponentKuhnGame
from .helpers import essence, play, stored

SPECS = ("random", "heuristic", "ismcts:iters=30")
ROOT = Path(__file__).resolve().parents[2]


def _summary_without_timing(summary: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in summary.items() if k != "mean_duration"}


def test_one_worker_two_workers_and_ray_agree(ckuhn: ComponentKuhnGame, tmp_path: Path) -> None:
    one = play(tmp_path / "one.sqlite", InlineBackend(), "ckuhn", SPECS, 42, 16)
    two = play(tmp_path / "two.sqlite", ProcessBackend(2), "ckuhn", SPECS, 42, 16)
    reference = essence(stored(tmp_path / "one.sqlite"))
    assert len(reference) == 48
    assert essence(stored(tmp_path / "two.sqlite")) == reference
    assert _summary_without_timing(two.summary) == _summary_without_timing(one.summary)

    ray = pytest.importorskip("ray")
    # workers import the test game by module path, so they need the repository on their path
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"env_vars": {"PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "src")])}},
    )
    # the tournament goes into one shared PostgreSQL database by URL, as a cluster's driver would write it
    with postgres_schema() as url:
        try:
            on_ray = play(url, RayBackend(2), "ckuhn", SPECS, 42, 16)
            assert ray.is_initialized()  # an instance we did not start is left running
        finally:
            ray.shutdown()
        assert essence(stored(url)) == reference
    assert _summary_without_timing(on_ray.summary) == _summary_without_timing(one.summary)


def test_a_failing_game_names_its_seed(
    ckuhn: ComponentKuhnGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dwarfhall.arena import play as worker

    real = worker.play_one

    def flaky(game: object, specs: object, task: GameTask) -> object:
        if task.index == 3:
            raise ZeroDivisionError("boom")
        return real(game, specs, task)  # type: ignore[arg-type]

    monkeypatch.setattr(worker, "play_one", flaky)
    with pytest.raises(ArenaError, match=r"game 0-1#3 \(seed \d+, seats \[1, 0\]\) failed: ZeroDivisionError: boom"):
        play(tmp_path / "x.sqlite", InlineBackend(), "ckuhn", ("random", "random"), 1, 6)
    assert len(stored(tmp_path / "x.sqlite")) == 3  # the games before it are kept


def _results(chunk: list[GameTask], seconds: float) -> list[GameResult]:
    return [GameResult(t.pairing, t.index, t.seats, t.seed, [0.0, 0.0], [0.0, 0.0], 1, 0, {}, duration=seconds)
            for t in chunk]  # fmt: skip


@pytest.mark.parametrize(("seconds", "grown"), [(0.0001, MAX_CHUNK), (0.05, 5), (30.0, 1)])
def test_chunks_start_small_grow_for_fast_games_and_cover_every_task_once(seconds: float, grown: int) -> None:
    tasks = [GameTask("0-1", i, (0, 1), i) for i in range(500)]
    feeder = Feeder(tasks)
    handed: list[GameTask] = []
    sizes = []
    while feeder:
        chunk = feeder.take()
        sizes.append(len(chunk))
        handed += chunk
        feeder.observe(_results(chunk, seconds))
    assert handed == tasks
    assert sizes[0] == 1 and max(sizes) == grown


def test_backend_choice_errors() -> None:
    assert isinstance(make_backend("local", 1), InlineBackend)
    assert isinstance(make_backend("local", 3), ProcessBackend)
    with pytest.raises(ArenaError, match="--workers must be at least 1"):
        make_backend("local", 0)
    with pytest.raises(ArenaError, match="--address is for --backend ray only"):
        make_backend("local", 2, "auto")


class _SilentRay:
    """A stand-in for a Ray whose workers died at start: tasks are accepted and never answered."""

    class exceptions:  # the shape of ray.exceptions
        class RayError(Exception):
            pass

        class GetTimeoutError(RayError):
            pass

        class RayTaskError(RayError):
            pass

    def __init__(self) -> None:
        self.waited: list[float | None] = []
        self.shut = False

    def is_initialized(self) -> bool:
        return False

    def init(self, **kwargs: object) -> None:
        pass

    def shutdown(self) -> None:
        self.shut = True

    def remote(self, **kwargs: object) -> object:
        return lambda func: type("Remote", (), {"remote": staticmethod(lambda *a: object())})

    def get(self, ref: object, timeout: float | None = None) -> object:
        self.waited.append(timeout)
        raise self.exceptions.GetTimeoutError("no answer")


def test_a_ray_whose_workers_never_start_fails_with_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from dwarfhall.arena import backends

    silent = _SilentRay()
    monkeypatch.setattr(backends, "_import_ray", lambda: silent)
    monkeypatch.setattr(backends, "RAY_STARTUP_SECONDS", 0.5)
    tasks = [GameTask("0-1", 0, (0, 1), 0)]
    with pytest.raises(ArenaError, match=r"Ray ran no task within 0.5 s: its workers did not start"):
        RayBackend(2).run(None, tasks, lambda results: None)  # type: ignore[arg-type]
    assert silent.waited == [0.5]  # the first wait had a limit: without it the run waits forever
    assert silent.shut  # the Ray it started is shut down again
