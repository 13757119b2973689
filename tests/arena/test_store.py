"""The arena's results store on SQLite and PostgreSQL, and the SQLite files written before migrations."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from dwarfhall.arena.backends import InlineBackend
from dwarfhall.arena.errors import StoreError
from dwarfhall.arena.plan import RunSpec
from dwarfhall.arena.store import open_store
from dwarfhall.storage import StorageError

from ..support.databases import query_one, table_names
from ..support.kuhn import KuhnGame
from .helpers import play, stored

FIXTURES = Path(__file__).with_name("fixtures")
LEGACY = FIXTURES / "arena-v0.sqlite"  # written by the SQLite store before the storage layer existed


def test_saving_twice_stores_each_game_once(kuhn: KuhnGame, db: str) -> None:
    play(db, InlineBackend(), "kuhn", ("random", "heuristic"), 3, 10)
    results = stored(db)
    assert len(results) == 10
    with open_store(db) as store:
        assert store.save(1, results) == 0
        assert store.save(1, []) == 0
        assert store.count(1) == 10
    counts = query_one(db, "SELECT count(*), count(DISTINCT pairing || '#' || game_index) FROM arena_games")
    assert counts == (10, 10)


def test_a_new_game_among_stored_ones_is_counted_alone(kuhn: KuhnGame, db: str) -> None:
    play(db, InlineBackend(), "kuhn", ("random", "heuristic"), 3, 4)
    results = stored(db)
    extra = dataclasses.replace(results[0], index=99)
    with open_store(db) as store:
        assert store.save(1, [*results, extra]) == 1
        assert store.count(1) == 5
        assert [r.index for r in store.results(1)][-1] == 99


def test_run_identity_and_growing_plan(db: str) -> None:
    with open_store(db) as store:
        first = store.open_run(RunSpec("arena", "g", {"a": 1}, ("x", "y"), 5, 10), 20, 2)
        again = store.open_run(RunSpec("arena", "g", {"a": 1}, ("x", "y"), 5, 30), 60, 2)
        other = store.open_run(RunSpec("arena", "g", {"a": 1}, ("x", "y"), 6, 10), 20, 2)
        assert first.id == again.id != other.id
        assert again.planned == 60 and again.spec.games == 30
        smaller = store.open_run(RunSpec("arena", "g", {"a": 1}, ("x", "y"), 5, 5), 10, 2)
        assert smaller.planned == 60  # a smaller request never hides stored games
        assert [r.id for r in store.runs()] == [first.id, other.id]


def test_the_largest_seed_and_a_summary_round_trip(db: str) -> None:
    seed = (1 << 63) - 1  # seeds are 63-bit: they need PostgreSQL's bigint
    with open_store(db) as store:
        info = store.open_run(RunSpec("simulate", "g", {}, ("x",), seed, 3), 3, 2)
        store.save_summary(info.id, {"games": 3, "agents": ["x"]})
    with open_store(db) as store:
        again = store.run(info.id)
    assert again.spec.seed == seed and again.summary == {"games": 3, "agents": ["x"]}


def test_unknown_run_names_the_known_ones(db: str) -> None:
    with open_store(db) as store:
        store.open_run(RunSpec("arena", "g", {}, ("x",), 5, 1), 1, 2)
        with pytest.raises(StoreError, match=r"no run 9 .* runs there: 1"):
            store.run(9)


def test_bad_database_targets(tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite"
    junk.write_text("this is not a database, just text " * 100)
    with pytest.raises(StorageError, match=f"{junk} is not a SQLite database"):
        open_store(junk)
    with pytest.raises(StorageError, match="mysql is not supported"):
        open_store("mysql://host/db")


def _expected() -> dict[str, Any]:
    expected: dict[str, Any] = json.loads((FIXTURES / "arena-v0.expected.json").read_text())
    return expected


def test_a_file_from_before_migrations_is_read_whole_and_renamed_in_place(tmp_path: Path) -> None:
    copy = tmp_path / "old.sqlite"
    shutil.copy(LEGACY, copy)
    assert table_names(copy) == {"runs", "games"}
    expected = _expected()
    for _ in range(2):  # the first opening migrates, the second finds the file current
        with open_store(copy) as store:
            runs = store.runs()
            assert [_plain(r) for r in runs] == expected["runs"]
            for run in runs:
                assert [_plain(g) for g in store.results(run.id)] == expected["results"][str(run.id)]
    tables = table_names(copy)
    assert {"alembic_version", "arena_runs", "arena_games"} <= tables and not {"runs", "games"} & tables
    assert query_one(copy, "SELECT count(*) FROM arena_games") == (5,)


def _plain(value: Any) -> Any:
    """A dataclass as the JSON the fixture's contents were written as (tuples become lists)."""
    return json.loads(json.dumps(dataclasses.asdict(value)))


def test_an_old_file_keeps_growing_after_its_migration(tmp_path: Path) -> None:
    copy = tmp_path / "old.sqlite"
    shutil.copy(LEGACY, copy)
    with open_store(copy) as store:
        duel = store.runs()[0]
        results = store.results(duel.id)
        assert store.save(duel.id, [dataclasses.replace(results[0], index=50)]) == 1
        assert store.count(duel.id) == len(results) + 1
