"""Databases without a migration history: empty ones, the first arena files, and files that are not ours."""

from __future__ import annotations

from sqlalchemy import Connection, inspect

from .errors import StorageError

# the tables the arena wrote before migrations existed; revision 0001 renames them in place
LEGACY_TABLES = {
    "runs": {
        "id", "kind", "game", "options", "specs", "seed", "games", "planned", "num_players", "created",
        "updated", "summary",
    },
    "games": {
        "run_id", "pairing", "game_index", "seats", "seed", "first_player", "returns", "scores", "length",
        "record", "components", "duration", "finished",
    },
}  # fmt: skip


def check_unversioned(connection: Connection, name: str) -> None:
    """Lets an empty database or a first-generation arena file through; refuses anything else, unchanged."""
    inspector = inspect(connection)
    tables = set(inspector.get_table_names())
    if not tables:
        return
    if tables != set(LEGACY_TABLES):
        shown = ", ".join(sorted(tables))
        raise StorageError(
            f"{name} is not a dwarfhall database (it holds the tables {shown}); it was left unchanged: "
            "give a new file or a dwarfhall database"
        )
    for table, wanted in LEGACY_TABLES.items():
        found = {column["name"] for column in inspector.get_columns(table)}
        if found != wanted:
            missing = ", ".join(sorted(wanted - found)) or "none"
            extra = ", ".join(sorted(found - wanted)) or "none"
            raise StorageError(
                f"{name} holds arena tables of a layout this dwarfhall does not know (table {table}: columns "
                f"missing: {missing}; unexpected: {extra}); it was left unchanged"
            )
