"""Moves taken back (kept with their times), each seat's response-window preferences, and how a game ended
when nobody won it on the board (a resignation, an agreed draw, an abandoned seat).

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "server_undone",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("server_games.id"), nullable=False, index=True),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("undone", sa.Float, nullable=False),
    )
    with op.batch_alter_table("server_seats") as batch:
        batch.add_column(sa.Column("windows", sa.Text))
    with op.batch_alter_table("server_games") as batch:
        batch.add_column(sa.Column("ending", sa.Text))
        batch.add_column(sa.Column("draw_offer", sa.Integer))


def downgrade() -> None:
    with op.batch_alter_table("server_games") as batch:
        batch.drop_column("draw_offer")
        batch.drop_column("ending")
    with op.batch_alter_table("server_seats") as batch:
        batch.drop_column("windows")
    op.drop_table("server_undone")
