"""Test databases: a SQLite file, or a private schema in the PostgreSQL server that scripts/test starts."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from sqlalchemy import Engine, create_engine, inspect, text
from sqlalchemy.engine import make_url

POSTGRES_ENV = "DWARFHALL_TEST_POSTGRES_URL"
KINDS = ["sqlite", "postgresql"]


def postgres_url() -> str:
    """The test server's URL; its absence fails the test run (PostgreSQL support must never go untested)."""
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.fail(
            f"{POSTGRES_ENV} is not set: run the tests with scripts/test, which starts a PostgreSQL server, "
            f'or run `eval "$(scripts/postgres start)"` first',
            pytrace=False,
        )
    return url


def _admin_url() -> str:
    return make_url(postgres_url()).set(drivername="postgresql+psycopg").render_as_string(hide_password=False)


@contextmanager
def postgres_schema() -> Iterator[str]:
    """A URL whose tables live in a new, empty schema, dropped afterwards: tests never see each other's rows."""
    schema = "t_" + uuid.uuid4().hex[:16]
    engine = create_engine(_admin_url())
    try:
        with engine.begin() as connection:
            connection.execute(text(f"CREATE SCHEMA {schema}"))
    except Exception as exc:
        engine.dispose()
        pytest.fail(f"the PostgreSQL test server at {postgres_url()} cannot be used: {exc}", pytrace=False)
    url = postgres_url()
    joiner = "&" if "?" in url else "?"
    try:
        yield f"{url}{joiner}options={quote(f'-csearch_path={schema}')}"
    finally:
        with engine.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        engine.dispose()


@contextmanager
def database_target(kind: str, folder: Path, name: str = "test.sqlite") -> Iterator[str]:
    """A fresh, empty database of `kind` ('sqlite' or 'postgresql'), as the path or URL a user would give."""
    if kind == "sqlite":
        yield str(folder / name)
    else:
        with postgres_schema() as url:
            yield url


def _raw_engine(target: str | Path) -> Engine:
    """An engine on a test database that bypasses dwarfhall (no migrations, no pragmas)."""
    if "://" not in str(target):
        return create_engine(f"sqlite:///{target}")
    return create_engine(make_url(str(target)).set(drivername="postgresql+psycopg"))


def table_names(target: str | Path) -> set[str]:
    """The tables in a test database, read without opening it through dwarfhall (which would create them)."""
    if "://" not in str(target) and not Path(target).exists():
        return set()
    engine = _raw_engine(target)
    try:
        return set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def query_one(target: str | Path, sql: str) -> tuple[Any, ...]:
    """The first row of a query run directly on a test database, as a check independent of dwarfhall's code."""
    engine = _raw_engine(target)
    try:
        with engine.connect() as connection:
            return tuple(connection.execute(text(sql)).one())
    finally:
        engine.dispose()


def execute(target: str | Path, sql: str) -> None:
    """Runs one statement directly on a test database, e.g. to damage a row as a failing disk or hand would."""
    engine = _raw_engine(target)
    try:
        with engine.begin() as connection:
            connection.execute(text(sql))
    finally:
        engine.dispose()
