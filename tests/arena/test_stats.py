from __future__ import annotations

import math

import pytest

from dwarfhall.arena.results import GameResult
from dwarfhall.arena.stats import (
    component_stats,
    elo,
    first_player_tallies,
    seat_tallies,
    share_text,
    summarize,
    wilson,
)


def _game(
    seats: tuple[int, ...],
    returns: list[float],
    first: int = 0,
    components: list[dict[str, int]] | None = None,
    index: int = 0,
) -> GameResult:
    return GameResult(
        "p", index, seats, 1, returns, [0.0] * len(seats), 3, first, {}, components or [{} for _ in seats]
    )


def test_wilson_known_values() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_share_text_gives_the_share_and_its_wilson_interval() -> None:
    assert share_text(5, 10) == "50.0 % [23.7, 76.3]"
    assert share_text(0, 0) == "-"


def test_outcomes_wins_draws_losses_for_any_player_count() -> None:
    g = _game((0, 1, 2), [1.0, 1.0, -1.0])
    assert [g.outcome(s) for s in range(3)] == ["draw", "draw", "loss"]
    g = _game((0, 1), [-1.0, 1.0])
    assert [g.outcome(s) for s in range(2)] == ["loss", "win"]


def test_elo_matches_the_win_ratio() -> None:
    # agent 0 wins three games of four against agent 1: 400 * log10(3) = 191 points apart without the prior
    games = [_game((0, 1), [1.0, -1.0]) for _ in range(300)] + [_game((1, 0), [1.0, -1.0]) for _ in range(100)]
    (r0, se0), (r1, _) = elo(games, 2)
    assert r0 - r1 == pytest.approx(400 * math.log10(3), abs=3)
    assert (r0 + r1) / 2 == pytest.approx(1500)
    assert 0 < se0 < 30


def test_elo_stays_finite_when_an_agent_never_wins() -> None:
    (r0, _), (r1, _) = elo([_game((0, 1), [1.0, -1.0]) for _ in range(20)], 2)
    assert math.isfinite(r0) and math.isfinite(r1) and r0 > r1 + 200


def test_seat_and_first_player_tallies() -> None:
    games = [_game((0, 1), [1.0, -1.0], first=0), _game((1, 0), [1.0, -1.0], first=1), _game((0, 1), [0.0, 0.0])]
    seats = seat_tallies(games, 2)
    assert (seats[0].wins, seats[0].draws, seats[1].wins) == (2, 1, 0)
    first, others = first_player_tallies(games)
    assert (first.wins, first.games, others.wins, others.losses) == (1, 3, 1, 1)


def test_component_impact() -> None:
    games = [
        _game((0, 1), [1.0, -1.0], components=[{"axe": 2}, {"shield": 1}], index=0),
        _game((0, 1), [-1.0, 1.0], components=[{"shield": 1}, {"axe": 1}], index=1),
        _game((0, 1), [1.0, -1.0], components=[{"axe": 1}, {}], index=2),
    ]
    stats = {s.component: s for s in component_stats(games)}
    assert stats["axe"].uses == 4 and stats["axe"].with_it.games == 3 and stats["axe"].with_it.wins == 3
    assert stats["axe"].without.games == 3 and stats["axe"].without.wins == 0
    assert stats["shield"].with_it.wins == 0
    assert [s.component for s in component_stats(games)] == ["axe", "shield"]  # best first


def test_summary_is_json_ready() -> None:
    import json

    games = [_game((0, 1), [1.0, -1.0], index=i) for i in range(4)]
    summary = summarize(games, ["a", "b"], 2)
    json.dumps(summary)
    assert summary["agents"][0]["wins"] == 4 and summary["agents"][0]["elo"] > summary["agents"][1]["elo"]


def test_pairing_elo_is_fitted_per_pairing() -> None:
    from dataclasses import replace

    from dwarfhall.arena.stats import pairing_elo

    strong = [replace(_game((0, 1), [1.0, -1.0], index=i), pairing="0-1") for i in range(30)]
    even = [replace(_game((1, 2), [1.0, -1.0] if i % 2 else [-1.0, 1.0], index=i), pairing="1-2") for i in range(30)]
    table = pairing_elo(strong + even)
    assert table["0-1"][0] - table["0-1"][1] > 300
    assert table["1-2"][1] == pytest.approx(table["1-2"][2], abs=1e-6)
    assert sum(table["1-2"].values()) / 2 == pytest.approx(1500)
