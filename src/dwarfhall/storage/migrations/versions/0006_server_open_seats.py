"""A person seat open to anyone from the lobby (otherwise it is reserved for its invitation link).

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("server_seats") as batch:
        batch.add_column(sa.Column("open", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("server_seats") as batch:
        batch.drop_column("open")
