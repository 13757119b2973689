"""The arena's tables: runs, their played games, and claims that let processes share a run's games.

JSON values are kept as text, exactly as the first SQLite files held them, so those files need no rewrite.
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Column, Float, ForeignKey, Integer, Table, Text, UniqueConstraint

from .metadata import metadata

arena_runs = Table(
    "arena_runs",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("kind", Text, nullable=False),  # 'arena' or 'simulate'
    Column("game", Text, nullable=False),
    Column("options", Text, nullable=False),  # JSON object, keys sorted
    Column("specs", Text, nullable=False),  # JSON list of agent specs; agent i of the run is specs[i]
    Column("seed", BigInteger, nullable=False),
    Column("games", Integer, nullable=False),  # per pairing (arena) or in total (simulate)
    Column("planned", Integer, nullable=False),  # games in the whole plan
    Column("num_players", Integer, nullable=False),
    Column("created", Text, nullable=False),  # ISO 8601, UTC
    Column("updated", Text, nullable=False),
    Column("summary", Text),  # JSON statistics, refreshed after each invocation
    UniqueConstraint("kind", "game", "options", "specs", "seed"),
)

arena_games = Table(
    "arena_games",
    metadata,
    Column("run_id", Integer, ForeignKey("arena_runs.id"), primary_key=True),
    Column("pairing", Text, primary_key=True),  # agent indices, e.g. '0-1'
    Column("game_index", Integer, primary_key=True),
    Column("seats", Text, nullable=False),  # JSON list: agent index per seat
    Column("seed", BigInteger, nullable=False),
    Column("first_player", Integer, nullable=False),
    Column("returns", Text, nullable=False),  # JSON list per seat
    Column("scores", Text, nullable=False),  # JSON list per seat
    Column("length", Integer, nullable=False),
    Column("record", Text, nullable=False),  # GameRecord JSON (game, options, seed, action ids)
    Column("components", Text, nullable=False),  # JSON list per seat of {component: uses}
    Column("duration", Float, nullable=False),
    Column("finished", Text, nullable=False),
)

# a process that plays games of a run; its heartbeat tells others whether its claims still hold
arena_processes = Table(
    "arena_processes",
    metadata,
    Column("token", Text, primary_key=True),  # random, chosen by the process
    Column("run_id", Integer, ForeignKey("arena_runs.id"), nullable=False),
    Column("host", Text, nullable=False),
    Column("pid", Integer, nullable=False),
    Column("heartbeat", Float, nullable=False),  # seconds since the epoch (UTC) of its last sign of life
)

# games being played right now: one row per game, so two processes never take the same one
arena_claims = Table(
    "arena_claims",
    metadata,
    Column("run_id", Integer, ForeignKey("arena_runs.id"), primary_key=True),
    Column("pairing", Text, primary_key=True),
    Column("game_index", Integer, primary_key=True),
    Column("owner", Text, nullable=False, index=True),  # arena_processes.token
)
