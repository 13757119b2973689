"""Spring's state fields, in a base class of `SpringState` of their own so that the compiled build can type them.

In the compiled build (`statefields.pxd`) they are C fields of an extension type (ints and lists), which the
compiled rules modules read and write without attribute lookups; as plain Python this is a class with
`__slots__`. What each field holds is told where `SpringState.__init__` sets it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dwarfhall.core.statebase import StateFields

if TYPE_CHECKING:
    from .tables import GameTables, Occupancy
    from .targets import Targets
    from .worldmap import WorldMap


class SpringFields(StateFields):
    """Spring's part of a state (see `SpringState`)."""

    __slots__ = (
        "_occupancy",
        "_targets",
        "defeated",
        "dwarfs",
        "egg_pile",
        "era",
        "exhausted",
        "expedition_area",
        "expedition_deck",
        "faerie_deck",
        "faerie_discard",
        "faerie_hand",
        "faerie_power",
        "first",
        "fortress_at",
        "heroes",
        "home",
        "last_reveal",
        "line_left",
        "monster_at",
        "nest",
        "nest_level",
        "owner_at",
        "pending",
        "phase",
        "placing",
        "removed",
        "round",
        "settlement_line",
        "spots_used",
        "stage",
        "successes",
        "tables",
        "to_act",
        "treasury",
        "unused_monsters",
        "web_at",
        "world",
    )

    _occupancy: Occupancy | None
    _targets: Targets | None
    defeated: list[int]
    dwarfs: list[list[int]]
    egg_pile: list[int]
    era: int
    exhausted: list[list[bool]]
    expedition_area: list[int]
    expedition_deck: list[int]
    faerie_deck: list[int]
    faerie_discard: list[int]
    faerie_hand: list[list[int]]
    faerie_power: list[int]
    first: int
    fortress_at: list[int]
    heroes: list[list[int]]
    home: list[int]
    last_reveal: tuple[int, ...]
    line_left: list[list[int]]
    monster_at: list[int]
    nest: list[list[int]]
    nest_level: list[list[int]]
    owner_at: list[int]
    pending: list[list[int]]
    phase: int
    placing: list[int]
    removed: list[int]
    round: int
    settlement_line: list[int]
    spots_used: list[int]
    stage: int
    successes: list[list[int]]
    tables: GameTables  # the game's lookup tables (`game.tables`), read by every rule
    to_act: int
    treasury: list[list[int]]
    unused_monsters: list[int]
    web_at: list[int]
    world: WorldMap
