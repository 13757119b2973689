"""High Draw's options: 2-4 players and the seat that begins."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from dwarfhall.core.options import SeatOptions


@dataclass(frozen=True)
class HighDrawOptions(SeatOptions):
    """players: 2, 3 or 4. first_player: a seat "0".."3", or "random"."""

    player_counts: ClassVar[range] = range(2, 5)
    players: int = 2
    first_player: str = "0"
