"""The server's coach: stored reviews of finished games (one per game and seat) and who allowed or used hints."""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, ForeignKey, Integer, String, Table, Text, false, text

from .metadata import metadata

reviews = Table(
    "server_reviews",
    metadata,
    Column("game_id", String(32), ForeignKey("server_games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("status", String(16), nullable=False),  # running, done or failed
    Column("done", Integer, nullable=False),  # decisions reviewed so far
    Column("total", Integer, nullable=False),
    Column("iters", Integer, nullable=False),  # search iterations per decision
    Column("result", Text),  # the review as JSON once done
    Column("updated", Float, nullable=False),
)

hints = Table(
    "server_hints",
    metadata,
    Column("game_id", String(32), ForeignKey("server_games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("allowed", Boolean, nullable=False, server_default=false()),  # this person allows hints at the table
    Column("used", Integer, nullable=False, server_default=text("0")),  # hints this seat was shown
)
