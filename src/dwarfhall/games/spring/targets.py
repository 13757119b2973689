"""Where dwarf actions may go on the map (§11.3, R12, R32, R41), kept by the state from one position to the next.

A `Targets` is worked out from `owner_at`, `dwarfs` and `web_at` and keeps copies of them: the state's one is
used only while those three still read the same, so a state changed by hand (a test, a faerie's swap) is read
afresh. The dwarf actions update it in place of a new scan (`after_dwarf`, `after_settlement`); a `Targets` is
never changed once made, so clones and samples may share it.
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING

from .action_ids import EXPLORE_AT
from .board import WILDLAND_DWARFS
from .lookup import occupancy
from .phases import NO_ONE

if TYPE_CHECKING:
    from .lookup import MapTables
    from .state import SpringState

# per player, once asked: the explore ids, the places a settlement may take, the places the fortress may take
Mine = tuple[list[int], list[int], list[int]]


class Targets:
    """Open spots and reach by place number (the numbering of the action ids, ascending with the location)."""

    __slots__ = (
        "_mine",
        "dwarfs",
        "land",
        "maps",
        "near",
        "open",
        "open_wild",
        "owner_at",
        "unwebbed",
        "web_at",
    )

    maps: MapTables
    owner_at: list[int]  # the copies it was worked out from (never changed)
    dwarfs: list[list[int]]
    web_at: list[int]
    open: frozenset[int]  # grassland places without a settlement, fortress or dwarf (water and webs allowed)
    open_wild: frozenset[int]  # wildlands with room for another dwarf (R12)
    land: frozenset[int]  # open places that are not water: where the fortress may go (R42: webs allowed)
    unwebbed: frozenset[int]  # open land without a web: where a settlement may go
    near: list[frozenset[int]]  # per player: places next to their settlements, fortress and dwarfs (R32, R41)
    _mine: list[Mine | None]

    @classmethod
    def scan(cls, state: SpringState) -> Targets:
        """Worked out from the state's lists."""
        maps = state.world.tables
        place_of = maps.place_of
        adjacent = maps.adjacent_places
        found = cls.__new__(cls)
        found.maps = maps
        found.owner_at = state.owner_at[:]
        found.dwarfs = dwarfs = [row[:] for row in state.dwarfs]
        found.web_at = web_at = state.web_at[:]
        occupied = occupancy(state)
        placed = list(chain.from_iterable(dwarfs))
        found.open = occupied.open_grass.difference(map(place_of.__getitem__, placed))
        wild = maps.wild_places
        location_at = state.world.location_at
        full = [place for place in wild if placed.count(location_at[place]) >= WILDLAND_DWARFS]
        found.open_wild = wild.difference(full) if full else wild
        found.land = found.open & maps.land_places
        webbed = [place_of[loc] for loc, web in enumerate(web_at) if web != NO_ONE]
        found.unwebbed = found.land.difference(webbed) if webbed else found.land
        found.near = [
            occupied.reach(p).union(*[adjacent[loc] for loc in row]) if row else occupied.reach(p)
            for p, row in enumerate(dwarfs)
        ]
        found._mine = [None] * len(dwarfs)
        return found

    def _next(self) -> Targets:
        """A copy sharing every part, for an update to replace some."""
        other = Targets.__new__(Targets)
        other.maps = self.maps
        other.owner_at = self.owner_at
        other.dwarfs = self.dwarfs
        other.web_at = self.web_at
        other.open = self.open
        other.open_wild = self.open_wild
        other.land = self.land
        other.unwebbed = self.unwebbed
        other.near = self.near[:]
        other._mine = [None] * len(self.near)
        return other

    def after_dwarf(self, player: int, location: int) -> Targets:
        """The same map with one more dwarf of `player` at `location`."""
        other = self._next()
        dwarfs = other.dwarfs = [row[:] for row in self.dwarfs]
        dwarfs[player].append(location)
        maps = self.maps
        place = maps.place_of[location]
        other.near[player] = self.near[player] | maps.adjacent_places[location]
        if place in self.open:
            other.open = self.open - {place}
            other.land = self.land - {place}
            other.unwebbed = self.unwebbed - {place}
        elif place in maps.wild_places:
            if sum(row.count(location) for row in dwarfs) >= WILDLAND_DWARFS:
                other.open_wild = self.open_wild - {place}
        return other

    def after_settlement(self, player: int, location: int) -> Targets | None:
        """The same map with a settlement or the fortress of `player` at `location`; None when another piece
        stood there (never by the rules: the state is then read afresh)."""
        if self.owner_at[location] != NO_ONE:
            return None
        other = self._next()
        other.owner_at = self.owner_at[:]
        other.owner_at[location] = player
        maps = self.maps
        place = maps.place_of[location]
        other.near[player] = self.near[player] | maps.adjacent_places[location]
        other.open = self.open - {place}
        other.land = self.land - {place}
        other.unwebbed = self.unwebbed - {place}
        return other

    def mine(self, player: int) -> Mine:
        """The player's explore ids (free spots and wildlands with room in reach) and the places in reach a
        settlement and the fortress may take, ascending."""
        found = self._mine[player]
        if found is None:
            reach = self.near[player]
            explore = [EXPLORE_AT + place for place in sorted(reach & self.open | reach & self.open_wild)]
            found = self._mine[player] = (explore, sorted(reach & self.unwebbed), sorted(reach & self.land))
        return found


def targets_of(state: SpringState) -> Targets:
    """The state's `Targets`, worked out afresh when its map, settlements, dwarfs or webs no longer read the same."""
    found = state._targets
    if (
        found is None
        or found.dwarfs != state.dwarfs
        or found.owner_at != state.owner_at
        or found.web_at != state.web_at
        or found.maps is not state.world.tables
    ):
        found = state._targets = Targets.scan(state)
    return found


def fresh(state: SpringState) -> Targets | None:
    """The state's `Targets` if it still reads the state (for an update after the next change), else None."""
    found = state._targets
    if (
        found is None
        or found.dwarfs != state.dwarfs
        or found.owner_at != state.owner_at
        or found.web_at != state.web_at
        or found.maps is not state.world.tables
    ):
        return None
    return found
