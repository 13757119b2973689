"""Where dwarf actions may go on the map (§11.3, R12, R32, R41, R53), kept by the state from one position to the next.

A `Targets` is worked out from `owner_at`, `dwarfs` and `web_at` and keeps copies of them: the state's one is
used only while those three still read the same, and what no longer reads the same is worked out afresh (the
dwarfs' part alone after a faerie moved one or the era sent them home, the webs alone after a web came or went,
everything after the settlements changed by hand or by a faerie's swap). The dwarf actions update it in place of
a new reading (`after_dwarf`, `after_settlement`), copies and derived sets alike, so an update of a stale `Targets`
is stale too and is found out before use. A `Targets` held by one state alone and owning every part (`owned`: read
afresh by `scan`) is updated in place; once a clone or sample shares it, it is never changed again, and an update
makes a new one sharing the unchanged parts (as do its successors, until a state reads its targets afresh).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain, compress, filterfalse
from operator import itemgetter
from typing import TYPE_CHECKING

from .layout import EXPLORE_IDS
from .phases import NO_ONE
from .pieces import WILDLAND_DWARFS
from .tables import occupancy

if TYPE_CHECKING:
    from .state import SpringState
    from .tables import MapTables

# picks the ids of some places from a per-place id table, always as a tuple
Picker = Callable[[tuple[int, ...]], tuple[int, ...]]
# per player, once asked: the explore ids, a picker of the places in reach a settlement may take (None: there are
# none), and the places in reach the fortress may take (R42: webs allowed), ascending
Mine = tuple[tuple[int, ...], Picker | None, list[int]]


class Targets:
    """Open spots and reach by place number (the numbering of the action ids, ascending with the location)."""

    __slots__ = (
        "_mine",
        "dwarfs",
        "maps",
        "near",
        "open",
        "open_land",
        "open_wild",
        "owned",
        "owner_at",
        "pieces",
        "room",
        "settled_near",
        "unsettled",
        "web_at",
        "webbed",
    )

    maps: MapTables
    owner_at: list[int]  # the copies it was worked out from (never changed)
    dwarfs: list[list[int]]
    web_at: list[int]
    owned: bool  # held by one state alone, every part its own (no other `Targets` or memo shares one): changed in place
    unsettled: set[int]  # grassland places without a settlement or fortress (water and webs allowed)
    settled_near: list[set[int]]  # per player: places next to their settlements and fortress
    pieces: list[int]  # per player: settlements and fortress on the map
    open: set[int]  # unsettled places without a dwarf
    open_wild: set[int]  # wildlands with room for another dwarf (R12)
    room: set[int]  # where an explore may go: open | open_wild
    open_land: set[int]  # where a settlement or the fortress may go (webs aside): open & the map's land
    webbed: set[int]  # places with a web
    near: list[set[int]]  # per player: places next to their settlements, fortress and dwarfs (R32, R41, R53)
    _mine: list[Mine | None]

    @classmethod
    def scan(cls, state: SpringState) -> Targets:
        """Worked out from the state's lists, every part its own (the occupancy's sets are copied)."""
        found = cls.__new__(cls)
        found.owned = True
        found.maps = state.world.tables
        found.owner_at = state.owner_at[:]
        occupied = occupancy(state)
        found.unsettled = set(occupied.open_grass)
        found.settled_near = [set(occupied.reach(p)) for p in range(len(state.dwarfs))]
        found.pieces = [len(occupied.owned[p]) for p in range(len(state.dwarfs))]
        found._read_webs(state)
        found._read_dwarfs(state)
        return found

    def _read_webs(self, state: SpringState) -> None:
        self.web_at = web_at = state.web_at[:]
        self.webbed = set(compress(self.maps.place_of, map(NO_ONE.__ne__, web_at)))

    def _read_dwarfs(self, state: SpringState) -> None:
        maps = self.maps
        self.dwarfs = dwarfs = [row[:] for row in state.dwarfs]
        self._mine = [None] * len(dwarfs)
        placed = list(chain.from_iterable(dwarfs))
        if not placed:  # the start of an era: every dwarf at home (fresh sets: an owned `Targets` changes them)
            self.open = set(self.unsettled)
            self.open_wild = set(maps.wild_places)
            self.near = [set(settled) for settled in self.settled_near]
            self._derive()
            return
        self.open = self.unsettled.difference(map(maps.place_of.__getitem__, placed))
        wild = maps.wild_places
        location_at = state.world.location_at
        self.open_wild = {place for place in wild if placed.count(location_at[place]) < WILDLAND_DWARFS}
        dwarf_near = maps.dwarf_near
        self.near = [
            settled.union(*[dwarf_near[loc] for loc in row])
            for settled, row in zip(self.settled_near, dwarfs, strict=True)
        ]
        self._derive()

    def _derive(self) -> None:
        self.room = self.open | self.open_wild
        self.open_land = self.open & self.maps.land_places

    def reread(self, state: SpringState) -> Targets:
        """A `Targets` for the state, sharing what still reads the same (the settlements, perhaps the webs)."""
        if self.maps is not state.world.tables or self.owner_at != state.owner_at:
            return Targets.scan(state)
        if self.owned:  # the parts read again are new objects, so the unchanged ones stay its own
            other = self
            other._mine = [None] * len(self.near)
        else:
            other = self._next()
        if other.web_at != state.web_at:
            other._read_webs(state)
        if other.dwarfs != state.dwarfs:
            other._read_dwarfs(state)
        return other

    def _next(self) -> Targets:
        """A copy sharing every part, for an update to replace some."""
        other = Targets.__new__(Targets)
        other.owned = False
        other.maps = self.maps
        other.owner_at = self.owner_at
        other.dwarfs = self.dwarfs
        other.web_at = self.web_at
        other.unsettled = self.unsettled
        other.settled_near = self.settled_near
        other.pieces = self.pieces
        other.open = self.open
        other.open_wild = self.open_wild
        other.room = self.room
        other.open_land = self.open_land
        other.webbed = self.webbed
        other.near = self.near[:]
        other._mine = [None] * len(self.near)
        return other

    def after_dwarf(self, player: int, location: int) -> Targets:
        """The same map with one more dwarf of `player` at `location` (itself, changed, when owned)."""
        maps = self.maps
        place = maps.place_of[location]
        if self.owned:
            self._mine = [None] * len(self.near)
            self.dwarfs[player].append(location)
            self.near[player] |= maps.dwarf_near[location]
            if place in self.open:
                self.open.remove(place)
                self.room.remove(place)
                self.open_land.discard(place)
            elif place in maps.wild_places:
                if _dwarfs_at(self.dwarfs, location) >= WILDLAND_DWARFS:
                    self.open_wild.discard(place)
                    self.room.discard(place)
            return self
        other = self._next()
        dwarfs = other.dwarfs = self.dwarfs[:]
        dwarfs[player] = [*dwarfs[player], location]
        other.near[player] = self.near[player] | maps.dwarf_near[location]
        if place in self.open:
            gone = {place}
            other.open = self.open - gone
            other.room = self.room - gone
            if place in self.open_land:
                other.open_land = self.open_land - gone
        elif place in maps.wild_places:
            if _dwarfs_at(dwarfs, location) >= WILDLAND_DWARFS:
                gone = {place}
                other.open_wild = self.open_wild - gone
                other.room = self.room - gone
        return other

    def after_settlement(self, player: int, location: int) -> Targets | None:
        """The same map with a settlement or the fortress of `player` at `location`; None when another piece
        stood there (never by the rules: the state is then read afresh). Itself, changed, when owned."""
        if self.owner_at[location] != NO_ONE:
            return None
        maps = self.maps
        if self.owned:
            self._mine = [None] * len(self.near)
            self.owner_at[location] = player
            around = maps.adjacent_places[location]
            self.settled_near[player] |= around
            self.pieces[player] += 1
            self.near[player] |= around
            place = maps.place_of[location]
            self.unsettled.discard(place)
            self.open.discard(place)
            self.room.discard(place)
            self.open_land.discard(place)
            return self
        other = self._next()
        other.owner_at = self.owner_at[:]
        other.owner_at[location] = player
        around = maps.adjacent_places[location]
        other.settled_near = self.settled_near[:]
        other.settled_near[player] = self.settled_near[player] | around
        other.pieces = self.pieces[:]
        other.pieces[player] += 1
        other.near[player] = self.near[player] | around
        gone = {maps.place_of[location]}
        other.unsettled = self.unsettled - gone
        other.open = self.open - gone
        other.room = self.room - gone
        other.open_land = self.open_land - gone
        return other

    def mine(self, player: int) -> Mine:
        """The player's explore ids (free spots and wildlands with room in reach), a picker of the places in reach a
        settlement may take and the places the fortress may take."""
        found = self._mine[player]
        if found is None:
            places = sorted(self.near[player] & self.room)
            # `room` & land is `open_land` (wildlands are not land): picked in order, no second set nor sort
            land = list(filter(self.maps.land_places.__contains__, places))
            unwebbed = list(filterfalse(self.webbed.__contains__, land)) if self.webbed else land
            # the explore ids picked in C (`ids_at` inlined: one call less per decision)
            explore = itemgetter(*places)(EXPLORE_IDS) if len(places) > 1 else tuple([EXPLORE_IDS[p] for p in places])
            found = self._mine[player] = (explore, picker(unwebbed), land)
        return found

    def settlements(self, player: int, fortress: int) -> int:
        """R34: the player's settlements on the map, the fortress (at `fortress`, or NO_ONE) not counted."""
        return self.pieces[player] - (fortress != NO_ONE and self.owner_at[fortress] == player)


def _dwarfs_at(dwarfs: list[list[int]], location: int) -> int:
    """The dwarfs of every player at `location` (a plain loop: no generator in the compiled build)."""
    total = 0
    for row in dwarfs:
        total += row.count(location)
    return total


def picker(places: list[int]) -> Picker | None:
    """An `itemgetter` of the places that gives a tuple for one place too (None for none)."""
    if len(places) > 1:
        return itemgetter(*places)
    if places:
        return itemgetter(slice(places[0], places[0] + 1))
    return None


def targets_of(state: SpringState) -> Targets:
    """The state's `Targets`, with what no longer reads the same as the state worked out afresh."""
    found = state._targets
    if found is None:
        found = state._targets = Targets.scan(state)
    elif not (
        found.dwarfs == state.dwarfs
        and found.owner_at == state.owner_at
        and found.web_at == state.web_at
        and found.maps is state.world.tables
    ):
        found = state._targets = found.reread(state)
    return found

