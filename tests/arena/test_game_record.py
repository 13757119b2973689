"""The arena reads the game's declared record (core.info): its maximum length bounds every game it plays. A game
still going there (two cautious players in a game without a turn limit) is cut off and scored as a draw, and the
results, the summary and the report's replay say so: a run never stops on it, and resuming never meets it again."""

from __future__ import annotations

from dataclasses import replace

import pytest
from examples.template import HighDrawGame

from dwarfhall.agents.base import make_agent
from dwarfhall.agents.runner import play_game
from dwarfhall.arena.gamestats import replay_run
from dwarfhall.arena.plan import GameTask
from dwarfhall.arena.play import play_one
from dwarfhall.arena.results import CUT_OFF
from dwarfhall.arena.stats import summarize


class ShortHighDraw(HighDrawGame):
    info = replace(HighDrawGame.info, max_length=3)


def test_a_game_longer_than_its_declared_maximum_length_is_cut_off_as_a_draw() -> None:
    task = GameTask("0-1", 0, (0, 1), 5)
    whole = play_one(HighDrawGame(), ("random", "random"), task)
    assert whole.length == 6 and not whole.cut_off  # three turns each
    assert sorted(whole.returns) != [0.0, 0.0]  # this deal has a winner: the draw below is the cut's
    cut = play_one(ShortHighDraw(), ("random", "random"), task)
    assert cut.length == 3 and cut.cut_off
    assert cut.returns == [0.0, 0.0] and cut.outcome(0) == cut.outcome(1) == "draw"
    assert cut.record["meta"][CUT_OFF] == 3 and len(cut.record["actions"]) == 3  # the record ends where it was cut


def test_the_summary_and_the_replay_count_the_games_cut_off() -> None:
    tasks = [GameTask("0-1", i, (0, 1) if i % 2 == 0 else (1, 0), 5 + i) for i in range(4)]
    results = [play_one(ShortHighDraw(), ("random", "random"), task) for task in tasks]
    summary = summarize(results, ["random", "random"], 2)
    assert summary["cut_off"] == 4
    replayed = replay_run(ShortHighDraw(), results, show_progress=False)
    assert (replayed.cut_off, replayed.skipped, replayed.values) == (4, 0, [])  # not "no longer replays"
    whole = [play_one(HighDrawGame(), ("random", "random"), task) for task in tasks]
    assert summarize(whole, ["random", "random"], 2)["cut_off"] == 0


def test_outside_the_arena_a_game_past_the_bound_is_an_error_unless_cut_off_is_asked() -> None:
    agents = [make_agent("random", 1), make_agent("random", 2)]
    with pytest.raises(RuntimeError, match="did not end within 3 actions"):
        play_game(HighDrawGame(), agents, 5, max_actions=3)
    assert not play_game(HighDrawGame(), agents, 5, max_actions=3, cut_off=True).is_terminal
