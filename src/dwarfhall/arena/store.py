"""Where runs and game results live: one small interface, SQLite behind it.

A run is identified by (kind, game, options, specs, seed); each game by
(run, pairing, game index), a unique key, so re-running a command resumes it:
stored games are skipped and a game can never be stored twice.
"""

from __future__ import annotations

import json
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .errors import StoreError
from .plan import RunSpec
from .results import GameResult

DEFAULT_DB = "runs/arena.sqlite"


@dataclass(frozen=True)
class RunInfo:
    id: int
    spec: RunSpec
    planned: int  # games in the plan (all pairings)
    num_players: int
    created: str
    updated: str
    summary: dict[str, Any] | None


class ResultStore(ABC):
    """The storage interface the arena uses; a PostgreSQL store would implement the same methods."""

    @abstractmethod
    def open_run(self, spec: RunSpec, planned: int, num_players: int) -> RunInfo:
        """The run with this identity, created if new; its plan grows to `planned` games if larger."""

    @abstractmethod
    def finished_keys(self, run_id: int) -> set[tuple[str, int]]:
        """(pairing, game index) of every stored game of the run."""

    @abstractmethod
    def save(self, run_id: int, results: Sequence[GameResult]) -> int:
        """Stores results in one transaction, ignoring games already stored; returns how many were new."""

    @abstractmethod
    def results(self, run_id: int) -> list[GameResult]:
        """Every stored game of the run, ordered by pairing and game index."""

    @abstractmethod
    def count(self, run_id: int) -> int: ...

    @abstractmethod
    def run(self, run_id: int) -> RunInfo:
        """The run, or StoreError if there is none with that id."""

    @abstractmethod
    def runs(self) -> list[RunInfo]:
        """All runs, oldest first."""

    @abstractmethod
    def save_summary(self, run_id: int, summary: dict[str, Any]) -> None: ...

    @abstractmethod
    def close(self) -> None: ...

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_store(target: str | Path) -> ResultStore:
    """A store from a database path (SQLite); URLs of other databases are refused clearly."""
    text = str(target)
    if "://" in text:
        scheme = text.split("://", 1)[0]
        raise StoreError(f"--db {text}: {scheme} databases are not supported yet; give a SQLite file path")
    return SqliteStore(Path(text))


SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,              -- 'arena' or 'simulate'
    game TEXT NOT NULL,
    options TEXT NOT NULL,           -- JSON object, keys sorted
    specs TEXT NOT NULL,             -- JSON list of agent specs; agent i of the run is specs[i]
    seed INTEGER NOT NULL,
    games INTEGER NOT NULL,          -- per pairing (arena) or in total (simulate)
    planned INTEGER NOT NULL,        -- games in the whole plan
    num_players INTEGER NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    summary TEXT,                    -- JSON statistics, refreshed after each invocation
    UNIQUE (kind, game, options, specs, seed)
);
CREATE TABLE IF NOT EXISTS games (
    run_id INTEGER NOT NULL REFERENCES runs(id),
    pairing TEXT NOT NULL,           -- agent indices, e.g. '0-1'
    game_index INTEGER NOT NULL,
    seats TEXT NOT NULL,             -- JSON list: agent index per seat
    seed INTEGER NOT NULL,
    first_player INTEGER NOT NULL,
    returns TEXT NOT NULL,           -- JSON list per seat
    scores TEXT NOT NULL,            -- JSON list per seat
    length INTEGER NOT NULL,
    record TEXT NOT NULL,            -- GameRecord JSON (game, options, seed, action ids)
    components TEXT NOT NULL,        -- JSON list per seat of {component: uses}
    duration REAL NOT NULL,
    finished TEXT NOT NULL,
    PRIMARY KEY (run_id, pairing, game_index)
);
"""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class SqliteStore(ResultStore):
    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(path, timeout=30)
            # WAL keeps the file consistent if the process is killed mid-write
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.executescript(SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"cannot open results database {path}: {exc}") from exc

    def open_run(self, spec: RunSpec, planned: int, num_players: int) -> RunInfo:
        key = (spec.kind, spec.game, _options_json(spec.options), json.dumps(list(spec.specs)), spec.seed)
        now = _now()
        with self.db:
            row = self.db.execute(
                "SELECT id FROM runs WHERE kind=? AND game=? AND options=? AND specs=? AND seed=?", key
            ).fetchone()
            if row is None:
                cursor = self.db.execute(
                    "INSERT INTO runs (kind, game, options, specs, seed, games, planned, num_players, created, updated)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (*key, spec.games, planned, num_players, now, now),
                )
                run_id = cursor.lastrowid
                assert run_id is not None
            else:
                run_id = row[0]
                self.db.execute(
                    "UPDATE runs SET games=max(games, ?), planned=max(planned, ?), updated=? WHERE id=?",
                    (spec.games, planned, now, run_id),
                )
        return self.run(run_id)

    def finished_keys(self, run_id: int) -> set[tuple[str, int]]:
        rows = self.db.execute("SELECT pairing, game_index FROM games WHERE run_id=?", (run_id,))
        return {(pairing, index) for pairing, index in rows}

    def save(self, run_id: int, results: Sequence[GameResult]) -> int:
        now = _now()
        rows = [
            (
                run_id,
                r.pairing,
                r.index,
                json.dumps(list(r.seats)),
                r.seed,
                r.first_player,
                json.dumps(r.returns),
                json.dumps(r.scores),
                r.length,
                json.dumps(r.record, separators=(",", ":")),
                json.dumps(r.components, separators=(",", ":")),
                r.duration,
                now,
            )
            for r in results
        ]
        with self.db:
            before = self.db.total_changes
            self.db.executemany("INSERT OR IGNORE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
            inserted = self.db.total_changes - before
            self.db.execute("UPDATE runs SET updated=? WHERE id=?", (now, run_id))
        return inserted

    def results(self, run_id: int) -> list[GameResult]:
        rows = self.db.execute(
            "SELECT pairing, game_index, seats, seed, returns, scores, length, first_player, record, components,"
            " duration FROM games WHERE run_id=? ORDER BY pairing, game_index",
            (run_id,),
        )
        return [
            GameResult(
                pairing=pairing,
                index=index,
                seats=tuple(json.loads(seats)),
                seed=seed,
                returns=json.loads(returns),
                scores=json.loads(scores),
                length=length,
                first_player=first,
                record=json.loads(record),
                components=json.loads(components),
                duration=duration,
            )
            for pairing, index, seats, seed, returns, scores, length, first, record, components, duration in rows
        ]

    def count(self, run_id: int) -> int:
        row = self.db.execute("SELECT count(*) FROM games WHERE run_id=?", (run_id,)).fetchone()
        return int(row[0])

    def run(self, run_id: int) -> RunInfo:
        row = self.db.execute(f"SELECT {_RUN_COLUMNS} FROM runs WHERE id=?", (run_id,)).fetchone()
        if row is None:
            known = [str(r.id) for r in self.runs()]
            raise StoreError(
                f"no run {run_id} in {self.path}; "
                + (f"runs there: {', '.join(known)}" if known else "the database holds no runs")
            )
        return _run_info(row)

    def runs(self) -> list[RunInfo]:
        return [_run_info(row) for row in self.db.execute(f"SELECT {_RUN_COLUMNS} FROM runs ORDER BY id")]

    def save_summary(self, run_id: int, summary: dict[str, Any]) -> None:
        with self.db:
            self.db.execute("UPDATE runs SET summary=? WHERE id=?", (json.dumps(summary), run_id))

    def close(self) -> None:
        self.db.close()


_RUN_COLUMNS = "id, kind, game, options, specs, seed, games, planned, num_players, created, updated, summary"


def _run_info(row: Iterable[Any]) -> RunInfo:
    run_id, kind, game, options, specs, seed, games, planned, num_players, created, updated, summary = row
    spec = RunSpec(kind, game, json.loads(options), tuple(json.loads(specs)), seed, games)
    return RunInfo(run_id, spec, planned, num_players, created, updated, json.loads(summary) if summary else None)


def _options_json(options: Any) -> str:
    return json.dumps(dict(options), sort_keys=True)
