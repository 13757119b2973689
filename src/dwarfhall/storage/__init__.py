"""The product's one storage layer: SQLite files or PostgreSQL through SQLAlchemy, migrated by Alembic."""

from __future__ import annotations

from .database import Database, open_database
from .errors import MissingDatabase, StorageError
from .target import Target, parse_target

__all__ = ["Database", "MissingDatabase", "StorageError", "Target", "open_database", "parse_target"]
