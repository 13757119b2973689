"""The arena's time estimate: from game durations per pairing, driven by a fake clock."""

from __future__ import annotations

import io

import pytest

from dwarfhall.arena.estimate import TimeLeft, interleaved
from dwarfhall.arena.plan import GameTask, RunSpec, plan_tasks
from dwarfhall.arena.progress import Progress
from dwarfhall.arena.results import GameResult
from dwarfhall.arena.runner import plan_line


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _tasks(pairing: str, seats: tuple[int, ...], games: int) -> list[GameTask]:
    return [GameTask(pairing, i, seats, i) for i in range(games)]


def _done(task: GameTask, seconds: float) -> GameResult:
    zeros = [0.0] * len(task.seats)
    return GameResult(task.pairing, task.index, task.seats, task.seed, zeros, zeros, 1, 0, {}, duration=seconds)


def test_slow_pairings_weigh_by_their_own_game_durations() -> None:
    clock = FakeClock()
    fast, slow = _tasks("0-1", (0, 1), 10), _tasks("0-2", (0, 2), 10)
    estimate = TimeLeft(fast + slow, clock=clock)
    for task in fast[:5]:  # one worker: wall time passes as the games play
        clock.now += 0.1
        estimate.observe([_done(task, 0.1)])
    clock.now += 2.0
    estimate.observe([_done(slow[0], 2.0)])
    # 5 fast games of 0.1 s and 9 slow ones of 2 s are left, played one at a time
    assert estimate.seconds_left() == pytest.approx(5 * 0.1 + 9 * 2.0)
    # the overall rate (6 games in 2.5 s) would have promised 14 / 2.4 = 5.8 s: the old, wrong figure
    assert 14 / (6 / 2.5) < 6


def test_parallel_workers_divide_the_work_left() -> None:
    clock = FakeClock()
    tasks = _tasks("0-1", (0, 1), 10)
    estimate = TimeLeft(tasks, clock=clock)
    clock.now += 1.0
    estimate.observe([_done(t, 1.0) for t in tasks[:4]])  # four games of 1 s each finished within 1 s
    assert estimate.seconds_left() == pytest.approx(6 * 1.0 / 4)
    assert estimate.seconds_left(games_left=3) == pytest.approx(3 * 1.0 / 4)  # others played three meanwhile


def test_a_pairing_not_seen_yet_is_priced_from_its_agents() -> None:
    clock = FakeClock()
    ab, ac, bc = _tasks("0-1", (0, 1), 2), _tasks("0-2", (0, 2), 2), _tasks("1-2", (1, 2), 2)
    estimate = TimeLeft(ab + ac + bc, clock=clock)
    clock.now += 4.0
    estimate.observe([_done(ab[0], 1.0), _done(ac[0], 3.0)])
    # agent shares per game: 0 -> (0.5 + 1.5) / 2 = 1.0, 1 -> 0.5, 2 -> 1.5; so a game of 1-2 costs 2.0
    assert estimate.per_game("1-2") == pytest.approx(2.0)
    parallel = 4.0 / 4.0
    assert estimate.seconds_left() == pytest.approx((1 * 1.0 + 1 * 3.0 + 2 * 2.0) / parallel)


def test_nothing_is_promised_before_a_game_finished() -> None:
    clock = FakeClock()
    estimate = TimeLeft(_tasks("0-1", (0, 1), 3), clock=clock)
    clock.now += 5
    assert estimate.seconds_left() is None
    bar = Progress(3, stream=io.StringIO(), estimate=estimate, clock=clock)
    assert "time left unknown" in bar.line()


def test_the_progress_line_shows_the_estimate() -> None:
    clock = FakeClock()
    fast, slow = _tasks("0-1", (0, 1), 10), _tasks("0-2", (0, 2), 10)
    stream = io.StringIO()
    bar = Progress(20, stream=stream, every=0.0, estimate=TimeLeft(interleaved(fast + slow), clock=clock), clock=clock)
    for fast_game, slow_game in zip(fast[:5], slow[:5], strict=True):
        clock.now += 3.0
        bar.advance(2, [_done(fast_game, 1.0), _done(slow_game, 5.0)])
    # 5 + 5 games left at 1 s and 5 s of play, with play running at (5 * 6 s) / 15 s = 2 seconds per second
    assert bar.line().endswith("0:15 left") and "10/20 games" in bar.line()


def test_interleaved_order_visits_every_pairing_early() -> None:
    tasks = plan_tasks(RunSpec("arena", "g", {}, ("a", "b", "c"), 1, 3), 2)
    order = [(t.pairing, t.index) for t in interleaved(tasks)]
    assert order[:3] == [("0-1", 0), ("0-2", 0), ("1-2", 0)]
    assert sorted(order) == sorted((t.pairing, t.index) for t in tasks)


def test_the_start_of_a_run_says_how_games_are_counted() -> None:
    line = plan_line(RunSpec("arena", "g", {}, ("a", "b", "c"), 1, 40), 120, 0)
    assert line == "arena: 3 pairings x 40 games (--games counts per pairing) = 120 games"
    assert plan_line(RunSpec("simulate", "g", {}, ("a",), 1, 500), 500, 20) == (
        "simulate: 500 games in total, 20 already stored"
    )
