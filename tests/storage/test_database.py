"""open_database: targets, durable SQLite settings, migrations, and databases it must refuse untouched."""

from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.exc import OperationalError

from dwarfhall.storage import MissingDatabase, StorageError, open_database, parse_target
from dwarfhall.storage import engine as engine_module
from dwarfhall.storage.engine import enable_wal, make_engine
from dwarfhall.storage.migrate import _config, head

from ..support.databases import query_one, table_names

ROOT = Path(__file__).resolve().parents[2]


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_targets_name_their_driver_and_hide_passwords(tmp_path: Path) -> None:
    path = parse_target(tmp_path / "a.sqlite")
    assert path.is_sqlite and path.path == tmp_path / "a.sqlite" and path.name == str(tmp_path / "a.sqlite")
    url = parse_target("sqlite:///runs/x.sqlite")
    assert url.is_sqlite and url.path == Path("runs/x.sqlite")
    server = parse_target("postgresql://me:secret@db.example:5433/arena")
    assert server.url.drivername == "postgresql+psycopg" and server.path is None
    assert "secret" not in server.name and "db.example:5433/arena" in server.name
    refused = [("mysql://h/d", "mysql is not supported"), ("sqlite://", "name a SQLite file"), ("", "no database")]
    for bad, problem in refused:
        with pytest.raises(StorageError, match=problem):
            parse_target(bad)


def test_a_new_database_is_at_the_newest_revision_with_every_table(database: str) -> None:
    with open_database(database) as db:
        with db.transaction() as connection:
            tables = set(inspect(connection).get_table_names())
    assert {"alembic_version", "arena_runs", "arena_games"} <= tables
    assert query_one(database, "SELECT version_num FROM alembic_version") == (head(),)
    with open_database(database):  # opening again changes nothing
        pass
    assert query_one(database, "SELECT count(*) FROM alembic_version") == (1,)


def test_sqlite_is_in_wal_mode_with_full_synchronous_commits(tmp_path: Path) -> None:
    target = tmp_path / "new" / "folder" / "d.sqlite"
    with open_database(target) as db, db.transaction() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    with sqlite3.connect(target) as raw:  # WAL is a property of the file, seen by any reader
        assert raw.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def _hold_write_lock(path: Path, seconds: float) -> threading.Thread:
    """Another process's writer, as a second opener's migration check: holds the file's write lock a while."""
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("CREATE TABLE IF NOT EXISTS held (x)")

    def release() -> None:
        time.sleep(seconds)
        holder.execute("COMMIT")
        holder.close()

    thread = threading.Thread(target=release)
    thread.start()
    return thread


def test_the_switch_to_wal_waits_for_another_openers_write_lock(tmp_path: Path) -> None:
    # SQLite refuses a journal-mode switch at once while another connection writes, busy timeout or not
    path = tmp_path / "d.sqlite"
    sqlite3.connect(path).close()
    released = _hold_write_lock(path, 0.5)
    engine = make_engine(parse_target(path))
    try:
        assert enable_wal(engine) == "wal"
    finally:
        engine.dispose()
        released.join()


def test_a_write_lock_that_never_ends_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "d.sqlite"
    sqlite3.connect(path).close()
    monkeypatch.setattr(engine_module, "BUSY_SECONDS", 0.2)
    released = _hold_write_lock(path, 1.5)
    engine = make_engine(parse_target(path))
    try:
        with pytest.raises(OperationalError, match="database is locked"):
            enable_wal(engine)
    finally:
        engine.dispose()
        released.join()


def test_the_migrations_form_one_chain() -> None:
    script = ScriptDirectory.from_config(_config())
    assert script.get_heads() == [head()]
    chain = list(script.walk_revisions())
    assert chain[-1].down_revision is None and len({r.revision for r in chain}) == len(chain)


def test_a_missing_file_is_not_created_when_only_reading(tmp_path: Path) -> None:
    with pytest.raises(MissingDatabase, match=f"no database at {tmp_path / 'none.sqlite'}"):
        open_database(tmp_path / "none.sqlite", create=False)
    assert not (tmp_path / "none.sqlite").exists()


def test_garbage_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(bytes(range(256)) * 64)
    before = _digest(junk)
    with pytest.raises(StorageError, match=f"{junk} is not a SQLite database"):
        open_database(junk)
    assert _digest(junk) == before


def test_a_foreign_sqlite_database_is_refused_untouched(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as raw:
        raw.execute("CREATE TABLE recipes (name TEXT)")
        raw.execute("INSERT INTO recipes VALUES ('stew')")
    raw.close()
    before = _digest(other)
    with pytest.raises(StorageError, match=r"is not a dwarfhall database \(it holds the tables recipes\)"):
        open_database(other)
    assert _digest(other) == before and table_names(other) == {"recipes"}


def test_old_arena_tables_of_an_unknown_layout_are_refused_untouched(tmp_path: Path) -> None:
    old = tmp_path / "old.sqlite"
    with sqlite3.connect(old) as raw:
        raw.execute("CREATE TABLE runs (id INTEGER PRIMARY KEY, kind TEXT)")
        raw.execute("CREATE TABLE games (run_id INTEGER, pairing TEXT, game_index INTEGER, winner INTEGER)")
    raw.close()
    before = _digest(old)
    known = r"layout this dwarfhall does not know \(table runs: columns missing: created, game, "
    with pytest.raises(StorageError, match=known):
        open_database(old)
    assert _digest(old) == before and table_names(old) == {"runs", "games"}


def test_a_newer_schema_is_refused_untouched(database: str) -> None:
    open_database(database).close()
    with open_database(database) as db, db.transaction() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    with pytest.raises(StorageError, match=r"schema revision '9999', which this dwarfhall does not know"):
        open_database(database)
    assert query_one(database, "SELECT version_num FROM alembic_version") == ("9999",)


def test_an_unreachable_server_is_named_without_its_password() -> None:
    url = "postgresql://me:hunter2@/nowhere?host=/nonexistent-socket-dir"
    with pytest.raises(StorageError, match=r"cannot open the database postgresql://me:\*\*\*@/nowhere") as caught:
        open_database(url)
    assert "hunter2" not in str(caught.value)


OPEN_AND_COUNT = """
import sys
from sqlalchemy import text
from dwarfhall.storage import open_database
with open_database(sys.argv[1]) as db, db.transaction() as c:
    print(c.execute(text("SELECT count(*) FROM arena_runs")).scalar())
"""


def test_processes_opening_a_new_database_at_once_all_succeed(database: str) -> None:
    # each runs the migrations' check; a lock makes the others wait for the first to create the tables
    procs = [
        subprocess.Popen([sys.executable, "-c", OPEN_AND_COUNT, database], cwd=ROOT, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
        for _ in range(3)
    ]  # fmt: skip
    outcomes = [proc.communicate(timeout=120) for proc in procs]
    assert [proc.returncode for proc in procs] == [0] * 3, outcomes
    assert [out.strip() for out, _ in outcomes] == ["0"] * 3


def test_commands_and_workers_that_need_no_database_do_not_load_its_libraries() -> None:
    code = (
        "import sys, dwarfhall.cli, dwarfhall.arena.commands, dwarfhall.arena.backends, dwarfhall.arena.play;"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'sqlalchemy', 'alembic', 'psycopg'}))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"  # `dwarfhall play` and every game worker start as fast as before
