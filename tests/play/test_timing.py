"""Hidden information by timing: a computer's answer among people takes the same time, choice or not."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dwarfhall.agents.base import make_agent
from dwarfhall.core import load_game
from dwarfhall.play import session as session_module
from dwarfhall.play.console import ScriptConsole
from dwarfhall.play.savefile import HUMAN
from dwarfhall.play.session import Session, Settings
from dwarfhall.play.timing import AnswerTiming


class FakeClock:
    """Time moves only when someone sleeps, or when a test says the agent thought for a while."""

    def __init__(self) -> None:
        self.time = 0.0
        self.sleeps: list[float] = []

    def now(self) -> float:
        return self.time

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.time += seconds


def test_a_forced_answer_waits_as_long_as_a_quick_choice() -> None:
    clock = FakeClock()
    timing = AnswerTiming(0.6, clock)
    delay = timing.delay_for(make_agent("heuristic", 0), people_watch=True)
    started = timing.start()
    timing.release(started, delay)  # a forced pass: found at once
    forced = clock.time - started
    started = timing.start()
    clock.time += 0.25  # a real choice that took a quarter of a second
    timing.release(started, delay)
    chosen = clock.time - started
    assert forced == pytest.approx(0.6) and chosen == pytest.approx(0.6)


def test_an_answer_that_outran_the_delay_waits_for_its_next_multiple() -> None:
    """A search slowed by a busy machine must not be released at its own time, which depends on the position."""
    clock = FakeClock()
    timing = AnswerTiming(0.5, clock)
    for took, released in ((0.7, 1.0), (1.0, 1.0), (1.2, 1.5)):
        started = timing.start()
        clock.time += took
        timing.release(started, 0.5)
        assert clock.time - started == pytest.approx(released)


def test_the_delay_covers_the_agents_own_budget_and_nothing_waits_without_people() -> None:
    timing = AnswerTiming(0.5, FakeClock())
    assert timing.delay_for(make_agent("ismcts:time=0.3", 0), people_watch=True) == 0.8
    assert timing.delay_for(make_agent("ismcts:time=0.3", 0), people_watch=False) == 0.0


def test_every_computer_answer_in_a_duel_takes_the_same_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """decisions.md: the bot's answer in a response window is released after the same fixed delay whether it
    had a choice or not; measured on a fake clock over whole games, forced passes included."""
    clock = FakeClock()
    real_agent_for = session_module.agent_for

    def thinking_agent(*args: Any) -> Any:
        agent = real_agent_for(*args)
        choose = agent.choose

        def slow_choose(view: Any) -> int:
            clock.time += 0.4  # a real choice takes the agent's time
            return choose(view)

        agent.choose = slow_choose  # type: ignore[method-assign]
        return agent

    monkeypatch.setattr(session_module, "agent_for", thinking_agent)
    spans: list[tuple[bool, float]] = []
    for seed in range(1, 30):
        state = load_game("duel").new_state(seed)
        settings = Settings("vs", [HUMAN, "random"], "en", tmp_path, delay=0.6)
        session = Session(state, settings, ScriptConsole(["1"] * 3000))
        session.timing = AnswerTiming(0.6, clock)
        original = session.computer_turn

        def measured(player: int, session: Session = session, original: Any = original) -> None:
            forced = len(session.state.legal_action_ids()) == 1
            window = bool(session.state.stack)  # type: ignore[attr-defined]
            before = clock.time
            original(player)
            if window:
                spans.append((forced, round(clock.time - before, 6)))

        session.computer_turn = measured  # type: ignore[method-assign]
        session.run()
        if {forced for forced, _ in spans} == {True, False}:
            break
    assert {forced for forced, _ in spans} == {True, False}, "the games had forced and chosen window answers"
    assert {span for _, span in spans} == {0.6}
