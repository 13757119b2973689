"""The web server's tables: games, their seats (with the secret seat tokens), their moves, and players' keys.

A game is kept as its record (game, options, seed, action ids); the server rebuilds its state by replaying it.
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Boolean, Column, Float, ForeignKey, Integer, String, Table, Text, false

from .metadata import metadata

games = Table(
    "server_games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("engine_version", String(32), nullable=False),
    Column("lang", String(8), nullable=False),
    Column("public", Boolean, nullable=False),
    Column("clock", Integer),
    Column("status", String(16), nullable=False, index=True),
    Column("to_act", Integer),
    Column("moves", Integer, nullable=False),
    Column("turns", Integer),  # turns as the game counts them (State.turn_count); None for a game without turns
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False, index=True),
    Column("rematch_of", String(32), index=True),
    Column("result", Text),
    Column("flag", Text),
)

seats = Table(
    "server_seats",
    metadata,
    Column("game_id", String(32), ForeignKey("server_games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("token", String(64), nullable=False, unique=True),
    Column("bot", String(200)),
    Column("player", String(64), index=True),
    Column("host", Boolean, nullable=False),
    Column("stand_in", String(200)),
    Column("previous_token", String(64)),
    Column("auto_pass", Boolean, nullable=False, server_default=false()),  # opted in to the table's auto-pass
    Column("open", Boolean, nullable=False, server_default=false()),  # joinable by anyone, not an invitation seat
)

moves = Table(
    "server_moves",
    metadata,
    Column("game_id", String(32), ForeignKey("server_games.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Integer, nullable=False),
    Column("at", Float, nullable=False),
)

players = Table(
    "server_players",
    metadata,
    Column("key", String(64), primary_key=True),
    Column("created", Float, nullable=False),
)
