"""Every table of the product, so that `metadata` knows them all (migrations compare against it)."""

from __future__ import annotations

from .arena_tables import arena_claims, arena_games, arena_processes, arena_runs
from .coach_tables import hints as server_hints
from .coach_tables import reviews as server_reviews
from .metadata import metadata
from .server_tables import games as server_games
from .server_tables import moves as server_moves
from .server_tables import players as server_players
from .server_tables import seats as server_seats

__all__ = [
    "arena_claims",
    "arena_games",
    "arena_processes",
    "arena_runs",
    "metadata",
    "server_games",
    "server_hints",
    "server_moves",
    "server_players",
    "server_reviews",
    "server_seats",
]
