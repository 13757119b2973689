"""Spring's observation tensor: after the zones' segments (kit.zones: the card zones), every field of
`observation.observe` they leave out, each a segment with bounds (core.tensors). The table is in
docs/rules/spring.md ("Observation tensor").

The map is laid out in planes over the 133 place numbers (petal place x 7 + spot, a wildland at its petal's
spot 0: the numbers of the action ids), so a plane means the same place whatever tiles were laid. Everything
here is public (R38); the faerie hands come through the zones.
"""

from __future__ import annotations

from array import array
from dataclasses import replace
from functools import partial
from itertools import accumulate
from typing import TYPE_CHECKING

from dwarfhall.core.tensors import Segment, codes, fraction, numbers, one_hot

from .hexmap import POSITIONS, RING
from .kit import NEST, PLACES
from .phases import FAERIE_STEPS, NO_ONE, OVER, RESOURCES
from .reveals import AXES, BACKPACKS, CARDS, LOCATION, MONSTER, NUMBER, SEAT, SPENT, WON

if TYPE_CHECKING:
    from .game import SpringGame
    from .state import SpringState
    from .worldmap import WorldMap

SLOT_KINDS = ("wood", "food", "gold", "faerie", "water", "field")  # a grassland spot's kind
_SLOT_KIND = {kind: i for i, kind in enumerate(SLOT_KINDS)}
SPOT_WIDTH = len(SLOT_KINDS) + 2  # per place: spot kind (one-hot), a wildland, the spot's amount
STEP_KINDS = 1 + max(FAERIE_STEPS)  # kinds of decision inside a dwarf action (phases.WILD_CHOICE ...)
PENDING = 4  # decisions encoded, the next first
STEP_WIDTH = STEP_KINDS + 2  # kind (one-hot), then its two numbers + 1
REVEALED = 24  # revealed cards encoded in order (all are counted per kind)
ROUND_SCALE = 10  # the round is held as round / (round + 10)
COUNT_SCALE = 5  # counts without a fixed maximum are held as n / (n + 5)
DWARFS = 7
_COMPILED = not __file__.endswith((".py", ".pyc"))  # this module is the compiled extension
_PENDING, _STEP_WIDTH, _STEP_KINDS, _NEST, _RESOURCES = PENDING, STEP_WIDTH, STEP_KINDS, NEST, RESOURCES  # C ints
_COUNT_SCALE = COUNT_SCALE  # a C int: the fillers below read it at every entry
_NO_ONE = NO_ONE  # a Python object compiled (NO_ONE is a C long there), compared by identity


def tensor_segments(game: SpringGame, grouped: bool = _COMPILED) -> list[Segment]:
    """The segments after the zones'; `grouped`: one filler writes them all (the compiled build's: C calls on
    slices of one typed view, where each filler the layout calls converts its view again), else a filler per
    segment or small group (pure Python: a call there costs less than slicing)."""
    comps = game.components
    n, kinds = game.num_players, game.kinds.count
    tiles = [w.id for w in comps.wildlands] + [g.id for g in comps.grasslands]
    tile_index = {tile: i for i, tile in enumerate(tiles)}
    monsters = game.kinds.monsters
    wildlands = len(comps.wildlands)
    spots = len(comps.spots)
    dragons = len(comps.dragons)
    limits = comps.limits.values
    most_amount = max(slot.amount for tile in comps.grasslands for slot in tile.slots)
    step_high = float(max(PLACES, kinds))  # a step's numbers: a location, a card kind, a seat or a small count
    tiles_size = len(POSITIONS) * (len(tiles) + RING)
    spots_end = tiles_size + PLACES * SPOT_WIDTH
    map_args = (tile_index, spots_end, monsters.start, len(monsters))

    segments = [
        # _head writes the nine first segments
        one_hot("phase", 3, partial(_head, n), "phase (one-hot: placing, actions, over)"),
        numbers("era", 1, None, float(game.options.eras), "era"),
        numbers("round", 1, None, 1.0, f"round / (round + {ROUND_SCALE})"),
        one_hot("first", n, None, "first player of the era (one-hot)"),
        one_hot("to_act", n, None, "player to act (one-hot; zeros at the end)"),
        numbers("placing", 2 * n, None, float(n), "seats still to place a settlement, next first: seat + 1"),
        one_hot("stage", 1, None, "the turn's dwarf action is done"),
        numbers("pending_count", 1, None, 1.0, "decisions pending inside the dwarf action, n / (n + 1)"),
        numbers("pending", PENDING * STEP_WIDTH, None, step_high,
                f"per pending decision, the next first: kind (one-hot of {STEP_KINDS}), its two numbers + 1"),
        # _map writes the map's planes and the monsters on it
        one_hot("map_tiles", tiles_size, partial(_map, *map_args),
                "per petal place: the tile laid there (one-hot, wildlands then grasslands), its rotation (one-hot)"),
        numbers("map_spots", PLACES * SPOT_WIDTH, None, float(max(1, most_amount)),
                f"per place: spot kind (one-hot: {', '.join(SLOT_KINDS)}), a wildland, the spot's amount"),
        one_hot("monsters", wildlands * len(monsters), None,
                "per wildland (Forest 1, Forest 2, Plains 1, Plains 2, Mountain 1, Mountain 2): its monster (one-hot)"),
        numbers("webs", PLACES, _webs, float(kinds), "per place: the spider card whose web lies there + 1"),
        numbers("last_reveal", 4, _reveal_head, float(max(PLACES, kinds)),
                "last fight or gathering: seat + 1, place + 1, monster + 1, won"),
        numbers("last_reveal_counts", 4, _reveal_counts, 1.0,
                f"its number, axes, backpacks, successes spent, each n / (n + {COUNT_SCALE})"),
        numbers("last_reveal_cards", kinds + REVEALED, _reveal_cards, float(kinds),
                f"its cards: count per kind, then the first {REVEALED} in order (kind + 1)"),
    ]  # fmt: skip
    segments += [
        numbers("treasury", n * RESOURCES, _treasury, 1.0, f"per seat: wood, food, gold, each n / (n + {COUNT_SCALE})"),
        numbers("line_left", n * RESOURCES, _line_left, 4.0, "per seat: settlements left per line"),
        one_hot("settlements", n * PLACES, _settlements, "per seat, per place: a settlement of theirs"),
        one_hot("fortress", n * PLACES, _fortress, "per seat, per place: their fortress"),
        numbers("home", n, _home, float(DWARFS), "per seat: dwarfs in the bastion"),
        numbers("dwarfs", n * PLACES, _dwarfs, float(DWARFS), "per seat, per place: their dwarfs there"),
        one_hot("spots_used", n * spots, _spots_used, "per seat: board spots taken this era"),
        numbers("nest", n * 3 * NEST, _nest, float(max(dragons, 3)),
                f"per seat, per nest dragon in order ({NEST}): dragon + 1, level, exhausted"),
        numbers("successes", n * 2, _successes, float(limits["successes"]), "per seat: axe, backpack"),
        numbers("defeated", n, _defeated, float(len(monsters)), "per seat: monsters defeated"),
        numbers("faerie_power", n, _faerie_power, 1.0, f"per seat: faerie power, n / (n + {COUNT_SCALE})"),
    ]  # fmt: skip
    if grouped:
        ends = list(accumulate(segment.size for segment in segments))
        names = [segment.name for segment in segments]
        head_end, map_end, reveal_end = (ends[names.index(end)] for end in ("pending", "monsters", "last_reveal_cards"))
        whole = partial(_grouped, n, spots, *map_args, head_end, map_end, reveal_end)
        segments = [replace(segment, fill=whole if i == 0 else None) for i, segment in enumerate(segments)]
    return segments


def zone_bound(game: SpringGame) -> int:
    """The most cards one zone may hold: every card and dragon of a game just set up (the zones', the monsters
    on the map, the dragons in the nests), since no card comes in later."""
    from dwarfhall.core import Rng

    s = game._initial_state(Rng(0))
    zones = game.zones
    assert zones is not None
    held = sum(zones.size(s, z.attr, owner) for z, owner in zones.instances() if not z.is_counter)
    return held + sum(card != NO_ONE for card in s.monster_at) + sum(len(nest) for nest in s.nest)


_MAPS: dict[int, tuple[WorldMap, array[float]]] = {}  # by id(world), which the entry keeps alive


def _map_planes(world: WorldMap, tile_index: dict[str, int]) -> array[float]:
    """The tiles and spot planes of a map, one after the other as float32 bytes, worked out once per map (states
    of one game share their map; a new game's first tensor pays for them). Compiled, the array as Cython's own
    typed view (tensor.pxd), which `_map` then takes without converting a buffer at every tensor."""
    got = _MAPS.get(id(world))
    if got is not None and got[0] is world:
        return got[1]
    width = len(tile_index) + RING
    tiles_size = len(POSITIONS) * width
    planes = array("f", bytes(4 * (tiles_size + PLACES * SPOT_WIDTH)))  # zeros
    view = planes  # compiled: a typed view (tensor.pxd), written by C stores and kept as an object of Cython's
    for position, placed in enumerate(world.placements):
        view[position * width + tile_index[placed.tile]] = 1.0
        view[position * width + len(tile_index) + placed.rotation] = 1.0
    kind_of = _SLOT_KIND
    slots = world.slots
    for location, place in enumerate(world.place_of):
        at = tiles_size + place * SPOT_WIDTH
        slot = slots[location]
        if slot is None:
            view[at + len(SLOT_KINDS)] = 1.0
            continue
        view[at + kind_of[slot.kind]] = 1.0
        view[at + len(SLOT_KINDS) + 1] = slot.amount
    if len(_MAPS) >= 64:
        _MAPS.clear()
    _MAPS[id(world)] = (world, view)
    return view


# one filler writes the first segments, where each would write an entry or two (a call cost as much as that)
def _head(n: int, s: SpringState, viewer: int | None, out: memoryview[float]) -> None:
    """phase, era, round, first, to_act, placing, stage, pending_count and pending, for `n` players."""
    phase = s.phase
    out[phase] = 1.0
    out[3] = s.era
    out[4] = fraction(s.round, ROUND_SCALE)
    out[5 + s.first] = 1.0
    at = 5 + n
    if phase != OVER:
        out[at + s.to_act] = 1.0
    at += n
    placing = s.placing
    for i in range(len(placing)):  # codes: seat + 1 per position
        out[at + i] = placing[i] + 1
    at += 2 * n
    out[at] = s.stage
    pending = s.pending
    out[at + 1] = fraction(len(pending), 1)
    at += 2
    top = len(pending) - 1
    for i in range(min(top + 1, _PENDING)):  # the last one is decided first
        step = pending[top - i]
        here = at + i * _STEP_WIDTH
        out[here + step[0]] = 1.0
        for j in range(min(len(step), 3) - 1):  # its two numbers
            out[here + _STEP_KINDS + j] = step[j + 1] + 1


def _map(
    tile_index: dict[str, int],
    spots_end: int,
    first_monster: int,
    width: int,
    s: SpringState,
    viewer: int | None,
    out: memoryview[float],
) -> None:
    """map_tiles, map_spots and monsters (`width` kinds of monster from card kind `first_monster` on)."""
    planes = _map_planes(s.world, tile_index)
    out[:spots_end] = planes  # float32 bytes copied whole
    monster_at = s.monster_at
    for w in range(len(monster_at)):
        card = monster_at[w]
        if card != NO_ONE:
            out[spots_end + w * width + card - first_monster] = 1.0


def _grouped(
    n: int,
    spots: int,
    tile_index: dict[str, int],
    spots_end: int,
    first_monster: int,
    width: int,
    head_end: int,
    map_end: int,
    reveal_end: int,
    s: SpringState,
    viewer: int | None,
    out: memoryview[float],
) -> None:
    """Every segment after the zones' (the compiled build's one filler): the head, the map, the webs and last
    reveal, the seats, ending at `head_end`, `map_end`, `reveal_end` and the end of `out`."""
    _head(n, s, viewer, out[:head_end])
    _map(tile_index, spots_end, first_monster, width, s, viewer, out[head_end:map_end])
    _webs_and_reveal(s, viewer, out[map_end:reveal_end])
    _seats(n, spots, s, viewer, out[reveal_end:])


# compiled, _grouped writes the webs and reveal and the seats through the functions below, one per segment, on slices
# of its slice: C calls on typed views (tensor.pxd), where a filler called by the layout costs about 0.15 µs
def _webs_and_reveal(s: SpringState, viewer: int | None, out: memoryview[float]) -> None:
    """webs, last_reveal, last_reveal_counts and last_reveal_cards."""
    _webs(s, viewer, out[:PLACES])
    if s.last_reveal:  # most states: no reveal since the last action that cleared it
        _reveal_head(s, viewer, out[PLACES : PLACES + 4])
        _reveal_counts(s, viewer, out[PLACES + 4 : PLACES + 8])
        _reveal_cards(s, viewer, out[PLACES + 8 :])


def _seats(n: int, spots: int, s: SpringState, viewer: int | None, out: memoryview[float]) -> None:
    """treasury, line_left, settlements, fortress, home, dwarfs, spots_used, nest, successes, defeated and
    faerie_power, for `n` players and `spots` board spots."""
    at = n * _RESOURCES
    _treasury(s, viewer, out[:at])
    _line_left(s, viewer, out[at : at + n * _RESOURCES])
    at += n * _RESOURCES
    _settlements(s, viewer, out[at : at + n * PLACES])
    at += n * PLACES
    _fortress(s, viewer, out[at : at + n * PLACES])
    at += n * PLACES
    _home(s, viewer, out[at : at + n])
    at += n
    _dwarfs(s, viewer, out[at : at + n * PLACES])
    at += n * PLACES
    _spots_used(s, viewer, out[at : at + n * spots])
    at += n * spots
    _nest(s, viewer, out[at : at + n * 3 * _NEST])
    at += n * 3 * _NEST
    _successes(s, viewer, out[at : at + n * 2])
    at += n * 2
    _defeated(s, viewer, out[at : at + n])
    at += n
    _faerie_power(s, viewer, out[at : at + n])


# the loops below go by index (no zip or enumerate): compiled with tensor.pxd they run in C
def _webs(s: SpringState, viewer: int | None, out: memoryview[float]) -> None:
    web_at = s.web_at
    if not _COMPILED and web_at.count(NO_ONE) == len(web_at):  # pure Python: most of a game has no web, and one
        return  # count in C is cheaper than the loop (compiled, the loop below costs less than the count)
    no_one = _NO_ONE  # as in _settlements: the empty locations skipped by identity over the list in place
    place_of = None
    location = 0
    for item in web_at:
        if item is not no_one:
            card = item
            if card != NO_ONE:
                if place_of is None:  # most of a game has no web: the map's places are read for the first one
                    place_of = s.world.place_of
                place = place_of[location]
                out[place] = card + 1
        location += 1


def _reveal_head(s: SpringState, viewer: int | None, out: memoryview[float]) -> None:
    last = s.last_reveal
    if not last:
        return
    seat = last[SEAT]  # C integers compiled (tensor.pxd), as the seats' numbers below
    place = s.world.place_of[last[LOCATION]]
    monster = last[MONSTER]
    won = last[WON]
    out[0] = seat + 1
    out[1] = place + 1
    out[2] = monster + 1
    out[3] = won


def _reveal_counts(s: SpringState, viewer: int | None, out: memoryview[float]) -> None:
    last = s.last_reveal
    if last:
        number = last[NUMBER]
        axes = last[AXES]
        backpacks = last[BACKPACKS]
        spent = last[SPENT]
        out[0] = fraction(number, _COUNT_SCALE)
        out[1] = fraction(axes, _COUNT_SCALE)
        out[2] = fraction(backpacks, _COUNT_SCALE)
        out[3] = fraction(spent, _COUNT_SCALE)


def _reveal_cards(s: SpringState, viewer: int | None, out: memoryview[float]) -> None:
    cards = s.last_reveal[CARDS:]
    kinds = len(out) - REVEALED
    for i in range(len(cards)):
        out[cards[i]] += 1.0
    codes(cards[:REVEALED], out[kinds:])


# the numbers below are read into C integers when compiled (tensor.pxd): an int read as a float went through a
# new float object; a list's items are iterated in place (a plain loop over the list, faster in Python too)
def _treasury(s: SpringState, viewer: int | None, out: memoryview[float]) -> None:
    i = 0
    for row in s.treasury:
        for n in row:
            out[i] = fraction(n, _COUNT_SCALE)
            i += 1


def _line_left(s: SpringState, viewer: int | None, out: memoryview[float]) -> None:
    i = 0
    for row in s.line_left:
        for n in row:
            out[i] = n
            i += 1


def _settlements(s: SpringState, viewer: int | None, out: memoryview[float]) -> None:
    place_of = s.world.place_of
    owner_at = s.owner_at
    no_one = _NO_ONE  # the object: most locations hold it and are skipped without converting
    location = 0
    for item in owner_at:  # compiled: the list's items read in place
        if item is not no_one:
            owner = item
            if owner != NO_ONE:
                place = place_of[location]  # a C integer compiled (tensor.pxd), so the index is C arithmetic
                out[owner * PLACES + place] = 1.0
        location += 1
    fortress_at = s.fortress_at
    for p in range(len(fortress_at)):  # a fortress stands where its settlement stood
        fortress = fortress_at[p]
        if fortress != NO_ONE:
            place = place_of[fortress]
            out[p * PLACES + place] = 0.0


def _fortress(s: SpringState, viewer: int | None, out: memoryview[float]) -> None:
    place_of = s.world.place_of
    fortress_at = s.fortress_at
    for p in range(len(fortress_at)):
        fortress = fortress_at[p]
        if fortress != NO_ONE:
            place = place_of[fortress]
            out[p * PLACES + place] = 1.0


def _home(s: SpringState, viewer: int | None, out: memoryview[float]) -> None:
    i = 0
    for n in s.home:
        out[i] = n
        i += 1


def _dwarfs(s: SpringState, viewer: int | None, out: memoryview[float]) -> None:
    place_of = s.world.place_of
    dwarfs = s.dwarfs
    for p in range(len(dwarfs)):
        locations = dwarfs[p]
        for i in range(len(locations)):
            location = locations[i]
            place = place_of[location]
            out[p * PLACES + place] += 1.0


def _spots_used(s: SpringState, viewer: int | None, out: memoryview[float]) -> None:
    rows = s.spots_used
    spots = len(out) // len(rows)
    for p in range(len(rows)):
        used = rows[p]
        for i in range(spots):
            if used >> i & 1:
                out[p * spots + i] = 1.0


def _nest(s: SpringState, viewer: int | None, out: memoryview[float]) -> None:
    nests = s.nest
    for p in range(len(nests)):
        nest = nests[p]
        levels = s.nest_level[p]
        exhausted = s.exhausted[p]
        at = p * 3 * _NEST
        for i in range(len(nest)):
            dragon = nest[i]
            level = levels[i]
            tired = exhausted[i]
            out[at] = dragon + 1
            out[at + 1] = level
            out[at + 2] = tired  # a bool: 1.0 or 0.0
            at += 3


def _successes(s: SpringState, viewer: int | None, out: memoryview[float]) -> None:
    i = 0
    for row in s.successes:
        for n in row:
            out[i] = n
            i += 1


def _defeated(s: SpringState, viewer: int | None, out: memoryview[float]) -> None:
    i = 0
    for n in s.defeated:
        out[i] = n
        i += 1


def _faerie_power(s: SpringState, viewer: int | None, out: memoryview[float]) -> None:
    i = 0
    for n in s.faerie_power:
        out[i] = fraction(n, _COUNT_SCALE)
        i += 1
