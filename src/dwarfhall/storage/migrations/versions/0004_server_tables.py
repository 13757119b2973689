"""The web server's games, seats, moves and players.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "server_games",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("engine_version", sa.String(32), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("public", sa.Boolean, nullable=False),
        sa.Column("clock", sa.Integer),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("to_act", sa.Integer),
        sa.Column("moves", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Column("rematch_of", sa.String(32)),
        sa.Column("result", sa.Text),
        sa.Column("flag", sa.Text),
        sa.PrimaryKeyConstraint("id", name="pk_server_games"),
    )
    op.create_index("ix_server_games_status", "server_games", ["status"])
    op.create_index("ix_server_games_updated", "server_games", ["updated"])
    op.create_index("ix_server_games_rematch_of", "server_games", ["rematch_of"])
    op.create_table(
        "server_seats",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("bot", sa.String(200)),
        sa.Column("player", sa.String(64)),
        sa.Column("host", sa.Boolean, nullable=False),
        sa.Column("stand_in", sa.String(200)),
        sa.Column("previous_token", sa.String(64)),
        sa.PrimaryKeyConstraint("game_id", "seat", name="pk_server_seats"),
        sa.ForeignKeyConstraint(["game_id"], ["server_games.id"], name="fk_server_seats_game_id_server_games"),
        sa.UniqueConstraint("token", name="uq_server_seats_token"),
    )
    op.create_index("ix_server_seats_player", "server_seats", ["player"])
    op.create_table(
        "server_moves",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "number", name="pk_server_moves"),
        sa.ForeignKeyConstraint(["game_id"], ["server_games.id"], name="fk_server_moves_game_id_server_games"),
    )
    op.create_table(
        "server_players",
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("key", name="pk_server_players"),
    )


def downgrade() -> None:
    op.drop_table("server_players")
    op.drop_table("server_moves")
    op.drop_index("ix_server_seats_player", "server_seats")
    op.drop_table("server_seats")
    op.drop_index("ix_server_games_rematch_of", "server_games")
    op.drop_index("ix_server_games_updated", "server_games")
    op.drop_index("ix_server_games_status", "server_games")
    op.drop_table("server_games")
