"""Every table of the product, so that `metadata` knows them all (migrations compare against it)."""

from __future__ import annotations

from .arena_tables import arena_claims, arena_games, arena_processes, arena_runs
from .metadata import metadata

__all__ = ["arena_claims", "arena_games", "arena_processes", "arena_runs", "metadata"]
