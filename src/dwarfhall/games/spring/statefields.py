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
        "_targets_seen",
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
        "map_changes",
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
    _targets_seen: int  # `map_changes` when `_targets` last read the same as the state (targets.targets_of)
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
    map_changes: int  # bumped by every change of `owner_at`, `web_at` or `dwarfs` (the map targets' validity)
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


def copy_fields(source: SpringFields, other: SpringFields) -> None:
    """Copies Spring's fields of `source` into `other` field by field (the names of snapshot's INTS, FLAT_LISTS and
    NESTED_LISTS), the lists too; the map targets are shared, so from now on never changed in place."""
    other.world = source.world
    other.tables = source.tables
    other._occupancy = source._occupancy
    other._targets = targets = source._targets
    other._targets_seen = source._targets_seen
    other.map_changes = source.map_changes
    if targets is not None:
        targets.owned = False
    other.phase = source.phase
    other.era = source.era
    other.round = source.round
    other.first = source.first
    other.to_act = source.to_act
    other.stage = source.stage
    other.placing = source.placing[:]
    other.monster_at = source.monster_at[:]
    other.web_at = source.web_at[:]
    other.owner_at = source.owner_at[:]
    other.settlement_line = source.settlement_line[:]
    other.expedition_deck = source.expedition_deck[:]
    other.unused_monsters = source.unused_monsters[:]
    other.expedition_area = source.expedition_area[:]
    other.egg_pile = source.egg_pile[:]
    other.faerie_deck = source.faerie_deck[:]
    other.faerie_discard = source.faerie_discard[:]
    other.removed = source.removed[:]
    other.fortress_at = source.fortress_at[:]
    other.home = source.home[:]
    other.spots_used = source.spots_used[:]
    other.defeated = source.defeated[:]
    other.faerie_power = source.faerie_power[:]
    other.treasury = [row[:] for row in source.treasury]
    other.line_left = [row[:] for row in source.line_left]
    other.dwarfs = [row[:] for row in source.dwarfs]
    other.nest = [row[:] for row in source.nest]
    other.nest_level = [row[:] for row in source.nest_level]
    other.exhausted = [row[:] for row in source.exhausted]
    other.heroes = [row[:] for row in source.heroes]
    other.faerie_hand = [row[:] for row in source.faerie_hand]
    other.successes = [row[:] for row in source.successes]
    other.pending = [step[:] for step in source.pending]
    other.last_reveal = source.last_reveal  # a tuple: replaced, never changed in place
