"""Where a database lives: a SQLite file path or a database URL, and how to name it in messages."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from .errors import StorageError

# a plain postgresql:// URL means psycopg 3, the driver we ship
_DRIVERS = {"postgresql": "postgresql+psycopg", "postgres": "postgresql+psycopg", "sqlite": "sqlite"}
_SUPPORTED = ("sqlite", "postgresql+psycopg")


@dataclass(frozen=True)
class Target:
    url: URL
    path: Path | None  # the file of a SQLite database; None for a server database
    name: str  # what messages call the database: the file, or the URL as given without its password

    @property
    def is_sqlite(self) -> bool:
        return self.url.get_backend_name() == "sqlite"


def parse_target(target: str | Path) -> Target:
    """A path (SQLite) or a URL: sqlite:///file, postgresql://user:password@host/database."""
    text = str(target)
    if "://" not in text:
        if not text:
            raise StorageError("no database given: name a SQLite file or a postgresql:// URL")
        path = Path(text)
        return Target(URL.create("sqlite", database=str(path)), path, str(path))
    try:
        url = make_url(text)
    except ArgumentError as exc:
        raise StorageError(f"database URL {text!r} cannot be read: {exc}") from None
    shown = url.render_as_string(hide_password=True)
    driver = _DRIVERS.get(url.drivername, url.drivername)
    if driver not in _SUPPORTED:
        raise StorageError(
            f"database URL {shown}: {url.drivername} is not supported; "
            "give a SQLite file path, sqlite:///FILE or postgresql://USER:PASSWORD@HOST/DATABASE"
        )
    url = url.set(drivername=driver)
    if driver == "sqlite":
        if not url.database or url.database == ":memory:":
            raise StorageError(f"database URL {shown}: name a SQLite file, e.g. sqlite:///runs/arena.sqlite")
        return Target(url, Path(url.database), url.database)
    return Target(url, None, shown)
