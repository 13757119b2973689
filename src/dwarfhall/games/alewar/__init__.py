"""Dwarves vs Goblins ("Ale War"): three Dwarves try to smash two Goblin ale barrels on a 6 x 6 board."""

from .game import AleWarGame
from .options import AleWarOptions

__all__ = ["AleWarGame", "AleWarOptions"]
