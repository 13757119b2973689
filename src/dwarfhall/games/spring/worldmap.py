"""A laid-out world map: which tile lies at each petal place and how it is turned, and what that makes of
every location (its spot kind, its wildland), plus the random layout of the setup (spring.md §3.7)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from dwarfhall.core.rng import Rng

from .components import Components, Slot, Wildland
from .hexmap import (
    CENTRE_POSITION,
    POSITIONS,
    RING,
    SPOTS_PER_PETAL,
    Geometry,
    build_geometry,
    nearest_free_wildland,
    places_by_distance,
    rotated_position,
)
from .schema import TERRAINS
from .tables import MapTables

# per rotation and spot position (0-6): the tile's slot that lands there (the inverse of `rotated_position`)
_SLOT_AT = tuple(
    tuple(next(s for s in range(SPOTS_PER_PETAL) if rotated_position(s, r) == spot) for spot in range(SPOTS_PER_PETAL))
    for r in range(RING)
)
BALANCED_MIN_SURROUNDING = 4  # option layout=balanced: every wildland has at least this many spots around it


@dataclass(frozen=True, slots=True)
class Placement:
    """The tile at one petal place: a grassland (`rotation` 0-5) or a wildland (`rotation` 0)."""

    tile: str
    rotation: int = 0


@dataclass(frozen=True)
class WorldMap:
    """A laid-out map; locations are indexed as in its `geometry`."""

    components: Components
    placements: tuple[Placement, ...]

    def __post_init__(self) -> None:
        if len(self.placements) != len(POSITIONS):
            raise ValueError(f"a map has {len(POSITIONS)} petal places, got {len(self.placements)} placements")
        shared = _shared(self.components)
        wild = shared.wild
        tiles = [p.tile for p in self.placements]
        if sorted(tiles) != list(shared.tiles) or len(set(tiles)) != len(tiles):
            raise ValueError("a map lays every petal exactly once")
        if self.placements[CENTRE_POSITION].tile not in wild:
            raise ValueError("the centre petal must be a wildland (rulebook)")
        for p in self.placements:
            if not 0 <= p.rotation < RING or (p.tile in wild and p.rotation):
                raise ValueError(f"petal {p.tile}: rotation {p.rotation} is not allowed")

    @cached_property
    def geometry(self) -> Geometry:
        wild = _shared(self.components).wild
        return build_geometry(i for i, p in enumerate(self.placements) if p.tile in wild)

    @cached_property
    def slots(self) -> tuple[Slot | None, ...]:
        """The printed spot at each location (None for a wildland)."""
        tiles = {g.id: g for g in self.components.grasslands}
        result: list[Slot | None] = []
        # locations run petal by petal, a grassland's in spot order (0-6), a wildland's one at a time
        for placement, spots in zip(self.placements, self.geometry.spot_at, strict=True):
            if spots is None:
                result.append(None)
            else:
                result.extend(map(tiles[placement.tile].slots.__getitem__, _SLOT_AT[placement.rotation]))
        return tuple(result)

    @cached_property
    def tables(self) -> MapTables:
        """What lies at each location, in plain numbers for the hot paths."""
        return MapTables(self)

    @cached_property
    def wildland_order(self) -> tuple[Wildland, ...]:
        """The wildlands in the fixed tie order Forest 1, Forest 2, Plains 1, Plains 2, Mountain 1, Mountain 2."""
        return _shared(self.components).order

    @cached_property
    def wildland_locations(self) -> tuple[int, ...]:
        """The location of each wildland, in `wildland_order`."""
        place = {p.tile: i for i, p in enumerate(self.placements)}
        result = []
        for wildland in self.wildland_order:
            location = self.geometry.wildland_at[place[wildland.id]]
            assert location is not None
            result.append(location)
        return tuple(result)

    @cached_property
    def place_of(self) -> tuple[int, ...]:
        """Per location: its place number, petal place x 7 + spot (a wildland is its petal's spot 0).
        Places do not depend on the layout, so action ids built on them are stable."""
        return self.geometry.place_of

    @cached_property
    def location_at(self) -> tuple[int, ...]:
        """Per place number (0 .. 19 x 7 - 1): its location, or -1 for the other cells of a wildland."""
        table = [-1] * (len(POSITIONS) * SPOTS_PER_PETAL)
        for location, place in enumerate(self.place_of):
            table[place] = location
        return tuple(table)

    def wildland_of(self, location: int) -> Wildland | None:
        index = self.tables.wild_slot[location]
        return None if index < 0 else self.wildland_order[index]

    def is_water(self, location: int) -> bool:
        slot = self.slots[location]
        return slot is not None and slot.kind == "water"

    def surrounding(self, wildland_id: str) -> tuple[int, ...]:
        """The grassland spots around a wildland."""
        index = [w.id for w in self.wildland_order].index(wildland_id)
        return self.geometry.surrounding(self.wildland_locations[index])

    def spawn_location(self, home: str, occupied: Iterable[int]) -> int | None:
        """Where a monster whose card names wildland `home` spawns, given the locations that hold a monster:
        its home, else the other petal of its terrain, else the nearest free wildland (spring.md §3.8)."""
        shared = _shared(self.components)
        index = shared.ids.index(home)
        sibling = shared.siblings[index]
        taken = [self.wildland_locations.index(loc) for loc in occupied if loc in self.wildland_locations]
        positions = [self.geometry.locations[loc].position for loc in self.wildland_locations]
        chosen = nearest_free_wildland(index, positions, taken, sibling)
        return None if chosen is None else self.wildland_locations[chosen]

    def web_targets(self, wildland_location: int, blocked: Iterable[int], count: int) -> tuple[int, ...]:
        """The resource spots a spider at `wildland_location` webs: the `count` nearest ones not in `blocked`
        (spots with a settlement, a fortress or a web already; spring.md §3.9)."""
        if count <= 0:
            return ()
        skip = set(blocked)
        geometry = self.geometry
        locate = geometry.location_of_place
        slots = self.slots
        found: list[int] = []
        # the places in `nearest_spots`' order for every map: the first `count` free resource spots among them
        for place in places_by_distance(geometry.locations[wildland_location].position):
            location = locate[place]
            slot = slots[location]  # a wildland's cells are its one location, with no slot
            if slot is not None and slot.amount > 0 and location not in skip:
                found.append(location)
                if len(found) == count:
                    break
        return tuple(found)

    def to_json(self) -> list[dict[str, object]]:
        return [{"tile": p.tile, "rotation": p.rotation} for p in self.placements]


@dataclass(frozen=True, slots=True)
class _Shared:
    """What every map of one set of components shares, worked out once."""

    order: tuple[Wildland, ...]  # `WorldMap.wildland_order`
    ids: tuple[str, ...]  # the ids in that order
    siblings: tuple[tuple[int, ...], ...]  # per wildland in that order: the others of its terrain
    wild_ids: tuple[str, ...]  # in file order
    grass_ids: tuple[str, ...]
    wild: frozenset[str]
    grass: frozenset[str]
    tiles: tuple[str, ...]  # every tile id, sorted


_SHARED: dict[int, tuple[Components, _Shared]] = {}  # by identity; the components are kept alive here


def _shared(components: Components) -> _Shared:
    found = _SHARED.get(id(components))
    if found is not None and found[0] is components:
        return found[1]
    order = tuple(sorted(components.wildlands, key=lambda w: (TERRAINS.index(w.terrain), w.number)))
    siblings = tuple(
        tuple(i for i, w in enumerate(order) if w.terrain == home.terrain and i != index)
        for index, home in enumerate(order)
    )
    wild_ids = tuple(w.id for w in components.wildlands)
    grass_ids = tuple(g.id for g in components.grasslands)
    result = _Shared(order, tuple(w.id for w in order), siblings, wild_ids, grass_ids, frozenset(wild_ids),
                     frozenset(grass_ids), tuple(sorted(set(wild_ids) | set(grass_ids))))  # fmt: skip
    _SHARED[id(components)] = (components, result)
    return result


# placements are frozen: one object per tile and rotation serves every map (a dataclass's __init__ is interpreted
# Python, about as costly as the rest of a layout's draw)
_PLACEMENTS: dict[tuple[str, int], Placement] = {}


def _placement(tile: str, rotation: int) -> Placement:
    found = _PLACEMENTS.get((tile, rotation))
    if found is None:
        found = _PLACEMENTS[tile, rotation] = Placement(tile, rotation)
    return found


def random_layout(rng: Rng, components: Components, balanced: bool = False) -> WorldMap:
    """The setup's map: a random wildland in the centre, every other petal at random around it, each grassland
    turned at random; with `balanced`, laid again until every wildland has enough spots around it."""
    shared = _shared(components)
    grass = shared.grass
    while True:
        wildlands = list(shared.wild_ids)
        rng.shuffle(wildlands)
        rest = wildlands[1:] + list(shared.grass_ids)
        rng.shuffle(rest)
        placements = [_placement(wildlands[0], 0)]
        for tile in rest:
            placements.append(_placement(tile, rng.below(RING) if tile in grass else 0))
        world = WorldMap(components, tuple(placements))
        if not balanced or min(len(world.surrounding(w.id)) for w in components.wildlands) >= BALANCED_MIN_SURROUNDING:
            return world
