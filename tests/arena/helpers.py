from __future__ import annotations

from pathlib import Path
from typing import Any

from dwarfhall.arena.backends import Backend
from dwarfhall.arena.results import GameResult
from dwarfhall.arena.runner import RunOutcome, prepare, run
from dwarfhall.arena.store import open_store


def play(
    db: str | Path, backend: Backend, game: str, specs: tuple[str, ...], seed: int, games: int, kind: str = "arena"
) -> RunOutcome:
    loaded, spec = prepare(kind, game, [], specs, seed, games)  # type: ignore[arg-type]
    with open_store(db) as store:
        return run(store, loaded, spec, backend, progress=False)


def stored(db: str | Path, run_id: int = 1) -> list[GameResult]:
    with open_store(db) as store:
        return store.results(run_id)


def essence(results: list[GameResult]) -> list[tuple[Any, ...]]:
    """Everything about the games except how long they took."""
    return [
        (
            r.pairing,
            r.index,
            r.seats,
            r.seed,
            r.returns,
            r.scores,
            r.length,
            r.first_player,
            r.record["actions"],
            r.components,
        )
        for r in results
    ]
