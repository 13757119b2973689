"""The world map's geometry (spring.md §3): petal places, spots, adjacency, reach, layout, spawning and webs."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from dwarfhall.core.rng import Rng
from dwarfhall.games.spring.components import load_components
from dwarfhall.games.spring.hexmap import (
    DIRECTIONS,
    POSITIONS,
    build_geometry,
    hex_distance,
    nearest_spots,
    neighbouring_positions,
    petal_cells,
    petal_centre,
    petal_distance,
    position_id,
    rotated_position,
)
from dwarfhall.games.spring.worldmap import Placement, WorldMap, random_layout

# spring.md §3.1: position -> (petal coordinate, centre cell, neighbouring positions, max surrounding spots)
TABLE_3_1 = {
    0: ((0, 0), (0, 0), (1, 2, 3, 4, 5, 6), 12),
    1: ((1, 0), (2, 1), (0, 2, 6, 7, 8, 18), 12),
    2: ((1, -1), (3, -2), (0, 1, 3, 8, 9, 10), 12),
    3: ((0, -1), (1, -3), (0, 2, 4, 10, 11, 12), 12),
    4: ((-1, 0), (-2, -1), (0, 3, 5, 12, 13, 14), 12),
    5: ((-1, 1), (-3, 2), (0, 4, 6, 14, 15, 16), 12),
    6: ((0, 1), (-1, 3), (0, 1, 5, 16, 17, 18), 12),
    7: ((2, 0), (4, 2), (1, 8, 18), 6),
    8: ((2, -1), (5, -1), (1, 2, 7, 9), 8),
    9: ((2, -2), (6, -4), (2, 8, 10), 6),
    10: ((1, -2), (4, -5), (2, 3, 9, 11), 8),
    11: ((0, -2), (2, -6), (3, 10, 12), 6),
    12: ((-1, -1), (-1, -4), (3, 4, 11, 13), 8),
    13: ((-2, 0), (-4, -2), (4, 12, 14), 6),
    14: ((-2, 1), (-5, 1), (4, 5, 13, 15), 8),
    15: ((-2, 2), (-6, 4), (5, 14, 16), 6),
    16: ((-1, 2), (-4, 5), (5, 6, 15, 17), 8),
    17: ((0, 2), (-2, 6), (6, 16, 18), 6),
    18: ((1, 1), (1, 4), (1, 6, 7, 17), 8),
}


def test_petal_places_follow_the_table_of_section_3_1() -> None:
    """spring.md §3.1: 19 places in a radius-2 hexagon, numbered in a spiral, with these centres and neighbours."""
    assert len(POSITIONS) == 19
    for position, (petal, centre, neighbours, surrounding) in TABLE_3_1.items():
        assert POSITIONS[position] == petal
        assert petal_centre(petal) == centre
        assert tuple(sorted(neighbouring_positions(position))) == neighbours
        alone = build_geometry([position])
        wildland = alone.wildland_at[position]
        assert wildland is not None
        assert len(alone.surrounding(wildland)) == surrounding, position_id(position)


def test_rosettes_tile_the_plane() -> None:
    """spring.md §3.1: the 7-cell rosettes cover the map without gaps or overlap (index-7 lattice)."""
    cells = [cell for p in range(len(POSITIONS)) for cell in petal_cells(p)]
    assert len(cells) == len(set(cells)) == 19 * 7
    # no gap: every neighbour of a cell of the inner 7 petals belongs to some petal
    covered = set(cells)
    inner = {cell for p in range(7) for cell in petal_cells(p)}
    assert all((cell[0] + d[0], cell[1] + d[1]) in covered for cell in inner for d in DIRECTIONS)


def test_cross_petal_contacts_closed_form() -> None:
    """spring.md §3.2: towards the neighbour in petal direction j, own spot j+1 touches its j+3 and j+4, own spot
    j touches its j+4 (positions mod 6 in 1..6): 3 contacts between 2 ring spots on each side."""

    def ring(p: int) -> int:
        return (p - 1) % 6 + 1

    own_petal = 0
    for j, direction in enumerate(DIRECTIONS):
        other = POSITIONS.index(direction)
        contacts = {
            (a, b)
            for a, ca in enumerate(petal_cells(own_petal))
            for b, cb in enumerate(petal_cells(other))
            if hex_distance(ca, cb) == 1
        }
        expected = {(ring(j + 1), ring(j + 3)), (ring(j + 1), ring(j + 4)), (ring(j), ring(j + 4))}
        assert contacts == expected, j


def test_spot_adjacency_inside_and_across_petals() -> None:
    """spring.md §3.6: spots touch as hex neighbours; a ring spot has 3 neighbours inside its petal, up to 3 out."""
    geometry = build_geometry([])
    for location in geometry.locations:
        inside = [i for i in geometry.adjacent[location.index] if geometry.locations[i].position == location.position]
        outside = len(geometry.adjacent[location.index]) - len(inside)
        if location.spot == 0:
            assert len(inside) == 6 and outside == 0
        else:
            assert len(inside) == 3 and outside <= 3
        for other in geometry.adjacent[location.index]:
            assert location.index in geometry.adjacent[other]


def test_wildlands_and_their_surrounding_spots() -> None:
    """spring.md §3.6: a wildland is one location; a spot is adjacent to it exactly when it lies at distance 2 from
    its centre; neighbouring wildlands are adjacent; its surrounding spots are 2 per neighbouring grassland."""
    geometry = build_geometry([0, 1])
    centre_wild, east_wild = geometry.wildland_at[0], geometry.wildland_at[1]
    assert centre_wild is not None and east_wild is not None
    assert east_wild in geometry.adjacent[centre_wild]
    centre_cell = geometry.locations[centre_wild].cells[0]
    for location in geometry.locations:
        if location.is_wildland:
            continue
        touches = location.index in geometry.adjacent[centre_wild]
        assert touches == (hex_distance(location.cells[0], centre_cell) == 2)
    around = geometry.surrounding(centre_wild)
    assert len(around) == 10  # 5 grassland neighbours x 2
    assert Counter(geometry.locations[i].position for i in around) == dict.fromkeys((2, 3, 4, 5, 6), 2)


def test_a_dwarf_in_a_wildland_reaches_every_spot_around_it() -> None:
    """rulebook: "any dwarf on a wildland is considered to be adjacent to all spots surrounding that wildland"."""
    geometry = build_geometry([0])
    wildland = geometry.wildland_at[0]
    assert wildland is not None
    reach = geometry.reach([wildland])
    assert set(geometry.surrounding(wildland)) <= reach and len(geometry.surrounding(wildland)) == 12


def test_reach_of_a_settlement_is_its_neighbours() -> None:
    """spring.md §3.6: a location is in reach when it is adjacent to one of your pieces."""
    geometry = build_geometry([0])
    spots = geometry.spot_at[7]
    assert spots is not None
    centre = spots[0]
    assert geometry.reach([centre]) == frozenset(spots[1:])
    assert centre not in geometry.reach([centre])


def test_rotation_turns_ring_slots_only() -> None:
    """spring.md §3.2: slot 0 stays in the centre; slot s goes to ((s - 1 + rot) mod 6) + 1."""
    assert [rotated_position(s, 0) for s in range(7)] == list(range(7))
    assert [rotated_position(s, 1) for s in range(7)] == [0, 2, 3, 4, 5, 6, 1]
    assert [rotated_position(s, 5) for s in range(7)] == [0, 6, 1, 2, 3, 4, 5]
    for rotation in range(6):
        assert sorted(rotated_position(s, rotation) for s in range(7)) == list(range(7))


def test_spot_counts_of_the_thirteen_tiles() -> None:
    """spring.md §3.3-3.4: 34 field, 18 water and 39 resource spots; 24 wood, food and gold, 19 faerie cards;
    every tile has 3 resource spots of 3 kinds, one worth 3."""
    comps = load_components()
    kinds = Counter(slot.code for tile in comps.grasslands for slot in tile.slots)
    assert kinds["field"] == 34 and kinds["water"] == 18
    assert {k: kinds[k] for k in ("wood2", "wood3", "food2", "food3", "gold2", "gold3", "faerie2", "faerie3")} == {
        "wood2": 6, "wood3": 4, "food2": 6, "food3": 4, "gold2": 6, "gold3": 4, "faerie2": 8, "faerie3": 1,
    }
    totals = Counter[str]()
    for tile in comps.grasslands:
        resources = [s for s in tile.slots if s.is_resource]
        assert len(resources) == 3 and len({s.kind for s in resources}) == 3, tile.id
        assert sorted(s.amount for s in resources) == [2, 2, 3], tile.id
        for slot in resources:
            totals[slot.kind] += slot.amount
    assert totals == {"wood": 24, "food": 24, "gold": 24, "faerie": 19}


def test_random_layout_puts_a_wildland_in_the_centre() -> None:
    """rulebook setup 1.1-1.2: a wildland in the middle, every other petal at random around it, any rotation."""
    comps = load_components()
    wild = {w.id for w in comps.wildlands}
    rotations = set()
    centres = set()
    for seed in range(40):
        world = random_layout(Rng(seed), comps)
        assert world.placements[0].tile in wild
        centres.add(world.placements[0].tile)
        assert sorted(p.tile for p in world.placements) == sorted(wild | {g.id for g in comps.grasslands})
        rotations |= {p.rotation for p in world.placements if p.tile not in wild}
        assert len(world.geometry.locations) == 6 + 13 * 7
    assert rotations == set(range(6)) and len(centres) > 3
    assert random_layout(Rng(5), comps).placements == random_layout(Rng(5), comps).placements


def test_balanced_layout_leaves_room_around_every_wildland() -> None:
    """spring.md §3.7 option layout=balanced: laid again while a wildland has fewer than 4 spots around it."""
    comps = load_components()
    for seed in range(30):
        world = random_layout(Rng(seed), comps, balanced=True)
        assert min(len(world.surrounding(w.id)) for w in comps.wildlands) >= 4


def test_layout_statistics_of_section_3_7() -> None:
    """spring.md §3.7: a wildland averages 6.5 surrounding spots, 3.0 of them resource spots."""
    comps = load_components()
    rng = Rng(11)
    spots = resources = 0
    layouts = 300
    for _ in range(layouts):
        world = random_layout(rng, comps)
        for wildland in comps.wildlands:
            around = world.surrounding(wildland.id)
            spots += len(around)
            resources += sum(1 for i in around if (slot := world.slots[i]) is not None and slot.is_resource)
    assert spots / layouts / 6 == pytest.approx(6.5, abs=0.25)
    assert resources / layouts / 6 == pytest.approx(3.0, abs=0.2)


def fixed_world() -> WorldMap:
    """Forest 1 in the centre, the other wildlands on the edge, grasslands unturned in file order."""
    comps = load_components()
    order = ["W-F1", "G01", "G02", "G03", "G04", "G05", "G06", "W-F2", "G07", "W-P1", "G08", "W-P2", "G09",
             "W-M1", "G10", "W-M2", "G11", "G12", "G13"]
    return WorldMap(comps, tuple(Placement(tile) for tile in order))


def test_tiles_are_read_through_their_rotation() -> None:
    """spring.md §3.2: a turned tile shows its slot s at spot ((s - 1 + rot) mod 6) + 1."""
    comps = load_components()
    world = fixed_world()
    spots = world.geometry.spot_at[1]
    assert spots is not None
    assert [world.slots[i] for i in spots] == list(comps.grasslands[0].slots)
    turned = list(world.placements)
    turned[1] = Placement("G01", 2)
    world2 = WorldMap(comps, tuple(turned))
    spots2 = world2.geometry.spot_at[1]
    assert spots2 is not None
    g01 = comps.grasslands[0].slots
    assert world2.slots[spots2[3]] == g01[1] and world2.slots[spots2[1]] == g01[5] and world2.slots[spots2[0]] == g01[0]
    assert world2.is_water(spots2[0])


def test_monster_spawn_order() -> None:
    """spring.md §3.8 (rulebook: "the closest unoccupied wildland"): home, then the other petal of its terrain,
    then the free wildland nearest in petals, ties in the order F1, F2, P1, P2, M1, M2."""
    world = fixed_world()
    loc = dict(zip([w.id for w in world.wildland_order], world.wildland_locations, strict=True))
    assert world.spawn_location("W-P1", []) == loc["W-P1"]
    assert world.spawn_location("W-P1", [loc["W-P1"]]) == loc["W-P2"]
    # both plains taken: P1 sits at P09; F1 (P00) and F2 (P07) and M1 (P13) ... nearest by petal distance
    taken = [loc["W-P1"], loc["W-P2"]]
    distances = {w: petal_distance(9, world.geometry.locations[loc[w]].position) for w in ("W-F1", "W-F2", "W-M1",
                                                                                          "W-M2")}
    best = min(distances.values())
    first = next(w for w in ("W-F1", "W-F2", "W-M1", "W-M2") if distances[w] == best)
    assert world.spawn_location("W-P1", taken) == loc[first]
    assert world.spawn_location("W-M2", list(loc.values())) is None
    # a monster's card never lands on an occupied wildland, whatever is taken
    for size in range(6):
        for busy in combinations(loc.values(), size):
            assert world.spawn_location("W-F2", busy) not in busy


def test_webs_go_to_the_nearest_free_resource_spots() -> None:
    """spring.md §3.9: 5 webs on the resource spots nearest the spider's wildland centre; ties by place then spot;
    spots with a settlement, fortress or web are skipped."""
    world = fixed_world()
    forest = world.wildland_locations[0]  # Forest 1 in the centre
    centre = world.geometry.locations[forest].cells[0]
    webs = world.web_targets(forest, [], 5)
    assert len(webs) == 5
    assert all((slot := world.slots[i]) is not None and slot.is_resource for i in webs)
    keys = [(hex_distance(centre, world.geometry.locations[i].cells[0]), world.geometry.locations[i].position,
             world.geometry.locations[i].spot) for i in webs]
    assert keys == sorted(keys)
    others = [i for i, s in enumerate(world.slots) if s is not None and s.is_resource and i not in webs]
    assert all(hex_distance(centre, world.geometry.locations[i].cells[0]) >= keys[-1][0] for i in others)
    skipped = world.web_targets(forest, [webs[0]], 5)
    assert webs[0] not in skipped and skipped[:4] == webs[1:]


def test_web_targets_walk_the_shared_order_as_nearest_spots_ranks() -> None:
    """spring.md §3.9: a map's webs, picked from the order shared by every map (`places_by_distance`), are those
    `nearest_spots` ranks from the map's own free resource spots, on random layouts and blocked spots."""
    components = load_components()
    rng = Rng(7)
    for _ in range(40):
        world = random_layout(rng, components)
        resources = [i for i, s in enumerate(world.slots) if s is not None and s.is_resource]
        for location in world.wildland_locations:
            blocked = [i for i in resources if rng.below(4) == 0]
            count = rng.below(7)
            free = [i for i in resources if i not in blocked]
            expected = nearest_spots(world.geometry, location, free, count)
            assert world.web_targets(location, blocked, count) == expected
