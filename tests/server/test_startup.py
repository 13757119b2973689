"""The server's first lines: the address it really listens on, and where its games are kept."""

from __future__ import annotations

from pathlib import Path

from dwarfhall.server.commands import startup_lines


def test_the_first_lines_name_the_real_address_and_the_shared_default_database() -> None:
    local = startup_lines("127.0.0.1", 8000, Path("/home/me/.local/share/dwarfhall/server.sqlite"), given=False)
    assert "http://127.0.0.1:8000/" in local[0] and "localhost" not in local[0]
    assert "only this machine" in local[0]
    assert local[1] == (
        "games kept in /home/me/.local/share/dwarfhall/server.sqlite, shared by every clone on this machine unless "
        "--db is given"
    )
    everywhere = startup_lines("0.0.0.0", 8080, "games.sqlite", given=True)
    assert "every address of this machine (0.0.0.0), port 8080" in everywhere[0]
    assert everywhere[1] == "games kept in games.sqlite"
    assert "http://[::1]:9000/" in startup_lines("::1", 9000, "x.sqlite", given=True)[0]


def test_a_database_url_is_shown_without_its_password() -> None:
    lines = startup_lines("127.0.0.1", 8000, "postgresql://me:secret@db.example/dwarfhall", given=True)
    assert "secret" not in lines[1] and "postgresql://me:***@db.example/dwarfhall" in lines[1]
