"""A damaged results database: a message naming the file and the problem, no traceback, nothing lost."""

from __future__ import annotations

import hashlib
import random
import shutil
from pathlib import Path

import pytest

from dwarfhall.arena.store import open_store
from dwarfhall.cli import main

from ..support.databases import execute, query_one
from ..support.kuhn import KuhnGame

LEGACY = Path(__file__).with_name("fixtures") / "arena-v0.sqlite"
PAGE = 4096  # the fixture's page size


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _fail(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


def _current_copy(tmp_path: Path) -> Path:
    """The old fixture, migrated and closed: a file in today's layout with two runs in it."""
    copy = tmp_path / "arena.sqlite"
    shutil.copy(LEGACY, copy)
    open_store(copy).close()
    return copy


@pytest.mark.parametrize("page", [1, 4, 7])
def test_garbage_pages(tmp_path: Path, capsys: pytest.CaptureFixture[str], page: int) -> None:
    copy = _current_copy(tmp_path)
    data = bytearray(copy.read_bytes())
    data[page * PAGE : (page + 1) * PAGE] = random.Random(page).randbytes(PAGE)
    copy.write_bytes(bytes(data))
    before = _digest(copy)
    err = _fail(["report", "--db", str(copy), "--run", "1", "--out", str(tmp_path / "rep")], capsys)
    assert f"dwarfhall: {copy}: " in err and "database disk image is malformed" in err and ".recover" in err
    assert _digest(copy) == before  # never repaired, rewritten or dropped behind the user's back


def test_a_file_of_garbage(tmp_path: Path, capsys: pytest.CaptureFixture[str], kuhn: KuhnGame) -> None:
    junk = tmp_path / "arena.sqlite"
    junk.write_bytes(random.Random(1).randbytes(3 * PAGE))
    before = _digest(junk)
    err = _fail(["arena", "kuhn", "--agents", "random", "--games", "2", "--workers", "1", "--db", str(junk)], capsys)
    assert f"{junk} is not a SQLite database" in err
    assert _digest(junk) == before


@pytest.mark.parametrize(
    ("column", "value", "problem"),
    [
        ("returns", "[1.0, ", "run 1, game 0#2, column returns does not hold valid JSON"),
        ("record", "[]", "run 1, game 0#2, column record holds a list where a dict belongs"),
    ],
)
def test_a_bad_value_in_a_result_row(
    kuhn: KuhnGame, db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], column: str, value: str, problem: str
) -> None:
    assert main(["arena", "kuhn", "--agents", "random", "--games", "4", "--workers", "1", "--quiet", "--db", db]) == 0
    capsys.readouterr()
    execute(db, f"UPDATE arena_games SET {column} = '{value}' WHERE pairing = '0' AND game_index = 2")
    err = _fail(["report", "--db", db, "--out", str(tmp_path / "rep")], capsys)
    assert problem in err and "left unchanged" in err
    # the listing still works and every row is still there, the bad one as it was
    assert main(["report", "--db", db, "--list"]) == 0
    assert query_one(db, "SELECT count(*) FROM arena_games") == (4,)
    assert query_one(db, f"SELECT {column} FROM arena_games WHERE game_index = 2") == (value,)


def test_bad_json_in_a_run(kuhn: KuhnGame, db: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "kuhn", "--agents", "random", "--games", "2", "--workers", "1", "--quiet", "--db", db]) == 0
    execute(db, "UPDATE arena_runs SET options = '{\"a\": ' WHERE id = 1")
    err = _fail(["report", "--db", db, "--list"], capsys)
    assert "run 1, column options does not hold valid JSON" in err
    assert query_one(db, "SELECT options FROM arena_runs WHERE id = 1") == ('{"a": ',)


def test_a_schema_newer_than_this_program(db: str, kuhn: KuhnGame, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "kuhn", "--agents", "random", "--games", "2", "--workers", "1", "--quiet", "--db", db]) == 0
    execute(db, "UPDATE alembic_version SET version_num = 'f00d'")
    capsys.readouterr()
    err = _fail(["report", "--db", db, "--list"], capsys)
    assert "schema revision 'f00d', which this dwarfhall does not know" in err and "update dwarfhall" in err
    assert query_one(db, "SELECT count(*) FROM arena_games") == (2,)


def test_an_old_file_is_migrated_in_place_and_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy = tmp_path / "old.sqlite"
    shutil.copy(LEGACY, copy)
    assert main(["report", "--db", str(copy), "--list"]) == 0
    listing = capsys.readouterr().out
    assert "arena     duel    3/3    random heuristic" in listing and "simulate  alewar  2/2    random" in listing
    assert main(["report", "--db", str(copy), "--run", "1", "--out", str(tmp_path / "rep")]) == 0
    assert (tmp_path / "rep" / "report.html").exists()
