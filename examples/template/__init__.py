"""High Draw, the template game: a small complete game to copy when adding one (docs/architecture.md)."""

from .game import HighDrawGame

__all__ = ["HighDrawGame"]
