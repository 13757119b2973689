"""Where dwarf actions may go on the map (§11.3, R12, R32, R41, R53), kept by the state from one position to the next.

A `Targets` is worked out from `owner_at`, `dwarfs` and `web_at` and keeps copies of them: the state's one is
used only while those three still read the same (known from a count of their changes, `map_changes`, which every
writer of them bumps; compared with the copies only when it moved), and what no longer reads the same is worked
out afresh (the dwarfs' part alone after a faerie moved one or the era sent them home, the webs alone after a web
came or went, everything after the settlements changed by hand or by a faerie's swap). The dwarf actions update
it in place of a new reading (`after_dwarf`, `after_settlement`), copies and derived sets alike, so an update of a
stale `Targets` is stale too and is found out before use. A `Targets` held by one state alone and owning every
list (`owned`: read afresh by `scan`) is updated in place; once a clone or sample shares it, it is never changed
again, and an update makes a new one sharing the unchanged parts (as do its successors, until a state reads its
targets afresh).

Sets of places are bit sets in Python ints (bit p for place p, at most 133 places): a union, an intersection or a
change is one operation on a small int in both builds, and `places_of` lists one a byte at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from operator import itemgetter
from typing import TYPE_CHECKING

from .kit import PLACES
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
# none, or compiled, where the ids are picked by a typed loop), the places in reach the fortress may take (R42: webs
# allowed) and those a settlement may take, ascending
Mine = tuple[tuple[int, ...], Picker | None, list[int], list[int]]

# a bit set of places is listed a byte at a time: per byte of `int.to_bytes` and value, the places of its bits
PLACE_BYTES = (PLACES + 7) // 8
BYTE_INDEX = tuple(range(PLACE_BYTES))
_IN_BYTE = tuple([tuple([i for i in range(8) if value >> i & 1]) for value in range(256)])
BYTE_PLACES = tuple([tuple([tuple(map((8 * k).__add__, bits)) for bits in _IN_BYTE]) for k in range(PLACE_BYTES)])


# compiled (this module is then an extension, not the .py), `places_of` tests the bits in a C loop; in Python the
# table of each byte's places, reached through `compress`, is faster
_BY_BIT = not __file__.endswith((".py", ".pyc"))


def places_of(bits: int) -> list[int]:
    """The places of a bit set, ascending: the bytes with a bit set found by `compress` (in C), each listed from a
    table, so that pure Python too lists a set in a few calls."""
    chunks = bits.to_bytes(PLACE_BYTES, "little")
    places: list[int] = []
    if _BY_BIT:
        for k in range(PLACE_BYTES):
            value = chunks[k]
            if value:
                for i in range(8):
                    if value >> i & 1:
                        places.append(8 * k + i)
        return places
    for k in compress(BYTE_INDEX, chunks):
        value = chunks[k]
        places += BYTE_PLACES[k][value]
    return places


class Targets:
    """Open spots and reach by place number (the numbering of the action ids, ascending with the location), each
    set a bit set (bit p for place p; an int, so parts are shared and replaced, never changed)."""

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
    owned: bool  # held by one state alone, every list its own (no other `Targets` or memo shares one): changed in place
    unsettled: int  # grassland places without a settlement or fortress (water and webs allowed)
    settled_near: list[int]  # per player: places next to their settlements and fortress
    pieces: list[int]  # per player: settlements and fortress on the map
    open: int  # unsettled places without a dwarf
    open_wild: int  # wildlands with room for another dwarf (R12)
    room: int  # where an explore may go: open | open_wild
    open_land: int  # where a settlement or the fortress may go (webs aside): open & the map's land
    webbed: int  # places with a web
    near: list[int]  # per player: places next to their settlements, fortress and dwarfs (R32, R41, R53)
    _mine: list[Mine | None]

    @classmethod
    def scan(cls, state: SpringState) -> Targets:
        """Worked out from the state's lists, every list its own."""
        found = cls.__new__(cls)
        found.owned = True
        found.maps = state.world.tables
        found.owner_at = state.owner_at[:]
        occupied = occupancy(state)
        found.unsettled = occupied.open_grass
        found.settled_near = [occupied.reach(p) for p in range(len(state.dwarfs))]
        found.pieces = [len(occupied.owned[p]) for p in range(len(state.dwarfs))]
        found._read_webs(state)
        found._read_dwarfs(state)
        return found

    def _read_webs(self, state: SpringState) -> None:
        self.web_at = web_at = state.web_at[:]
        place_bit = self.maps.place_bit
        if _BY_BIT:  # compiled, a C loop over the locations (`zip` is a Python iterator there); the same union
            webbed = 0
            for location in range(len(web_at)):
                if web_at[location] != NO_ONE:
                    webbed |= place_bit[location]
            self.webbed = webbed
            return
        # the webbed locations' bits are distinct: their sum is their union
        self.webbed = sum([bit for bit, web in zip(place_bit, web_at, strict=True) if web != NO_ONE])

    def _read_dwarfs(self, state: SpringState) -> None:
        maps = self.maps
        self.dwarfs = dwarfs = [row[:] for row in state.dwarfs]
        self._mine = [None] * len(dwarfs)
        place_bit = maps.place_bit
        dwarf_near = maps.dwarf_near_bits
        wild_slot = maps.wild_slot
        near = self.settled_near[:]
        taken = 0  # the dwarfs' places (OR: several dwarfs may share one)
        in_wild: list[int] = []  # the dwarfs' wildland locations, a location once per dwarf there
        for player in range(len(dwarfs)):
            reach = near[player]
            for location in dwarfs[player]:
                taken |= place_bit[location]
                reach |= dwarf_near[location]
                if wild_slot[location] >= 0:
                    in_wild.append(location)
            near[player] = reach
        self.near = near
        self.open = self.unsettled & ~taken
        open_wild = maps.wild_bits
        for location in in_wild:  # R12: a wildland with 7 dwarfs has no room
            bit = place_bit[location]
            if open_wild & bit and in_wild.count(location) >= WILDLAND_DWARFS:
                open_wild ^= bit
        self.open_wild = open_wild
        self._derive()

    def _derive(self) -> None:
        self.room = self.open | self.open_wild
        self.open_land = self.open & self.maps.land_bits

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
        bit = maps.place_bit[location]
        if self.owned:
            other = self
            other._mine = [None] * len(self.near)
            dwarfs = self.dwarfs
            dwarfs[player].append(location)
        else:
            other = self._next()
            dwarfs = other.dwarfs = self.dwarfs[:]
            dwarfs[player] = [*dwarfs[player], location]
        other.near[player] = self.near[player] | maps.dwarf_near_bits[location]
        if self.open & bit:
            other.open = self.open ^ bit
            other.room = self.room ^ bit
            other.open_land = self.open_land & ~bit
        elif maps.wild_bits & bit and _dwarfs_at(dwarfs, location) >= WILDLAND_DWARFS:
            other.open_wild = self.open_wild & ~bit
            other.room = self.room & ~bit
        return other

    def after_settlement(self, player: int, location: int) -> Targets | None:
        """The same map with a settlement or the fortress of `player` at `location`; None when another piece
        stood there (never by the rules: the state is then read afresh). Itself, changed, when owned."""
        if self.owner_at[location] != NO_ONE:
            return None
        maps = self.maps
        around = maps.adjacent_bits[location]
        if self.owned:
            other = self
            other._mine = [None] * len(self.near)
            self.owner_at[location] = player
            self.pieces[player] += 1
        else:
            other = self._next()
            other.owner_at = self.owner_at[:]
            other.owner_at[location] = player
            other.settled_near = self.settled_near[:]
            other.pieces = self.pieces[:]
            other.pieces[player] += 1
        other.settled_near[player] = self.settled_near[player] | around
        other.near[player] = self.near[player] | around
        gone = ~maps.place_bit[location]
        other.unsettled = self.unsettled & gone
        other.open = self.open & gone
        other.room = self.room & gone
        other.open_land = self.open_land & gone
        return other

    def mine(self, player: int) -> Mine:
        """The player's explore ids (free spots and wildlands with room in reach), a picker of the places in reach a
        settlement may take (pure Python only), the places the fortress may take and those a settlement may take."""
        found = self._mine[player]
        if found is None:
            reach = self.near[player] & self.room
            places = places_of(reach)
            # `room` & land is `open_land` (wildlands are not land): picked in order, no second listing
            land_places = self.maps.land_places
            land = [place for place in places if place in land_places]
            webbed = self.webbed
            unwebbed = places_of(reach & self.maps.land_bits & ~webbed) if webbed & reach else land
            # the explore ids picked in C (`ids_at` inlined: one call less per decision)
            if _BY_BIT or len(places) < 2:  # compiled, the comprehension is a C loop
                explore = tuple([EXPLORE_IDS[p] for p in places])
            else:
                explore = itemgetter(*places)(EXPLORE_IDS)
            # compiled, `legal.dwarf_actions` picks the build ids by a typed loop over `unwebbed`: no picker
            build_at = None if _BY_BIT else picker(unwebbed)
            found = self._mine[player] = (explore, build_at, land, unwebbed)
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
    """The state's `Targets`: the kept one while no change of `owner_at`, `web_at` or `dwarfs` was counted since it
    last read the same as the state (`map_changes`, which every writer of those lists bumps), else compared with
    the lists and what no longer reads the same worked out afresh."""
    found = state._targets
    changes = state.map_changes
    if found is not None and state._targets_seen == changes:
        return found
    if found is None:
        found = state._targets = Targets.scan(state)
    elif not (
        found.dwarfs == state.dwarfs
        and found.owner_at == state.owner_at
        and found.web_at == state.web_at
        and found.maps is state.world.tables
    ):
        found = state._targets = found.reread(state)
    state._targets_seen = changes
    return found

