"""A server game keeps its turns as the game counts them, so that the lobby shows turns, not actions.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("server_games") as batch:
        batch.add_column(sa.Column("turns", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("server_games") as batch:
        batch.drop_column("turns")
