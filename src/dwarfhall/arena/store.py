"""Where runs and game results live, through the product's storage layer (SQLite file or PostgreSQL).

A run is identified by (kind, game, options, specs, seed); each game by
(run, pairing, game index), a unique key, so re-running a command resumes it:
stored games are skipped and a game can never be stored twice.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Row, delete, func, select, tuple_, update

from dwarfhall.storage import Database, open_database
from dwarfhall.storage.arena_tables import arena_claims, arena_games, arena_runs
from dwarfhall.storage.statements import insert_ignoring_duplicates

from .errors import StoreError
from .plan import RunSpec
from .results import GameResult


@dataclass(frozen=True)
class RunInfo:
    id: int
    spec: RunSpec
    planned: int  # games in the plan (all pairings)
    num_players: int
    created: str
    updated: str
    summary: dict[str, Any] | None


def open_store(target: str | Path, create: bool = True) -> ResultStore:
    """The results store in a SQLite file (a path or sqlite:///...) or a PostgreSQL database (postgresql://...)."""
    return ResultStore(open_database(target, create=create))


class ResultStore:
    """The arena's runs and games in one database; every method is one transaction."""

    def __init__(self, database: Database) -> None:
        self.db = database

    @property
    def name(self) -> str:
        return self.db.name

    def open_run(self, spec: RunSpec, planned: int, num_players: int) -> RunInfo:
        """The run with this identity, created if new; its plan grows to `planned` games if larger."""
        key = {
            "kind": spec.kind,
            "game": spec.game,
            "options": _options_json(spec.options),
            "specs": json.dumps(list(spec.specs)),
            "seed": spec.seed,
        }
        now = _now()
        with self.db.transaction("opening the run") as connection:
            where = [arena_runs.c[column] == value for column, value in key.items()]
            found = connection.execute(select(arena_runs.c.id, arena_runs.c.games, arena_runs.c.planned).where(*where))
            row = found.first()
            if row is None:
                values = {**key, "games": spec.games, "planned": planned, "num_players": num_players}
                inserted = connection.execute(
                    arena_runs.insert().values(**values, created=now, updated=now).returning(arena_runs.c.id)
                )
                run_id = int(inserted.scalar_one())
            else:
                run_id = int(row.id)
                connection.execute(
                    update(arena_runs)
                    .where(arena_runs.c.id == run_id)
                    .values(games=max(row.games, spec.games), planned=max(row.planned, planned), updated=now)
                )
        return self.run(run_id)

    def finished_keys(self, run_id: int) -> set[tuple[str, int]]:
        """(pairing, game index) of every stored game of the run."""
        with self.db.transaction("reading the stored games") as connection:
            rows = connection.execute(
                select(arena_games.c.pairing, arena_games.c.game_index).where(arena_games.c.run_id == run_id)
            )
            return {(pairing, index) for pairing, index in rows}

    def save(self, run_id: int, results: Sequence[GameResult]) -> int:
        """Stores results in one transaction, ignoring games already stored; returns how many were new."""
        if not results:
            return 0
        now = _now()
        rows = [_game_row(run_id, result, now) for result in results]
        statement = insert_ignoring_duplicates(self.db.dialect, arena_games).returning(arena_games.c.game_index)
        with self.db.transaction("saving games") as connection:
            inserted = len(connection.execute(statement, rows).all())
            played = tuple_(arena_claims.c.pairing, arena_claims.c.game_index).in_([r.key for r in results])
            connection.execute(delete(arena_claims).where(arena_claims.c.run_id == run_id, played))
            connection.execute(update(arena_runs).where(arena_runs.c.id == run_id).values(updated=now))
        return inserted

    def results(self, run_id: int) -> list[GameResult]:
        """Every stored game of the run, ordered by pairing and game index."""
        query = (
            select(arena_games)
            .where(arena_games.c.run_id == run_id)
            .order_by(arena_games.c.pairing, arena_games.c.game_index)
        )
        with self.db.transaction(f"reading the games of run {run_id}") as connection:
            rows = connection.execute(query).all()
        return [self._result(row) for row in rows]

    def count(self, run_id: int) -> int:
        with self.db.transaction("counting stored games") as connection:
            query = select(func.count()).select_from(arena_games).where(arena_games.c.run_id == run_id)
            return int(connection.execute(query).scalar_one())

    def run(self, run_id: int) -> RunInfo:
        """The run, or StoreError if there is none with that id."""
        with self.db.transaction("reading the run") as connection:
            row = connection.execute(select(arena_runs).where(arena_runs.c.id == run_id)).first()
        if row is None:
            known = [str(r.id) for r in self.runs()]
            raise StoreError(
                f"no run {run_id} in {self.name}; "
                + (f"runs there: {', '.join(known)}" if known else "the database holds no runs")
            )
        return self._run_info(row)

    def runs(self) -> list[RunInfo]:
        """All runs, oldest first."""
        with self.db.transaction("reading the runs") as connection:
            rows = connection.execute(select(arena_runs).order_by(arena_runs.c.id)).all()
        return [self._run_info(row) for row in rows]

    def save_summary(self, run_id: int, summary: dict[str, Any]) -> None:
        with self.db.transaction("saving the run's summary") as connection:
            connection.execute(update(arena_runs).where(arena_runs.c.id == run_id).values(summary=json.dumps(summary)))

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _json(self, text: str | None, where: str) -> Any:
        """A stored JSON value; a damaged one is named (run, game, column) and left in place."""
        if text is None:
            return None
        try:
            return json.loads(text)
        except (ValueError, TypeError, RecursionError) as exc:
            raise StoreError(
                f"{self.name}: {where} does not hold valid JSON ({exc}); the database was left unchanged"
            ) from None

    def _run_info(self, row: Row[Any]) -> RunInfo:
        where = f"run {row.id}"
        options = self._json(row.options, f"{where}, column options")
        specs = self._json(row.specs, f"{where}, column specs")
        if not isinstance(options, dict) or not isinstance(specs, list):
            raise StoreError(f"{self.name}: {where} has options or specs of the wrong type; left unchanged")
        spec = RunSpec(row.kind, row.game, options, tuple(specs), int(row.seed), row.games)
        summary = self._json(row.summary, f"{where}, column summary") if row.summary else None
        return RunInfo(row.id, spec, row.planned, row.num_players, row.created, row.updated, summary)

    def _result(self, row: Row[Any]) -> GameResult:
        where = f"run {row.run_id}, game {row.pairing}#{row.game_index}"
        values: dict[str, Any] = {}
        for column, kind in _RESULT_JSON.items():
            value = self._json(getattr(row, column), f"{where}, column {column}")
            if not isinstance(value, kind):
                raise StoreError(
                    f"{self.name}: {where}, column {column} holds a {type(value).__name__} where a "
                    f"{kind.__name__} belongs; the database was left unchanged"
                )
            values[column] = value
        return GameResult(
            pairing=row.pairing,
            index=row.game_index,
            seats=tuple(values["seats"]),
            seed=int(row.seed),
            returns=values["returns"],
            scores=values["scores"],
            length=row.length,
            first_player=row.first_player,
            record=values["record"],
            components=values["components"],
            duration=row.duration,
        )


_RESULT_JSON: dict[str, type] = {"seats": list, "returns": list, "scores": list, "record": dict, "components": list}


def _game_row(run_id: int, r: GameResult, now: str) -> dict[str, Any]:
    return {
        "run_id": run_id,
        "pairing": r.pairing,
        "game_index": r.index,
        "seats": json.dumps(list(r.seats)),
        "seed": r.seed,
        "first_player": r.first_player,
        "returns": json.dumps(r.returns),
        "scores": json.dumps(r.scores),
        "length": r.length,
        "record": json.dumps(r.record, separators=(",", ":")),
        "components": json.dumps(r.components, separators=(",", ":")),
        "duration": r.duration,
        "finished": now,
    }


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _options_json(options: Any) -> str:
    return json.dumps(dict(options), sort_keys=True)
