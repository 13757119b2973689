"""The server's coach: stored reviews of finished games, and hints allowed and used per seat.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "server_reviews",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("done", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("iters", sa.Integer, nullable=False),
        sa.Column("result", sa.Text),
        sa.Column("updated", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat", name="pk_server_reviews"),
        sa.ForeignKeyConstraint(["game_id"], ["server_games.id"], name="fk_server_reviews_game_id_server_games"),
    )
    op.create_table(
        "server_hints",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("allowed", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("used", sa.Integer, nullable=False, server_default=sa.text("0")),
        sa.PrimaryKeyConstraint("game_id", "seat", name="pk_server_hints"),
        sa.ForeignKeyConstraint(["game_id"], ["server_games.id"], name="fk_server_hints_game_id_server_games"),
    )


def downgrade() -> None:
    op.drop_table("server_hints")
    op.drop_table("server_reviews")
