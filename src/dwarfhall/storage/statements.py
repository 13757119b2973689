"""Statements whose SQL differs between SQLite and PostgreSQL, written once for both."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Insert, Table
from sqlalchemy.dialects import postgresql, sqlite


def insert_ignoring_duplicates(dialect: str, table: Table) -> Insert:
    """INSERT that skips rows whose key is already stored (ON CONFLICT DO NOTHING on both databases)."""
    insert: Any = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement: Insert = insert(table).on_conflict_do_nothing()
    return statement
