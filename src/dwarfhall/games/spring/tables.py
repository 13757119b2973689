"""Lookup tables for the hot paths of the rules, the search and the heuristic, computed once: per game (from its
components and options) and per laid-out map. They only restate the components and the map; the rules that read
them stay the ones in the rule modules' docstrings."""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

from .hexmap import POSITIONS, SPOTS_PER_PETAL
from .phases import NO_ONE, RESOURCE_INDEX, RESOURCE_KEYS

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .components import Components, MonsterKind, Requirement, Slot
    from .hexmap import Geometry
    from .kinds import CardKinds
    from .options import SpringOptions
    from .state import SpringState
    from .worldmap import WorldMap

# what lies at a location of the map
WILDLAND, WATER, LAND = 0, 1, 2
_PLACE_BIT = tuple([1 << place for place in range(len(POSITIONS) * SPOTS_PER_PETAL)])  # per place: its bit
_ALL_PLACES = (1 << len(POSITIONS) * SPOTS_PER_PETAL) - 1
_PETAL_BITS = (1 << SPOTS_PER_PETAL) - 1  # a petal's places, shifted to its spot 0
NO_REQUIREMENT = None
ALWAYS_PLAYABLE = ("gain_any", "axe", "pack")  # faerie primitives that never lack an application

# `MapTables`' parts shared by every map of one geometry: place_bit, dwarf_near_bits, grass_places, wild_places,
# grass_bits, wild_bits, surrounding
GeometryParts = tuple[
    tuple[int, ...], tuple[int, ...], frozenset[int], frozenset[int], int, int, tuple[tuple[int, ...], ...]
]

# a quest's requirement as plain numbers: ((resource index, amount), ...), faerie cards, settlements, the line that
# must be complete (-1: none), dragons, dragon level, monsters ever defeated, fortress
Needs = tuple[tuple[tuple[int, int], ...], int, int, int, int, int, int, bool]


def needs_of(req: Requirement) -> Needs:
    line = RESOURCE_INDEX[req.line_complete] if req.line_complete is not None else -1
    resources = tuple((RESOURCE_INDEX[r], amount) for r, amount in req.resources.items())
    return (resources, req.faeries, req.settlements, line, req.dragons, req.dragon_level, req.monsters,
            bool(req.fortress))  # fmt: skip


class GameTables:
    """Per game: what each card kind, dragon and monster means in numbers."""

    __slots__ = (
        "blocks_quests",
        "build_bits",
        "caps",
        "card_axes",
        "card_backpacks",
        "dragon_bits",
        "dragon_vp",
        "expedition_bits",
        "faerie_always",
        "faerie_bit",
        "faerie_end",
        "faerie_first",
        "faerie_kinds",
        "faerie_primitive",
        "fortress_bit",
        "fortress_cost",
        "fortress_vp",
        "hand_limit",
        "line_icons",
        "line_vp",
        "monster_first",
        "monster_vp",
        "monsters",
        "nest_cap",
        "nest_fortress_cap",
        "odds_memo",
        "ordered_expeditions",
        "production",
        "quest_first",
        "quest_gate",
        "quest_needs",
        "quest_vp",
        "quests",
        "reveal_bonus",
        "success_cap",
        "train_resource",
        "training_cost",
        "warehouse",
    )

    def __init__(
        self,
        comps: Components,
        kinds: CardKinds,
        options: SpringOptions,
        monster_kinds: tuple[MonsterKind, ...],
        card_axes: list[int],
        card_backpacks: list[int],
    ) -> None:
        self.faerie_first = kinds.faeries.start
        self.faerie_end = kinds.faeries.stop
        self.faerie_kinds = tuple(kinds.faeries)
        # per faerie kind (card - faerie_first): its effect's primitive
        self.faerie_primitive = tuple(f.effect.primitive for f in comps.faeries)
        # per faerie kind: whether it can always be applied (`faeries.playable` without a call)
        self.faerie_always = tuple(what in ALWAYS_PLAYABLE for what in self.faerie_primitive)
        gold = RESOURCE_INDEX["gold"]
        gold_only = options.dragon_training == "gold_only"
        self.train_resource = tuple(gold if gold_only else RESOURCE_INDEX[d.train] for d in comps.dragons)
        self.training_cost = comps.training_cost
        self.hand_limit = comps.limits["faerie_hand"]
        self.success_cap = comps.limits["successes"]
        self.nest_cap = comps.limits["nest"]  # the dragons a nest holds, without and with the fortress
        self.nest_fortress_cap = comps.limits["nest_with_fortress"]
        self.fortress_cost = comps.fortress["cost"]
        self.monster_first = kinds.monsters.start
        self.quest_first = kinds.quests.start
        # per card kind: the quest's requirement in numbers, or None for any other card
        needs: list[Needs | None] = [NO_REQUIREMENT] * kinds.count
        for card in kinds.quests:
            needs[card] = needs_of(comps.quests[card - kinds.quests.start].requires)
        self.quest_needs = tuple(needs)
        # per card kind: a quest's first resource need and its requirement, (resource index, amount, needs), the
        # amount 0 for a quest that needs no resource; None for any other card (the legal moves check the first
        # resource inline before calling `quests.meets`)
        self.quest_gate = tuple(None if need is None else _gate(need) for need in needs)
        # per card kind: the spot kind a monster in play caps to 1 (None: no cap, or not a monster)
        caps: list[str | None] = [None] * kinds.count
        for card in kinds.monsters:
            caps[card] = monster_kinds[card - kinds.monsters.start].cap
        self.caps = tuple(caps)
        self.blocks_quests = frozenset(
            card for card in kinds.monsters if monster_kinds[card - kinds.monsters.start].ability == "block_quests"
        )
        # victory points (R36): per quest and per monster card kind (in the order of `quests` and `monsters`), per
        # dragon and level, per complete line, for the fortress
        self.quests = kinds.quests
        self.monsters = kinds.monsters
        self.quest_vp = tuple(q.vp for q in comps.quests)
        self.monster_vp = tuple(m.vp for m in comps.monsters)
        self.dragon_vp = tuple(tuple(level.vp for level in d.levels) for d in comps.dragons)
        self.line_vp = tuple(line.complete_vp for line in comps.lines)
        self.fortress_vp = comps.fortress["vp"]
        self.reveal_bonus = comps.fortress["reveal_bonus"]
        # per line: the resources each position shows once its settlement has left (what production adds up)
        self.line_icons = tuple(tuple(sum(icons.values()) for icons in line.positions) for line in comps.lines)
        # per line and settlements gone from it (0 .. its positions): what production adds, per resource index
        self.production = tuple(
            tuple(_icon_sum(line.positions[:taken]) for taken in range(len(line.positions) + 1)) for line in comps.lines
        )
        self.warehouse = comps.limits["warehouse"]
        # the heuristic's reveal odds by (heroes deck counts, cards revealed, axes needed or -1 for the mean backpacks)
        self.odds_memo: dict[tuple[tuple[int, ...], int, int], float] = {}
        # per card kind: the symbols it shows in a heroes deck
        self.card_axes = tuple(card_axes)
        self.card_backpacks = tuple(card_backpacks)
        # the bit of each board spot in `SpringState.spots_used` (the game's attributes of these names are these)
        spots = comps.spots
        self.build_bits = tuple(
            [next(i for i, s in enumerate(spots) if s.action == "build" and s.line == line) for line in RESOURCE_KEYS]
        )
        self.fortress_bit = next(i for i, s in enumerate(spots) if s.action == "fortress")
        self.faerie_bit = next(i for i, s in enumerate(spots) if s.action == "faerie")
        self.dragon_bits = tuple(
            [next(i for i, s in enumerate(spots) if s.action == "dragons" and s.order == order) for order in (1, 2)]
        )
        self.expedition_bits = tuple(
            [next(i for i, s in enumerate(spots) if s.action == "expedition" and s.order == order) for order in (1, 2)]
        )
        self.ordered_expeditions = options.expedition_order == "ordered"  # R24's option


def _gate(needs: Needs) -> tuple[int, int, Needs]:
    """A requirement with its first resource need in front (resource 0, amount 0 when it needs none)."""
    resource, amount = needs[0][0] if needs[0] else (0, 0)
    return resource, amount, needs


def _icon_sum(positions: tuple[Mapping[str, int], ...]) -> tuple[int, ...]:
    """The resources the given line positions show, per resource index."""
    total = [0] * len(RESOURCE_INDEX)
    for icons in positions:
        for resource, amount in icons.items():
            total[RESOURCE_INDEX[resource]] += amount
    return tuple(total)


MEMO_LIMIT = 2048  # positions remembered per map before the memo starts afresh


class Occupancy:
    """What the settlements and fortresses on the map (`owner_at`) mean for the dwarf actions, remembered per map
    by the contents of `owner_at`: many positions of a game and of a search share them. Sets of places are bit
    sets (bit p for place p)."""

    __slots__ = ("_adjacent", "_reach", "open_grass", "owned", "owner_at", "players", "taken")

    owner_at: list[int]
    players: int
    taken: list[int]  # the locations with a piece, ascending
    open_grass: int
    owned: list[list[int]]
    _adjacent: tuple[int, ...]
    _reach: list[int | None]

    def __init__(self, tables: MapTables, owner_at: tuple[int, ...], players: int) -> None:
        _read_pieces(self, tables, owner_at, players)

    def reach(self, player: int) -> int:
        """The places next to the player's settlements and fortress, as a bit set."""
        found = self._reach[player]
        if found is None:
            near = 0
            adjacent = self._adjacent
            for loc in self.owned[player]:
                near |= adjacent[loc]
            found = self._reach[player] = near
        return found


def _read_map(tables: MapTables, world: WorldMap) -> None:
    """`MapTables.__init__`'s work, in a module function so that the compiled build types its loops. What depends
    only on where the wildlands lie is worked out once per geometry (a search's or a batch's maps share one)."""
    geometry = world.geometry
    parts = geometry.map_parts
    if parts is None:
        parts = geometry.map_parts = _geometry_parts(geometry)
    place_bit, dwarf_near_bits, grass_places, wild_places, grass_bits, wild_bits, surrounding = parts
    slots = world.slots
    place_of = tables.place_of = world.place_of
    kind_at = tables.kind_at = tuple(
        [WILDLAND if slot is None else WATER if slot.kind == "water" else LAND for slot in slots]
    )
    tables._slots = slots
    tables.spot_amount = None  # worked out by `spots` when the advice first asks
    tables.spot_kind = None
    land = tables.land = tuple([loc for loc, kind in enumerate(kind_at) if kind == LAND])
    tables.land_places = frozenset([place_of[loc] for loc in land])
    tables.grass_places = grass_places
    tables.wild_places = wild_places
    # per location: the places it touches (each cell's place number, a wildland's cells all read as its own)
    tables.adjacent_places = geometry.adjacent_places
    # per location its place's bit, and the places it touches as a bit set
    tables.place_bit = place_bit
    tables.adjacent_bits = geometry.adjacent_bits
    tables.dwarf_near_bits = dwarf_near_bits
    tables.land_bits = sum([place_bit[loc] for loc in land])  # distinct bits: their sum is their union
    tables.grass_bits = grass_bits
    tables.wild_bits = wild_bits
    wild_slot = [-1] * len(slots)
    gather_at = [-1] * len(slots)
    order = world.wildland_order
    for index, location in enumerate(world.wildland_locations):
        wild_slot[location] = index
        gather_at[location] = RESOURCE_INDEX[order[index].gather]
    tables.wild_slot = tuple(wild_slot)  # per location: its index in the wildland order, or -1
    tables.gather_at = tuple(gather_at)  # per wildland location: the resource its gathering brings
    tables.surrounding = surrounding  # per wildland location: the grassland spots around it
    tables._occupancy = {}


def _geometry_parts(geometry: Geometry) -> GeometryParts:
    """The map tables' parts that depend only on the geometry (where the wildlands lie): per location its place's
    bit and the places a dwarf standing there reaches (in a wildland its own too, R53); the grassland and
    wildland places as sets and the same as bit sets (a wildland location's place is its petal's spot 0, and
    every place of a wildland petal is not grassland); per wildland location the grassland spots around it."""
    place_of = geometry.place_of
    wild = [at for at in geometry.wildland_at if at is not None]
    is_wild = [False] * len(place_of)
    for loc in wild:
        is_wild[loc] = True
    place_bit = itemgetter(*place_of)(_PLACE_BIT)  # a map has far more than one location
    near_at = zip(geometry.adjacent_bits, place_bit, is_wild, strict=True)
    dwarf_near_bits = tuple([near | bit if in_wild else near for near, bit, in_wild in near_at])
    grass_places = frozenset([place for place, in_wild in zip(place_of, is_wild, strict=True) if not in_wild])
    wild_places = frozenset([place_of[loc] for loc in wild])
    grass_bits = _ALL_PLACES ^ sum([_PETAL_BITS << place_of[loc] for loc in wild])
    wild_bits = sum([place_bit[loc] for loc in wild])
    surrounding: list[tuple[int, ...]] = [()] * len(place_of)
    for loc in wild:
        surrounding[loc] = geometry.surrounding(loc)
    return place_bit, dwarf_near_bits, grass_places, wild_places, grass_bits, wild_bits, tuple(surrounding)


def _read_pieces(occupied: Occupancy, tables: MapTables, owner_at: tuple[int, ...], players: int) -> None:
    """`Occupancy.__init__`'s work, in a module function so that the compiled build types its loops."""
    occupied.owner_at = list(owner_at)  # what it was worked out from, to check a remembered one against
    occupied.players = players
    # the locations with a piece (a comprehension: faster than `compress` with `NO_ONE.__ne__` in both builds)
    occupied.taken = taken = [loc for loc, owner in enumerate(owner_at) if owner != NO_ONE]
    # grassland places without a settlement or fortress (the taken places' bits are distinct: their sum is
    # their union)
    place_bit = tables.place_bit
    occupied.open_grass = tables.grass_bits & ~sum([place_bit[loc] for loc in taken])
    owned: list[list[int]] = [[] for _ in range(players)]
    for loc in taken:
        owner = owner_at[loc]
        if owner < players:
            owned[owner].append(loc)
    occupied.owned = owned  # per player: the locations of their settlements and fortress
    occupied._adjacent = tables.adjacent_bits
    occupied._reach = [None] * players


class MapTables:
    """Per laid-out map: what lies at each location, the wildlands' surroundings, adjacency by place number (the
    numbering of the action ids, ascending with the location index), and a memo of `Occupancy`. The `*_bits`
    fields are the same sets of places as bit sets (bit p for place p), which the map targets use."""

    __slots__ = (
        "_occupancy",
        "_slots",
        "adjacent_bits",
        "adjacent_places",
        "dwarf_near_bits",
        "gather_at",
        "grass_bits",
        "grass_places",
        "kind_at",
        "land",
        "land_bits",
        "land_places",
        "place_bit",
        "place_of",
        "spot_amount",
        "spot_kind",
        "surrounding",
        "wild_bits",
        "wild_places",
        "wild_slot",
    )

    _occupancy: dict[tuple[int, ...], Occupancy]
    _slots: tuple[Slot | None, ...]
    adjacent_bits: tuple[int, ...]
    adjacent_places: tuple[frozenset[int], ...]
    dwarf_near_bits: tuple[int, ...]
    gather_at: tuple[int, ...]
    grass_bits: int
    grass_places: frozenset[int]
    kind_at: tuple[int, ...]
    land: tuple[int, ...]
    land_bits: int
    land_places: frozenset[int]
    place_bit: tuple[int, ...]
    place_of: tuple[int, ...]
    spot_amount: tuple[int, ...] | None
    spot_kind: tuple[str | None, ...] | None
    surrounding: tuple[tuple[int, ...], ...]
    wild_bits: int
    wild_places: frozenset[int]
    wild_slot: tuple[int, ...]

    def __init__(self, world: WorldMap) -> None:
        _read_map(self, world)

    def spots(self) -> tuple[tuple[int, ...], tuple[str | None, ...]]:
        """Per location: its spot's amount and kind (what a resource spot gains, `Slot.is_resource`; a wildland's
        0 and None), kept in `spot_amount` and `spot_kind` (only the advice reads them, so a new map does not)."""
        slots = self._slots
        amounts = self.spot_amount = tuple([0 if slot is None else slot.amount for slot in slots])
        kinds = self.spot_kind = tuple([None if slot is None else slot.kind for slot in slots])
        return amounts, kinds

    def occupancy(self, owner_at: list[int], players: int) -> Occupancy:
        key = tuple(owner_at)
        found = self._occupancy.get(key)
        if found is None or found.players != players:
            if len(self._occupancy) >= MEMO_LIMIT:
                self._occupancy.clear()
            found = self._occupancy[key] = Occupancy(self, key, players)
        return found


def occupancy(state: SpringState) -> Occupancy:
    """The occupancy of the state's map: the one the state (or the position it was cloned from) last used while
    `owner_at` still reads the same, else the map's remembered or a new one."""
    found = state._occupancy
    owner_at = state.owner_at
    players = len(state.home)
    if found is None or found.owner_at != owner_at or found.players != players:
        found = state._occupancy = state.world.tables.occupancy(owner_at, players)
    return found
