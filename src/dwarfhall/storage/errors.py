"""Errors of the storage layer; each message names the database and the problem."""

from __future__ import annotations

from dwarfhall.core.errors import DwarfhallError


class StorageError(DwarfhallError):
    """A database that cannot be opened, read or migrated; nothing in it was changed by the failure."""


class MissingDatabase(StorageError):
    """A SQLite file that does not exist, opened for reading only."""
