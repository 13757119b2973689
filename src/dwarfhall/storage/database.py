"""`open_database`: a path or URL in, a migrated database out, every failure a StorageError naming it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from .engine import enable_wal, make_engine
from .errors import MissingDatabase, StorageError
from .migrate import migrate
from .target import Target, parse_target

SQLITE_HEADER = b"SQLite format 3\x00"
MESSAGE_LIMIT = 300  # a damaged row can make the driver quote kilobytes of it
DAMAGE_SIGNS = ("malformed", "not a database", "Could not decode")


class Database:
    """An open database at the newest schema; use `transaction()` for work and `close()` when done."""

    def __init__(self, engine: Engine, target: Target) -> None:
        self.engine = engine
        self.target = target

    @property
    def name(self) -> str:
        return self.target.name

    @property
    def dialect(self) -> str:
        """'sqlite' or 'postgresql'."""
        return self.engine.dialect.name

    @contextmanager
    def transaction(self, doing: str = "the database") -> Iterator[Connection]:
        """One transaction, committed at the end; a database failure becomes a StorageError saying what failed."""
        with self.errors(doing), self.engine.begin() as connection:
            yield connection

    @contextmanager
    def errors(self, doing: str) -> Iterator[None]:
        try:
            yield
        except SQLAlchemyError as exc:
            raise StorageError(f"{self.name}: {doing} failed: {explain(exc, self.target)}") from None

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def describe(exc: SQLAlchemyError) -> str:
    """The database's own words for a failure, without SQLAlchemy's statement dump, in one bounded line."""
    if isinstance(exc, DBAPIError) and exc.orig is not None:
        text = " ".join(str(exc.orig).split())
    else:
        text = type(exc).__name__ + (f": {exc}" if str(exc) else "")
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 3] + "..."


def explain(exc: SQLAlchemyError, target: Target) -> str:
    """`describe`, plus what to do when a SQLite file turns out to be damaged."""
    problem = describe(exc)
    if target.is_sqlite and any(sign in problem for sign in DAMAGE_SIGNS):
        problem += "; the file is damaged and was left as it is (`sqlite3 FILE .recover` saves what is readable)"
    return problem


def open_database(target: str | Path, create: bool = True) -> Database:
    """Opens a SQLite file (created with its folder if missing and `create`) or a server database by URL.

    The schema is brought to the newest revision in place; a database that is damaged, not ours or newer
    than this program is refused with a StorageError and left as it is.
    """
    where = parse_target(target)
    if where.path is not None:
        _check_sqlite_file(where.path, create)
    engine = make_engine(where)
    try:
        migrate(engine, where.name)
        if where.is_sqlite and (mode := enable_wal(engine)) != "wal":
            raise StorageError(f"{where.name}: SQLite could not switch to WAL mode (it stays in {mode} mode)")
    except SQLAlchemyError as exc:
        engine.dispose()
        raise StorageError(f"cannot open the database {where.name}: {explain(exc, where)}") from None
    except BaseException:
        engine.dispose()
        raise
    return Database(engine, where)


def _check_sqlite_file(path: Path, create: bool) -> None:
    try:
        if path.is_dir():
            raise StorageError(f"{path} is a folder, not a database file")
        if not path.exists():
            if not create:
                raise MissingDatabase(f"no database at {path}")
            path.parent.mkdir(parents=True, exist_ok=True)
            return
        with path.open("rb") as file:
            header = file.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise StorageError(f"cannot open the database {path}: {exc.strerror or exc}") from None
    if header and header != SQLITE_HEADER:
        raise StorageError(f"{path} is not a SQLite database (it does not start with a SQLite header); left unchanged")
