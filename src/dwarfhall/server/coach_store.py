"""Storage of the server's coach: reviews (one per finished game and seat) and hints allowed and used per seat."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, and_, insert, select, update

from dwarfhall.storage.coach_tables import hints, reviews

RUNNING = "running"
DONE = "done"
FAILED = "failed"


@dataclass
class ReviewRow:
    game_id: str
    seat: int
    status: str
    done: int
    total: int
    iters: int
    result: dict[str, Any] | None = None


@dataclass
class HintRow:
    seat: int
    allowed: bool = False
    used: int = 0


class CoachStore:
    """Every method is one short transaction; the server calls them off the event loop."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def review(self, game_id: str, seat: int) -> ReviewRow | None:
        with self.engine.connect() as conn:
            found = (
                conn.execute(select(reviews).where(and_(reviews.c.game_id == game_id, reviews.c.seat == seat)))
                .mappings()
                .first()
            )
        if found is None:
            return None
        result = None if found["result"] is None else json.loads(found["result"])
        return ReviewRow(game_id, seat, found["status"], found["done"], found["total"], found["iters"], result)

    def put_review(self, row: ReviewRow) -> None:
        values = {
            "status": row.status,
            "done": row.done,
            "total": row.total,
            "iters": row.iters,
            "result": None if row.result is None else json.dumps(row.result),
            "updated": time.time(),
        }
        key = and_(reviews.c.game_id == row.game_id, reviews.c.seat == row.seat)
        with self.engine.begin() as conn:
            if conn.execute(update(reviews).where(key).values(**values)).rowcount == 0:
                conn.execute(insert(reviews).values(game_id=row.game_id, seat=row.seat, **values))

    def hints(self, game_id: str) -> dict[int, HintRow]:
        with self.engine.connect() as conn:
            found = conn.execute(select(hints).where(hints.c.game_id == game_id)).mappings()
            return {m["seat"]: HintRow(m["seat"], bool(m["allowed"]), int(m["used"])) for m in found}

    def allow_hints(self, game_id: str, seat: int) -> None:
        self._change(game_id, seat, allowed=True)

    def use_hint(self, game_id: str, seat: int) -> None:
        self._change(game_id, seat, used=hints.c.used + 1)

    def _change(self, game_id: str, seat: int, **values: Any) -> None:
        key = and_(hints.c.game_id == game_id, hints.c.seat == seat)
        with self.engine.begin() as conn:
            if conn.execute(update(hints).where(key).values(**values)).rowcount == 0:
                first = {"allowed": values.get("allowed", False), "used": 1 if "used" in values else 0}
                conn.execute(insert(hints).values(game_id=game_id, seat=seat, **first))
