"""The arena's runs and games.

A SQLite file written before migrations existed holds the same tables under the names `runs` and
`games`; they are renamed in place (rows untouched), which frees `games` for the server's tables.

Revision ID: 0001
Revises:
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    if {"runs", "games"} <= existing:  # checked by dwarfhall.storage.legacy before we get here
        op.rename_table("runs", "arena_runs")
        op.rename_table("games", "arena_games")
        return
    op.create_table(
        "arena_runs",
        sa.Column("id", sa.Integer, nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("game", sa.Text, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("specs", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("planned", sa.Integer, nullable=False),
        sa.Column("num_players", sa.Integer, nullable=False),
        sa.Column("created", sa.Text, nullable=False),
        sa.Column("updated", sa.Text, nullable=False),
        sa.Column("summary", sa.Text),
        sa.PrimaryKeyConstraint("id", name="pk_arena_runs"),
        sa.UniqueConstraint(
            "kind", "game", "options", "specs", "seed", name="uq_arena_runs_kind_game_options_specs_seed"
        ),
    )
    op.create_table(
        "arena_games",
        sa.Column("run_id", sa.Integer, nullable=False),
        sa.Column("pairing", sa.Text, nullable=False),
        sa.Column("game_index", sa.Integer, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("first_player", sa.Integer, nullable=False),
        sa.Column("returns", sa.Text, nullable=False),
        sa.Column("scores", sa.Text, nullable=False),
        sa.Column("length", sa.Integer, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("components", sa.Text, nullable=False),
        sa.Column("duration", sa.Float, nullable=False),
        sa.Column("finished", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("run_id", "pairing", "game_index", name="pk_arena_games"),
        sa.ForeignKeyConstraint(["run_id"], ["arena_runs.id"], name="fk_arena_games_run_id_arena_runs"),
    )


def downgrade() -> None:
    op.drop_table("arena_games")
    op.drop_table("arena_runs")
