"""Brings a database to the newest schema with Alembic, in one transaction, when it is opened."""

from __future__ import annotations

from functools import cache

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError
from sqlalchemy import Connection, Engine, text

from .errors import StorageError
from .legacy import check_unversioned

SCRIPT_LOCATION = "dwarfhall.storage:migrations"
PG_LOCK_KEY = 0x64776172  # one advisory lock for migrations: concurrent openers wait instead of racing


@cache
def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", SCRIPT_LOCATION)
    return config


@cache
def _script() -> ScriptDirectory:
    return ScriptDirectory.from_config(_config())


def head() -> str:
    """The newest schema revision this version of dwarfhall knows."""
    current = _script().get_current_head()
    assert current is not None
    return current


def revision_of(connection: Connection) -> tuple[str, ...]:
    return tuple(MigrationContext.configure(connection).get_current_heads())


def migrate(engine: Engine, name: str) -> tuple[str, ...]:
    """Upgrades to the newest revision; returns the revisions found before (empty for a new database)."""
    with engine.begin() as connection:  # SQLite: BEGIN IMMEDIATE, so a second opener waits for us
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": PG_LOCK_KEY})
        before = revision_of(connection)
        if before == (head(),):
            return before
        for revision in before:
            _check_known(revision, name)
        if not before:
            check_unversioned(connection, name)
        config = _config()
        config.attributes["connection"] = connection
        try:
            command.upgrade(config, "head")
        finally:
            config.attributes.pop("connection", None)
    return before


def _check_known(revision: str, name: str) -> None:
    try:
        known = _script().get_revision(revision)
    except CommandError:
        known = None
    if known is None:
        raise StorageError(
            f"{name} has schema revision {revision!r}, which this dwarfhall does not know: a newer dwarfhall "
            f"wrote it (this one knows up to {head()!r}); it was left unchanged, update dwarfhall to use it"
        )
