"""Errors of the arena; each message says what to do."""

from __future__ import annotations

from dwarfhall.core.errors import DwarfhallError
from dwarfhall.storage.errors import StorageError


class ArenaError(DwarfhallError):
    """A tournament or simulation that cannot start or a game that failed while playing."""


class StoreError(StorageError):
    """A results database that cannot be opened or read, or a run that is not in it."""
