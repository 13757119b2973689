"""SQLAlchemy engines set up for durability: SQLite in WAL mode with full synchronous commits."""

from __future__ import annotations

import sqlite3
import time
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.exc import OperationalError

from .target import Target

BUSY_SECONDS = 60  # how long a SQLite writer waits for another process's transaction to end
WAL_RETRY_SECONDS = 0.05


def make_engine(target: Target) -> Engine:
    if not target.is_sqlite:
        return create_engine(target.url, pool_pre_ping=True)
    engine = create_engine(target.url, connect_args={"timeout": BUSY_SECONDS})
    event.listen(engine, "connect", _sqlite_connect)
    event.listen(engine, "begin", _sqlite_begin)
    return engine


def _sqlite_connect(dbapi_connection: Any, record: Any) -> None:
    # the driver's own transaction handling is off: SQLAlchemy's "begin" event starts every transaction
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA synchronous=FULL")  # a commit survives a power cut, not only a crash
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_SECONDS * 1000}")
    finally:
        cursor.close()


def enable_wal(engine: Engine) -> str:
    """Puts a SQLite file in WAL mode (kept by the file): a killed process never leaves it half-written.

    Done after the file is known to be ours: switching modes rewrites its header. Returns the mode now in force.
    """
    deadline = time.monotonic() + BUSY_SECONDS
    while True:
        connection = engine.raw_connection()
        try:
            cursor = connection.cursor()
            try:
                cursor.execute("PRAGMA journal_mode=WAL")
                row = cursor.fetchone()
            finally:
                cursor.close()
            return str(row[0]) if row else "unknown"
        except sqlite3.OperationalError as exc:
            # the switch needs the file to itself and SQLite refuses at once, without waiting, while another
            # process holds a write lock (a second opener migrating): wait for it as the busy timeout would
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise OperationalError("PRAGMA journal_mode=WAL", None, exc) from None
        finally:
            connection.close()
        time.sleep(WAL_RETRY_SECONDS)


def _sqlite_begin(connection: Any) -> None:
    # IMMEDIATE takes the write lock at the start: transactions queue instead of failing half-way
    connection.exec_driver_sql("BEGIN IMMEDIATE")
