"""Claims: processes playing one run share its games instead of each playing all of them.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "arena_processes",
        sa.Column("token", sa.Text, nullable=False),
        sa.Column("run_id", sa.Integer, nullable=False),
        sa.Column("host", sa.Text, nullable=False),
        sa.Column("pid", sa.Integer, nullable=False),
        sa.Column("heartbeat", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("token", name="pk_arena_processes"),
        sa.ForeignKeyConstraint(["run_id"], ["arena_runs.id"], name="fk_arena_processes_run_id_arena_runs"),
    )
    op.create_table(
        "arena_claims",
        sa.Column("run_id", sa.Integer, nullable=False),
        sa.Column("pairing", sa.Text, nullable=False),
        sa.Column("game_index", sa.Integer, nullable=False),
        sa.Column("owner", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("run_id", "pairing", "game_index", name="pk_arena_claims"),
        sa.ForeignKeyConstraint(["run_id"], ["arena_runs.id"], name="fk_arena_claims_run_id_arena_runs"),
    )
    op.create_index("ix_arena_claims_owner", "arena_claims", ["owner"])


def downgrade() -> None:
    op.drop_index("ix_arena_claims_owner", "arena_claims")
    op.drop_table("arena_claims")
    op.drop_table("arena_processes")
