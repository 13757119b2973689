"""The phases of a game of Ale War (what the player to act decides), the result codes and the logs kept."""

from __future__ import annotations

TERRAIN, SIDES, PLACE_UNITS, PLACE_BARRELS, REINFORCE, MOVE, ATTACK, OVER = range(8)
PHASE_NAMES: tuple[str, ...] = (
    "terrain", "sides", "place_units", "place_barrels", "reinforce", "move", "attack", "over"
)

NO_WINNER, DRAW = -1, 2  # the winner is DWARVES, GOBLINS, DRAW or NO_WINNER

# one terrain placement: (seat, kind code, square, ((column, row), ...) every roll including re-rolls)
TerrainEntry = tuple[int, int, int, tuple[tuple[int, int], ...]]
# the last attack: (attacker unit, target code, target square, die, modifier, armor, hit)
AttackEntry = tuple[int, int, int, int, int, int, bool]
