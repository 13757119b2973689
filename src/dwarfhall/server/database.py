"""Opening the server's database from a path (SQLite) or a URL (PostgreSQL)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event

from dwarfhall.core.errors import DwarfhallError


def database_url(path_or_url: str | Path) -> str:
    """A SQLAlchemy URL for `--db`: a file path becomes SQLite, postgresql:// uses psycopg."""
    text = str(path_or_url)
    if text.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + text.split("://", 1)[1]
    if "://" in text:
        return text
    path = Path(text).expanduser()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DwarfhallError(f"--db {text}: cannot create its folder: {exc.strerror}") from exc
    return f"sqlite:///{path}"


def open_engine(path_or_url: str | Path) -> Engine:
    url = database_url(path_or_url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _durable(dbapi_conn: Any, _record: Any) -> None:
            # durability first: a committed move survives a power cut
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)
