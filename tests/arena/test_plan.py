from __future__ import annotations

import pytest

from dwarfhall.arena.errors import ArenaError
from dwarfhall.arena.plan import RunSpec, agent_seed, derive_seed, lineups, plan_tasks


def test_derive_seed_is_fixed_and_spreads() -> None:
    assert derive_seed(1, "0-1", 0) == derive_seed(1, "0-1", 0)
    seeds = {derive_seed(1, "0-1", i) for i in range(1000)}
    assert len(seeds) == 1000 and all(0 <= s < 1 << 63 for s in seeds)
    assert derive_seed(1, "0-1", 0) != derive_seed(2, "0-1", 0) != derive_seed(1, "0-2", 0)
    assert agent_seed(5, 0) != agent_seed(5, 1)


def test_round_robin_with_seats_swapped() -> None:
    table = lineups("arena", 3, 2)
    assert table == {"0-1": [(0, 1), (1, 0)], "0-2": [(0, 2), (2, 0)], "1-2": [(1, 2), (2, 1)]}
    tasks = plan_tasks(RunSpec("arena", "g", {}, ("a", "b", "c"), 7, 4), 2)
    assert len(tasks) == 12
    assert [t.seats for t in tasks if t.pairing == "0-1"] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    assert len({t.seed for t in tasks}) == 12


def test_seeds_do_not_depend_on_the_number_of_games() -> None:
    short = plan_tasks(RunSpec("arena", "g", {}, ("a", "b"), 7, 3), 2)
    long = plan_tasks(RunSpec("arena", "g", {}, ("a", "b"), 7, 10), 2)
    assert long[:3] == short  # a run can be extended without changing its first games


def test_three_player_rotations_and_self_play() -> None:
    assert lineups("arena", 3, 3) == {"0-1-2": [(0, 1, 2), (1, 2, 0), (2, 0, 1)]}
    assert lineups("arena", 1, 2) == {"0": [(0, 0)]}
    assert lineups("simulate", 2, 2) == {"0-1": [(0, 1)]}
    assert lineups("simulate", 1, 3) == {"0": [(0, 0, 0)]}


@pytest.mark.parametrize(
    ("kind", "specs", "players", "message"),
    [
        ("arena", 2, 3, "at least 3 specs"),
        ("simulate", 3, 2, "one agent spec for every seat"),
        ("arena", 0, 2, "at least one agent spec"),
    ],
)
def test_bad_lineups(kind: str, specs: int, players: int, message: str) -> None:
    with pytest.raises(ArenaError, match=message):
        lineups(kind, specs, players)  # type: ignore[arg-type]


def test_bad_counts_and_seeds() -> None:
    with pytest.raises(ArenaError, match="--games must be at least 1"):
        plan_tasks(RunSpec("arena", "g", {}, ("a", "b"), 7, 0), 2)
    with pytest.raises(ArenaError, match="--seed must be in"):
        plan_tasks(RunSpec("arena", "g", {}, ("a", "b"), -1, 5), 2)
