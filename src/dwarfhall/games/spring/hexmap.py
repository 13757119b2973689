"""The world map's geometry: two axial hex grids, petals as 7-cell rosettes, locations and their adjacency.

Every spot is one cell of a fine pointy-top hex grid (axial `(q, r)`, `r` growing southwards). A petal is a
rosette of 7 cells (a centre and its 6 neighbours); the petal at petal coordinate `(a, b)` has its centre at
fine `(2a - b, a + 3b)`, and these rosettes tile the plane. The 19 petal places form a hexagon of radius 2.
A grassland petal gives 7 locations (its spots); a wildland petal is one location covering all 7 cells.
Two locations are adjacent when a cell of one touches a cell of the other.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

Cell = tuple[int, int]

# E, NE, NW, W, SW, SE: ring spot p (1..6) of a petal is its centre plus DIRECTIONS[p - 1]
DIRECTIONS: tuple[Cell, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
SPOTS_PER_PETAL = 7
RING = 6


def hex_distance(a: Cell, b: Cell) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def add(a: Cell, b: Cell) -> Cell:
    return (a[0] + b[0], a[1] + b[1])


def petal_centre(petal: Cell) -> Cell:
    """The fine cell at the centre of the petal at petal coordinate `petal`."""
    a, b = petal
    return (2 * a - b, a + 3 * b)


def _spiral(radius: int) -> tuple[Cell, ...]:
    """Petal coordinates: the centre, then each ring counter-clockwise from the east."""
    cells: list[Cell] = [(0, 0)]
    for ring in range(1, radius + 1):
        cell = (DIRECTIONS[0][0] * ring, DIRECTIONS[0][1] * ring)
        for side in range(RING):
            step = DIRECTIONS[(side + 2) % RING]
            for _ in range(ring):
                cells.append(cell)
                cell = add(cell, step)
    return tuple(cells)


# the 19 places a petal can lie: P00 in the centre, P01-P06 around it, P07-P18 on the edge
POSITIONS: tuple[Cell, ...] = _spiral(2)
CENTRE_POSITION = 0


PETAL_LETTERS = "ABCDEFGHIJKLMNOPQRS"  # P00 .. P18, as players see them


def label_of(location_id: str) -> str:
    """The short label of a place (one notation for labels, maps and typed moves): 'P07.3' -> 'H3', 'P07' -> 'H'."""
    petal, _, spot = location_id.partition(".")
    return PETAL_LETTERS[int(petal[1:])] + spot


def position_id(position: int) -> str:
    return f"P{position:02d}"


def petal_cells(position: int) -> tuple[Cell, ...]:
    """The 7 fine cells of a petal place, in spot order (centre, then E, NE, NW, W, SW, SE)."""
    centre = petal_centre(POSITIONS[position])
    return (centre, *(add(centre, d) for d in DIRECTIONS))


def petal_distance(a: int, b: int) -> int:
    """Distance between two petal places, counted in petals (0-4)."""
    return hex_distance(POSITIONS[a], POSITIONS[b])


def neighbouring_positions(position: int) -> tuple[int, ...]:
    return tuple(p for p in range(len(POSITIONS)) if petal_distance(position, p) == 1)


def rotated_position(slot: int, rotation: int) -> int:
    """The spot position (0-6) that a tile's slot (0-6) lands on when the tile is turned `rotation` sixths."""
    if slot == 0:
        return 0
    return (slot - 1 + rotation) % RING + 1


@dataclass(frozen=True, slots=True)
class Location:
    """A grassland spot (`spot` 0-6) or a whole wildland (`spot` None) at a petal place."""

    index: int
    position: int
    spot: int | None
    cells: tuple[Cell, ...]

    @property
    def is_wildland(self) -> bool:
        return self.spot is None

    @property
    def id(self) -> str:
        """'P07.3' for spot 3 of the petal at P07; 'P07' for the wildland there."""
        base = position_id(self.position)
        return base if self.spot is None else f"{base}.{self.spot}"

    @property
    def label(self) -> str:
        """The name players see, type and find on the map: 'H3' for P07.3, 'H' for the wildland P07."""
        return label_of(self.id)


class Geometry:
    """Where each location lies and which locations touch, for one choice of wildland places."""

    __slots__ = (
        "_adjacent",
        "_location_of_place",
        "adjacent_bits",
        "adjacent_places",
        "locations",
        "map_parts",
        "place_of",
        "spot_at",
        "wildland_at",
    )

    def __init__(
        self,
        locations: tuple[Location, ...],
        adjacent_places: tuple[frozenset[int], ...],
        wildland_at: tuple[int | None, ...],
        spot_at: tuple[tuple[int, ...] | None, ...],
        location_of_place: tuple[int, ...],
        place_of: tuple[int, ...],
        adjacent_bits: tuple[int, ...],
    ) -> None:
        self.locations = locations
        self.place_of = place_of  # per location: its place number (a wildland is its petal's spot 0)
        # per location: the place numbers (petal place x 7 + spot, a wildland's cells all read as its spot 0) of
        # the locations it touches
        self.adjacent_places = adjacent_places
        self.adjacent_bits = adjacent_bits  # the same as bit sets (bit p for place p)
        self.wildland_at = wildland_at  # per petal place: its wildland location, or None for a grassland
        self.spot_at = spot_at  # per petal place: its 7 spot locations, or None for a wildland
        self._location_of_place = location_of_place  # per place number: the location covering that cell
        self._adjacent: tuple[frozenset[int], ...] | None = None
        # what the map tables of every map with this geometry share (`tables.MapTables`), worked out by the first
        self.map_parts: Any = None

    @property
    def location_of_place(self) -> tuple[int, ...]:
        """Per place number: the location covering that cell."""
        return self._location_of_place

    @property
    def adjacent(self) -> tuple[frozenset[int], ...]:
        """Per location: the locations it touches (worked out when first asked: a game's set-up needs none)."""
        found = self._adjacent
        if found is None:
            locate = self._location_of_place.__getitem__
            found = self._adjacent = tuple([frozenset(map(locate, places)) for places in self.adjacent_places])
        return found

    def by_id(self, location_id: str) -> Location:
        for location in self.locations:
            if location.id == location_id:
                return location
        raise KeyError(f"no location {location_id!r} on this map")

    def surrounding(self, wildland: int) -> tuple[int, ...]:
        """The grassland spots around a wildland location (the ones a dwarf standing there reaches)."""
        locate = self._location_of_place
        wild = self.wildland_at  # a location is a wildland when its petal place (place // 7) is one
        return tuple(sorted([locate[p] for p in self.adjacent_places[wildland] if wild[p // SPOTS_PER_PETAL] is None]))

    def reach(self, occupied: Iterable[int]) -> frozenset[int]:
        """Every location adjacent to one of `occupied` (the locations of a player's pieces)."""
        result: set[int] = set()
        adjacent = self.adjacent
        for location in occupied:
            result |= adjacent[location]
        return frozenset(result)


def build_geometry(wildland_positions: Iterable[int]) -> Geometry:
    """Locations and adjacency when wildlands lie at the given petal places and grasslands everywhere else."""
    return _geometry(frozenset(wildland_positions))


def _cell_tables() -> tuple[tuple[tuple[Cell, ...], ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Computed once, since every geometry is a relabelling of the same cells: the cells of every petal place; per
    place number (petal place x 7 + spot) the place numbers of the cells touching it; per petal place the place
    numbers outside it that touch one of its cells."""
    cells = tuple(petal_cells(position) for position in range(len(POSITIONS)))
    place_of_cell = {cell: p * SPOTS_PER_PETAL + s for p, petal in enumerate(cells) for s, cell in enumerate(petal)}
    touching = tuple(
        tuple(place_of_cell[n] for d in DIRECTIONS if (n := add(cell, d)) in place_of_cell)
        for petal in cells
        for cell in petal
    )
    outside = tuple(
        tuple(
            sorted(
                {
                    n
                    for place in range(p * SPOTS_PER_PETAL, (p + 1) * SPOTS_PER_PETAL)
                    for n in touching[place]
                    if n // SPOTS_PER_PETAL != p
                }
            )
        )
        for p in range(len(POSITIONS))
    )
    return cells, touching, outside


_PETAL_CELLS, _TOUCHING, _OUTSIDE = _cell_tables()
# the locations of a petal place when its first location has a given index, as a wildland (True) or grassland:
# locations are immutable, so one object serves every geometry
_PETAL_LOCATIONS: dict[tuple[int, int, bool], tuple[Location, ...]] = {}


def _petal_locations(first: int, position: int, wild: bool) -> tuple[Location, ...]:
    key = (first, position, wild)
    found = _PETAL_LOCATIONS.get(key)
    if found is None:
        cells = _PETAL_CELLS[position]
        if wild:
            found = (Location(first, position, None, cells),)
        else:
            found = tuple(Location(first + s, position, s, (cell,)) for s, cell in enumerate(cells))
        _PETAL_LOCATIONS[key] = found
    return found


def touching_places(location: Location) -> tuple[int, ...]:
    """The place numbers (petal place x 7 + spot) of the cells that touch a location and are not part of it."""
    if location.spot is None:
        return _OUTSIDE[location.position]
    return _TOUCHING[location.position * SPOTS_PER_PETAL + location.spot]


# per petal place: the bits (1 << place) of the petal places next to it
_NEIGHBOUR_BITS = tuple(
    sum(1 << other for other in range(len(POSITIONS)) if hex_distance(POSITIONS[position], POSITIONS[other]) == 1)
    for position in range(len(POSITIONS))
)
# what a petal's locations touch depends only on whether it and its neighbours are wildlands: per (petal place,
# wildland or not, the wildlands among its neighbours as bits), the touching places of each of its locations, and
# the same as bit sets (bit p for place p)
_PETALS: dict[tuple[int, bool, int], tuple[frozenset[int], ...]] = {}
_PETAL_BITS: dict[tuple[int, bool, int], tuple[int, ...]] = {}


def _petal(key: tuple[int, bool, int]) -> tuple[frozenset[int], ...]:
    """The entry of `_PETALS` for `key`, worked out from the touching cells."""
    position, is_wild, bits = key

    def canonical(cells: tuple[int, ...]) -> frozenset[int]:  # a wildland's cells read as its spot 0
        return frozenset([n - n % SPOTS_PER_PETAL if bits >> (n // SPOTS_PER_PETAL) & 1 else n for n in cells])

    if is_wild:
        found: tuple[frozenset[int], ...] = (canonical(_OUTSIDE[position]),)
    else:
        base = position * SPOTS_PER_PETAL
        found = tuple([canonical(_TOUCHING[place]) for place in range(base, base + SPOTS_PER_PETAL)])
    _PETALS[key] = found
    _PETAL_BITS[key] = tuple([sum([1 << place for place in places]) for places in found])
    return found


@lru_cache(maxsize=1024)  # a game set-up builds one; search and simulations reuse the common ones
def _geometry(wild: frozenset[int]) -> Geometry:
    unknown = sorted(p for p in wild if not 0 <= p < len(POSITIONS))
    if unknown:
        raise ValueError(f"no petal place {unknown[0]}; places are 0..{len(POSITIONS) - 1}")
    locations: list[Location] = []
    wildland_at: list[int | None] = []
    spot_at: list[tuple[int, ...] | None] = []
    location_of_place: list[int] = []  # per place number: the location covering that cell
    place_of: list[int] = []  # per location: its place number (laid petal by petal, not read from each location)
    adjacent_places: list[frozenset[int]] = []
    adjacent_bits: list[int] = []
    wild_bits = sum([1 << p for p in wild])
    known = _PETALS
    for position in range(len(POSITIONS)):
        first = len(locations)
        is_wild = position in wild
        locations.extend(_petal_locations(first, position, is_wild))
        key = (position, is_wild, wild_bits & _NEIGHBOUR_BITS[position])
        adjacent_places.extend(known.get(key) or _petal(key))
        adjacent_bits.extend(_PETAL_BITS[key])
        if is_wild:
            wildland_at.append(first)
            spot_at.append(None)
            location_of_place.extend([first] * SPOTS_PER_PETAL)
            place_of.append(position * SPOTS_PER_PETAL)
        else:
            wildland_at.append(None)
            spots = tuple(range(first, first + SPOTS_PER_PETAL))
            spot_at.append(spots)
            location_of_place.extend(spots)
            place_of.extend(range(position * SPOTS_PER_PETAL, (position + 1) * SPOTS_PER_PETAL))
    return Geometry(tuple(locations), tuple(adjacent_places), tuple(wildland_at), tuple(spot_at),
                    tuple(location_of_place), tuple(place_of), tuple(adjacent_bits))  # fmt: skip


def nearest_free_wildland(
    home: int, wildland_positions: Sequence[int], occupied: Iterable[int], preferred: Sequence[int] = ()
) -> int | None:
    """Where a monster spawns (spring.md §3.8), as an index into `wildland_positions`.

    `home` and the entries of `preferred` (its sibling petal) are indices into `wildland_positions`, which lists
    the petal place of each wildland in the fixed tie order (Forest 1, Forest 2, Plains 1, Plains 2, Mountain 1,
    Mountain 2). The home is taken if free, then each preferred one, then the free wildland nearest to the home
    in petals, ties by that order. `occupied` holds the wildlands that have a monster. None if all have one.
    """
    taken = set(occupied)
    for choice in (home, *preferred):
        if choice not in taken:
            return choice
    free = [w for w in range(len(wildland_positions)) if w not in taken]
    if not free:
        return None
    home_place = wildland_positions[home]
    return min(free, key=lambda w: (petal_distance(home_place, wildland_positions[w]), w))


@cache
def places_by_distance(position: int) -> tuple[int, ...]:
    """Every place number outside petal place `position`, in `nearest_spots`' order from the petal's first cell
    (its centre as a wildland): smallest fine distance, ties by petal place, then spot. The same for every map, so
    a map picks its nearest spots by walking this list."""
    cq, cr = _PETAL_CELLS[position][0]
    ranked = []
    for other, cells in enumerate(_PETAL_CELLS):
        if other != position:
            for spot, (q, r) in enumerate(cells):
                dq, dr = q - cq, r - cr
                ranked.append((max(abs(dq), abs(dr), abs(dq + dr)), other, spot))
    ranked.sort()
    return tuple([other * SPOTS_PER_PETAL + spot for _, other, spot in ranked])


def nearest_spots(geometry: Geometry, wildland: int, candidates: Iterable[int], count: int) -> tuple[int, ...]:
    """The `count` candidate spots nearest to a wildland's centre cell (spring.md §3.9, where webs go).

    Nearest = smallest fine distance from the centre; ties by petal place, then spot position. Fewer are returned
    when there are fewer candidates.
    """
    locations = geometry.locations
    cq, cr = locations[wildland].cells[0]
    ranked = []
    for i in candidates:  # place and spot name a location, so the index never decides between two keys
        location = locations[i]
        q, r = location.cells[0]
        dq, dr = q - cq, r - cr
        ranked.append((max(abs(dq), abs(dr), abs(dq + dr)), location.position, location.spot, i))
    ranked.sort()
    return tuple([entry[3] for entry in ranked[:count]])
