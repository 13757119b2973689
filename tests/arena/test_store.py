from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from dwarfhall.arena.backends import InlineBackend
from dwarfhall.arena.errors import StoreError
from dwarfhall.arena.plan import RunSpec
from dwarfhall.arena.store import open_store

from ..support.kuhn import KuhnGame
from .helpers import play, stored


def test_saving_twice_stores_each_game_once(kuhn: KuhnGame, db: Path) -> None:
    play(db, InlineBackend(), "kuhn", ("random", "heuristic"), 3, 10)
    results = stored(db)
    assert len(results) == 10
    with open_store(db) as store:
        assert store.save(1, results) == 0
        assert store.count(1) == 10
    with sqlite3.connect(db) as raw:
        assert raw.execute("SELECT count(*), count(DISTINCT pairing || '#' || game_index) FROM games").fetchone() == (
            10,
            10,
        )


def test_run_identity_and_growing_plan(db: Path) -> None:
    with open_store(db) as store:
        first = store.open_run(RunSpec("arena", "g", {"a": 1}, ("x", "y"), 5, 10), 20, 2)
        again = store.open_run(RunSpec("arena", "g", {"a": 1}, ("x", "y"), 5, 30), 60, 2)
        other = store.open_run(RunSpec("arena", "g", {"a": 1}, ("x", "y"), 6, 10), 20, 2)
        assert first.id == again.id != other.id
        assert again.planned == 60 and again.spec.games == 30
        smaller = store.open_run(RunSpec("arena", "g", {"a": 1}, ("x", "y"), 5, 5), 10, 2)
        assert smaller.planned == 60  # a smaller request never hides stored games
        assert [r.id for r in store.runs()] == [first.id, other.id]


def test_unknown_run_names_the_known_ones(db: Path) -> None:
    with open_store(db) as store:
        store.open_run(RunSpec("arena", "g", {}, ("x",), 5, 1), 1, 2)
        with pytest.raises(StoreError, match=r"no run 9 .* runs there: 1"):
            store.run(9)


def test_bad_database_targets(tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite"
    junk.write_text("this is not a database, just text " * 100)
    with pytest.raises(StoreError, match="cannot open results database"):
        open_store(junk)
    with pytest.raises(StoreError, match="postgresql databases are not supported yet"):
        open_store("postgresql://host/db")
