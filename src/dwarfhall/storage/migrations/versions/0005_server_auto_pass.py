"""A seat's choice of the table's auto-pass setting.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("server_seats") as batch:
        batch.add_column(sa.Column("auto_pass", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("server_seats") as batch:
        batch.drop_column("auto_pass")
