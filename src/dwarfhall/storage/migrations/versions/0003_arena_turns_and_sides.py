"""Games keep their length in turns and the side each seat played, for reports a designer can read.

Both columns may be NULL: rows stored before this revision keep reading as they were.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("arena_games") as batch:
        batch.add_column(sa.Column("turns", sa.Integer, nullable=True))
        batch.add_column(sa.Column("sides", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("arena_games") as batch:
        batch.drop_column("sides")
        batch.drop_column("turns")
