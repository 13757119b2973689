"""The product's one storage layer: SQLite files or PostgreSQL through SQLAlchemy, migrated by Alembic.

The errors import at once; the rest loads SQLAlchemy and Alembic on first use, so commands that never touch
a database start as fast as before.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .errors import MissingDatabase, StorageError

if TYPE_CHECKING:
    from .database import Database, open_database
    from .target import Target, parse_target

_LAZY = {"Database": "database", "open_database": "database", "Target": "target", "parse_target": "target"}

__all__ = ["Database", "MissingDatabase", "StorageError", "Target", "open_database", "parse_target"]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
