"""What the server needs from storage, and its implementation on SQLAlchemy (SQLite or PostgreSQL).

A move is written in one transaction together with the game's new move count; the
update only matches when the stored count is the one the move was made against, so two
writers can never both append move n.
"""

from __future__ import annotations

import json
import queue
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Future
from typing import Any, Protocol

from sqlalchemy import Connection, and_, bindparam, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from dwarfhall.storage.database import Database
from dwarfhall.storage.server_tables import games, moves, players, seats

from .records import FINISHED, PLAYING, GameRow, SeatRow


class StaleMove(Exception):
    """The game moved on before this move could be stored."""


class ServerStore(Protocol):
    def create_game(self, row: GameRow) -> None: ...
    def add_move(self, game_id: str, number: int, seat: int, action: int, row: GameRow) -> None: ...
    def submit_move(self, game_id: str, number: int, seat: int, action: int, row: GameRow) -> Future[None]: ...
    def update_seat(self, game_id: str, seat: SeatRow) -> None: ...
    def load_game(self, game_id: str) -> tuple[GameRow, list[int]] | None: ...
    def unfinished_ids(self) -> list[str]: ...
    def unfinished_games(self) -> list[GameRow]: ...
    def flag_game(self, game_id: str, reason: str) -> None: ...
    def list_games(self, status: str, limit: int) -> list[GameRow]: ...
    def games_of_player(self, player: str) -> list[GameRow]: ...
    def seat_by_token(self, token: str) -> tuple[str, int] | None: ...
    def add_player(self, key: str) -> None: ...
    def has_player(self, key: str) -> bool: ...
    def rematch_of(self, game_id: str) -> GameRow | None: ...


# built once: building a statement costs more CPU than running it, and every move runs these two
_COUNT_MOVE = (
    update(games)
    .where(and_(games.c.id == bindparam("b_id"), games.c.moves == bindparam("b_number")))
    .values(
        moves=bindparam("b_moves"),
        turns=bindparam("b_turns"),
        status=bindparam("b_status"),
        to_act=bindparam("b_to_act"),
        result=bindparam("b_result"),
        updated=bindparam("b_updated"),
    )
)
_INSERT_MOVE = insert(moves)


def _json(value: Any) -> str | None:
    return None if value is None else json.dumps(value)


class SqlStore:
    """ServerStore on the product's storage layer; every method is one short transaction."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.engine = database.engine
        self._writer: _MoveWriter | None = None

    def close(self) -> None:
        if self._writer is not None:
            self._writer.queue.put(None)
            self._writer.join(timeout=10)
            self._writer = None
        self.database.close()

    # -- writing ------------------------------------------------------------------------
    def create_game(self, row: GameRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(games).values(**_game_values(row)))
            for s in row.seats:
                conn.execute(insert(seats).values(game_id=row.id, **_seat_values(s)))

    def add_move(self, game_id: str, number: int, seat: int, action: int, row: GameRow) -> None:
        """Stores move `number` (0-based) and the game's new status, or raises StaleMove."""
        with self.engine.begin() as conn:
            self._write_move(conn, game_id, number, seat, action, row)

    def submit_move(self, game_id: str, number: int, seat: int, action: int, row: GameRow) -> Future[None]:
        """`add_move` through one writer thread that commits every move waiting at that moment in one
        transaction (group commit): one disk sync for many games' moves; each future ends after the commit."""
        if self._writer is None:
            self._writer = _MoveWriter(self)
            self._writer.start()
        future: Future[None] = Future()
        self._writer.queue.put(((game_id, number, seat, action, row), future))
        return future

    def _write_move(self, conn: Connection, game_id: str, number: int, seat: int, action: int, row: GameRow) -> None:
        done = conn.execute(
            _COUNT_MOVE,
            {
                "b_id": game_id,
                "b_number": number,
                "b_moves": number + 1,
                "b_turns": row.turns,
                "b_status": row.status,
                "b_to_act": row.to_act,
                "b_result": _json(row.result),
                "b_updated": row.updated,
            },
        )
        if done.rowcount != 1:
            raise StaleMove(f"game {game_id} is no longer at move {number}")
        try:
            conn.execute(
                _INSERT_MOVE, {"game_id": game_id, "number": number, "seat": seat, "action": action, "at": time.time()}
            )
        except IntegrityError as exc:
            raise StaleMove(f"game {game_id} already has move {number}") from exc

    def update_seat(self, game_id: str, seat: SeatRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(seats)
                .where(and_(seats.c.game_id == game_id, seats.c.seat == seat.seat))
                .values(**_seat_values(seat))
            )

    def flag_game(self, game_id: str, reason: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(games).where(games.c.id == game_id).values(flag=reason))

    def add_player(self, key: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(players).values(key=key, created=time.time()))

    # -- reading ------------------------------------------------------------------------
    def has_player(self, key: str) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(select(players.c.key).where(players.c.key == key)).first() is not None

    def load_game(self, game_id: str) -> tuple[GameRow, list[int]] | None:
        with self.engine.connect() as conn:
            found = conn.execute(select(games).where(games.c.id == game_id)).mappings().first()
            if found is None:
                return None
            row = _game_row(found)
            row.seats = [
                _seat_row(s)
                for s in conn.execute(select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat)).mappings()
            ]
            actions = [
                a
                for (a,) in conn.execute(
                    select(moves.c.action).where(moves.c.game_id == game_id).order_by(moves.c.number)
                )
            ]
        return row, actions

    def unfinished_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            return [i for (i,) in conn.execute(select(games.c.id).where(games.c.status == PLAYING))]

    def unfinished_games(self) -> list[GameRow]:
        """Every unfinished game's row and seats, without its moves (enough to see which go on by themselves)."""
        return self._with_seats(select(games).where(games.c.status == PLAYING))

    def list_games(self, status: str, limit: int) -> list[GameRow]:
        query = select(games).where(games.c.status == status).order_by(games.c.updated.desc()).limit(limit)
        if status == PLAYING:
            query = query.where(games.c.public.is_(True))
        return self._with_seats(query)

    def games_of_player(self, player: str) -> list[GameRow]:
        ids = select(seats.c.game_id).where(seats.c.player == player)
        return self._with_seats(select(games).where(games.c.id.in_(ids)).order_by(games.c.updated.desc()).limit(200))

    def seat_by_token(self, token: str) -> tuple[str, int] | None:
        with self.engine.connect() as conn:
            found = conn.execute(select(seats.c.game_id, seats.c.seat).where(seats.c.token == token)).first()
        return None if found is None else (found[0], found[1])

    def rematch_of(self, game_id: str) -> GameRow | None:
        rows = self._with_seats(select(games).where(games.c.rematch_of == game_id).limit(1))
        return rows[0] if rows else None

    def count_games(self) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(games)).scalar_one())

    def _with_seats(self, query: Any) -> list[GameRow]:
        with self.engine.connect() as conn:
            rows = [_game_row(g) for g in conn.execute(query).mappings()]
            if not rows:
                return []
            by_id = {r.id: r for r in rows}
            for s in conn.execute(
                select(seats).where(seats.c.game_id.in_(list(by_id))).order_by(seats.c.seat)
            ).mappings():
                by_id[s["game_id"]].seats.append(_seat_row(s))
        return rows


MoveArgs = tuple[str, int, int, int, GameRow]
BATCH = 500  # moves in one group commit, at most


class _MoveWriter(threading.Thread):
    def __init__(self, store: SqlStore) -> None:
        super().__init__(name="dwarfhall-move-writer", daemon=True)
        self.store = store
        self.queue: queue.SimpleQueue[tuple[MoveArgs, Future[None]] | None] = queue.SimpleQueue()

    def run(self) -> None:
        while True:
            first = self.queue.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < BATCH:
                try:
                    item = self.queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    self.queue.put(None)  # stop after this batch
                    break
                batch.append(item)
            self._commit(batch)

    def _commit(self, batch: list[tuple[MoveArgs, Future[None]]]) -> None:
        outcomes: list[BaseException | None] = []
        try:
            with self.store.engine.begin() as conn:
                for args, _future in batch:
                    try:
                        with conn.begin_nested():  # a stale move rolls back alone, not its neighbours
                            self.store._write_move(conn, *args)
                        outcomes.append(None)
                    except StaleMove as exc:
                        outcomes.append(exc)
        except Exception as exc:  # the commit itself failed: no move of the batch is stored
            for _args, future in batch:
                if not future.cancelled():
                    future.set_exception(exc)
            return
        for (_args, future), outcome in zip(batch, outcomes, strict=True):
            if future.cancelled():  # its waiter is gone (the server is stopping); the move is stored all the same
                continue
            if outcome is None:
                future.set_result(None)
            else:
                future.set_exception(outcome)


def _game_values(row: GameRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": row.game,
        "options": json.dumps(row.options),
        "seed": row.seed,
        "engine_version": row.engine_version,
        "lang": row.lang,
        "public": row.public,
        "clock": row.clock,
        "status": row.status,
        "to_act": row.to_act,
        "moves": row.moves,
        "turns": row.turns,
        "created": row.created,
        "updated": row.updated,
        "rematch_of": row.rematch_of,
        "result": _json(row.result),
        "flag": row.flag,
    }


def _seat_values(s: SeatRow) -> dict[str, Any]:
    return {
        "seat": s.seat,
        "kind": s.kind,
        "token": s.token,
        "bot": s.bot,
        "player": s.player,
        "host": s.host,
        "stand_in": s.stand_in,
        "previous_token": s.previous_token,
        "auto_pass": s.auto_pass,
        "open": s.open,
    }


def _game_row(m: Any) -> GameRow:
    return GameRow(
        id=m["id"],
        game=m["game"],
        options=json.loads(m["options"]),
        seed=m["seed"],
        engine_version=m["engine_version"],
        lang=m["lang"],
        public=bool(m["public"]),
        clock=m["clock"],
        status=m["status"],
        to_act=m["to_act"],
        moves=m["moves"],
        turns=m["turns"],
        created=m["created"],
        updated=m["updated"],
        rematch_of=m["rematch_of"],
        result=None if m["result"] is None else json.loads(m["result"]),
        flag=m["flag"],
    )


def _seat_row(m: Any) -> SeatRow:
    return SeatRow(
        seat=m["seat"],
        kind=m["kind"],
        token=m["token"],
        bot=m["bot"],
        player=m["player"],
        host=bool(m["host"]),
        stand_in=m["stand_in"],
        previous_token=m["previous_token"],
        auto_pass=bool(m["auto_pass"]),
        open=bool(m["open"]),
    )


def finished(row: GameRow) -> bool:
    return row.status == FINISHED


__all__: Sequence[str] = ("ServerStore", "SqlStore", "StaleMove")
