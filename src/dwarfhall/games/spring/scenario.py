"""Spring's readable scenario format: a position written by hand in TOML (or JSON), and written back.

Everything is named by its data-file key (cards `M03`, `Q05`, `H2`, `D01`, `F3`; board spots `build_wood`;
tiles `G04`, wildlands `W-F1`) and every map place by the map's notation (a spot `P07.3`, a wildland `P07`
or its id `W-F1`), never by an index. Piles are listed top card first. What is left out follows from the
rest: cards named nowhere are shuffled into their piles, the expedition area is revealed from the deck, the
monsters spawn and the spiders lay their webs as in play, and the dwarfs at home, the production lines and
the Faerie Power follow from the round, the settlements and the board spots used. Every error is a
ScenarioError naming the field at fault (`players[1].hand[2]: unknown card 'X'`). docs/rules/spring.md
("Scenarios") describes the format.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dwarfhall.core import Rng
from dwarfhall.core.fields import (
    at,
    fail,
    flag,
    index_of,
    items,
    key_of,
    keys_of,
    known_fields,
    seat,
    table,
    text,
    whole,
)

from . import reveals
from .hexmap import POSITIONS, RING, position_id
from .monsters import reveal_expedition, spawn
from .phases import (
    ACTIONS,
    AFTER,
    BACKPACKS,
    BEFORE,
    COMMANDING,
    FAERIE,
    FAERIE_STEPS,
    MOVING,
    NO_ONE,
    OVER,
    PLACING,
    RESOURCE,
    RESOURCE_KEYS,
    REVEALED,
    SWAPPING_DWARF,
    SWAPPING_SETTLEMENT,
    TRIMMING,
    WILD_CHOICE,
)
from .pieces import WILDLAND_DWARFS
from .state import SpringState
from .worldmap import Placement, WorldMap, random_layout

if TYPE_CHECKING:
    from .game import SpringGame

PHASES = ("placing", "actions", "over")  # by the state's phase codes
STAGES = ("before", "after")
DECISIONS = ("wild_choice", "backpacks", "commanding", "resource", "trimming", "faerie", "moving",
             "swapping_settlement", "swapping_dwarf", "revealed")  # fmt: skip  # by the pending codes of phases.py
# the fields of each pending decision beside `decision`, in the order the state keeps them
DECISION_FIELDS: dict[int, tuple[str, ...]] = {
    WILD_CHOICE: ("at",),
    BACKPACKS: ("at",),
    COMMANDING: ("commanded",),
    RESOURCE: ("times",),
    TRIMMING: (),
    FAERIE: ("card", "left"),
    MOVING: ("steps", "at"),
    SWAPPING_SETTLEMENT: ("own",),
    SWAPPING_DWARF: ("owner", "at"),
    REVEALED: ("at", "axes"),
}
TOP = frozenset({
    "seed", "phase", "era", "round", "first", "to_act", "stage", "placing", "pending", "map", "map_seed",
    "monsters", "webs", "expedition_area", "expedition_deck", "unused_monsters", "removed", "egg_pile",
    "faerie_deck", "faerie_discard", "last_reveal", "players",
})  # fmt: skip
PLAYER = frozenset({
    "resources", "settlements", "fortress", "dwarfs", "spots_used", "nest", "heroes", "hand", "successes",
    "defeated",
})  # fmt: skip
REVEAL = frozenset({"number", "seat", "at", "monster", "cards", "axes", "backpacks", "successes", "won", "open"})


def parse(game: SpringGame, data: Mapping[str, Any]) -> SpringState:
    """A state from a scenario's data; the game then runs on from it."""
    known_fields(data, TOP)
    rng = Rng(whole(data.get("seed", 0), "seed", low=0))
    state = SpringState(game, rng, _world(game, data))
    _turn(state, data)
    raw_players = items(data.get("players", [{}] * game.num_players), "players")
    if len(raw_players) != game.num_players:
        listed, n = len(raw_players), game.num_players
        raise fail("players", f"lists {listed} players, the game is set for {n} (option players)")
    for p, raw in enumerate(raw_players):
        _player(state, p, table(raw, at("players", p)))
    _placing(state, data)
    _cards(state, data)
    _expedition(state, data)
    pending = items(data.get("pending", []), "pending")
    state.pending = [_decision(state, raw, at("pending", i)) for i, raw in enumerate(pending)]
    if "last_reveal" in data:
        state.last_reveal = _reveal(state, table(data["last_reveal"], "last_reveal"))
    _derived(state)
    state.map_changes += 1  # the map's lists were written here (targets.targets_of)
    return state


# -- the map and its places ---------------------------------------------------------------------------------
def _world(game: SpringGame, data: Mapping[str, Any]) -> WorldMap:
    comps = game.components
    if ("map" in data) == ("map_seed" in data):
        raise fail("map", "give either the map (a tile for each place P00..P18) or a map_seed, not both or neither")
    if "map_seed" in data:
        seed = whole(data["map_seed"], "map_seed", low=0)
        return random_layout(Rng(seed), comps, balanced=game.options.layout == "balanced")
    raw = table(data["map"], "map")
    places = [position_id(i) for i in range(len(POSITIONS))]
    known_fields(raw, places, "map")
    tiles = {w.id for w in comps.wildlands} | {g.id for g in comps.grasslands}
    placements = []
    for place in places:
        where = at("map", place)
        if place not in raw:
            raise fail(where, "missing: every place P00..P18 holds a tile")
        entry = raw[place]
        if isinstance(entry, str):
            tile, rotation = entry, 0
        else:
            known_fields(table(entry, where), ("tile", "rotation"), where)
            tile = text(entry.get("tile"), f"{where}.tile")
            rotation = whole(entry.get("rotation", 0), f"{where}.rotation", 0, RING - 1)
        if tile not in tiles:
            raise fail(where, f"unknown tile {tile!r}")
        placements.append(Placement(tile, rotation))
    try:
        return WorldMap(comps, tuple(placements))
    except ValueError as exc:
        raise fail("map", str(exc)) from exc


def _place(state: SpringState, value: Any, field: str) -> int:
    """A location named as a spot (`P07.3`, or its label `H3`), a wildland's place (`P07`, or its label `H`) or a
    wildland's id (`W-F1`)."""
    world = state.world
    if isinstance(value, str):
        for wildland, location in zip(world.wildland_order, world.wildland_locations, strict=True):
            if value == wildland.id:
                return location
        try:
            return world.geometry.by_id(value).index
        except KeyError:
            pass
        for place in world.geometry.locations:  # the labels the maps show and moves are typed with
            if value == place.label:
                return place.index
    raise fail(
        field, f"no place {value!r} on this map (a spot as 'P07.3' or 'H3', a wildland as 'P07', 'H' or its id 'W-F1')"
    )


def _wildland(state: SpringState, value: Any, field: str) -> int:
    location = _place(state, value, field)
    if state.world.slots[location] is not None:
        raise fail(field, f"{value!r} is not a wildland")
    return location


def place_name(state: SpringState, location: int) -> str:
    """How the format names a location: a spot `P07.3`, a wildland by its id `W-F1`."""
    wildland = state.world.wildland_of(location)
    return wildland.id if wildland is not None else state.world.geometry.locations[location].id


# -- whose turn -----------------------------------------------------------------------------------------------
def _turn(state: SpringState, data: Mapping[str, Any]) -> None:
    n = state.num_players
    state.phase = index_of(data.get("phase", "actions"), "phase", PHASES)
    placing = state.phase == PLACING
    eras = state.game.options.eras
    state.era = whole(data.get("era", 0 if placing else 1), "era", *((0, 0) if placing else (1, eras)))
    dwarfs = state.game.components.pieces["dwarfs"]  # one turn per dwarf: as many rounds as dwarfs
    state.round = whole(data.get("round", 0 if placing else 1), "round", *((0, 0) if placing else (1, dwarfs)))
    state.first = seat(data.get("first", 0), "first", n)
    state.stage = index_of(data.get("stage", "before"), "stage", STAGES)
    if state.stage == AFTER and state.phase != ACTIONS:
        raise fail("stage", "a turn is 'after' its dwarf action only in the 'actions' phase")
    state.to_act = seat(data.get("to_act", state.first), "to_act", n)


def _placing(state: SpringState, data: Mapping[str, Any]) -> None:
    """The seats still to place a starting settlement (R2: clockwise from the first player, then back)."""
    n = state.num_players
    if state.phase != PLACING:
        if data.get("placing", []):
            raise fail("placing", "seats still place starting settlements only in the 'placing' phase")
        return
    order = [(state.first + i) % n for i in range(n)]
    snake = order + order[::-1]
    placed = sum(1 for owner in state.owner_at if owner != NO_ONE)
    if "placing" in data:
        state.placing = [seat(v, at("placing", i), n) for i, v in enumerate(items(data["placing"], "placing"))]
    else:
        for p in range(n):
            count = state.owner_at.count(p)
            if count != snake[:placed].count(p):
                raise fail(at("players", p), f"{count} starting settlements do not fit the order of placing (R2)")
        state.placing = snake[placed:]
    if not state.placing:
        raise fail("placing", "the 'placing' phase needs a seat still to place (or use phase 'actions')")
    if "to_act" in data and state.to_act != state.placing[0]:
        raise fail("to_act", f"seat {state.placing[0]} places next")
    state.to_act = state.placing[0]


# -- a player's board and pieces ------------------------------------------------------------------------------
def _player(state: SpringState, p: int, raw: Mapping[str, Any]) -> None:
    game = state.game
    comps = game.components
    where = at("players", p)
    known_fields(raw, PLAYER, where)
    resources = table(raw.get("resources", {}), f"{where}.resources")
    known_fields(resources, RESOURCE_KEYS, f"{where}.resources")
    state.treasury[p] = [whole(resources.get(r, 0), f"{where}.resources.{r}", low=0) for r in RESOURCE_KEYS]
    for i, entry in enumerate(items(raw.get("settlements", []), f"{where}.settlements")):
        field = at(f"{where}.settlements", i)
        known_fields(table(entry, field), ("at", "line"), field)
        location = _free_land(state, entry.get("at"), f"{field}.at")
        state.owner_at[location] = p
        state.settlement_line[location] = index_of(entry.get("line"), f"{field}.line", RESOURCE_KEYS)
    if raw.get("fortress") is not None:
        if state.phase == PLACING:
            raise fail(f"{where}.fortress", "no fortress is built before the first era")
        location = _free_land(state, raw["fortress"], f"{where}.fortress")
        state.owner_at[location] = p
        state.fortress_at[p] = location
    spot_ids = [s.id for s in comps.spots]
    used = raw.get("spots_used", [])
    for i, spot_id in enumerate(items(used, f"{where}.spots_used")):
        bit = index_of(spot_id, at(f"{where}.spots_used", i), spot_ids)
        if state.spots_used[p] >> bit & 1:
            raise fail(at(f"{where}.spots_used", i), f"{spot_id!r} is listed twice")
        state.spots_used[p] |= 1 << bit
    for i, value in enumerate(items(raw.get("dwarfs", []), f"{where}.dwarfs")):
        field = at(f"{where}.dwarfs", i)
        location = _place(state, value, field)
        _dwarf_fits(state, location, field)
        state.dwarfs[p].append(location)
    _nest(state, p, raw, where)
    kinds = game.kinds
    index = {key: k for k, key in enumerate(kinds.keys)}
    deck_kinds = range(kinds.heroes.stop)  # monsters, quests and heroes: what a heroes deck can hold
    heroes = keys_of(raw["heroes"], f"{where}.heroes", index, "card") if "heroes" in raw else list(kinds.heroes)
    for i, card in enumerate(heroes):
        if card not in deck_kinds:
            raise fail(at(f"{where}.heroes", i), f"{kinds.keys[card]!r} cannot be in a heroes deck")
        state.heroes[p][card] += 1
        if state.heroes[p][card] > 1:
            raise fail(at(f"{where}.heroes", i), f"{kinds.keys[card]!r} is listed twice (there is one)")
    for i, card in enumerate(keys_of(raw.get("hand", []), f"{where}.hand", index, "card")):
        if card not in kinds.faeries:
            raise fail(at(f"{where}.hand", i), f"{kinds.keys[card]!r} is not a faerie card")
        state.faerie_hand[p][card] += 1
    if sum(state.faerie_hand[p]) > comps.limits["faerie_hand"]:
        raise fail(f"{where}.hand", f"a hand holds at most {comps.limits['faerie_hand']} faerie cards (R19)")
    successes = table(raw.get("successes", {}), f"{where}.successes")
    known_fields(successes, ("axe", "backpack"), f"{where}.successes")
    cap = comps.limits["successes"]
    state.successes[p] = [whole(successes.get(k, 0), f"{where}.successes.{k}", 0, cap) for k in ("axe", "backpack")]
    won = sum(state.heroes[p][kinds.monsters.start : kinds.monsters.stop])
    state.defeated[p] = whole(raw.get("defeated", won), f"{where}.defeated", low=won)


def _free_land(state: SpringState, value: Any, field: str) -> int:
    """A grassland spot that is not water and holds no settlement or fortress yet."""
    location = _place(state, value, field)
    slot = state.world.slots[location]
    if slot is None or slot.kind == "water":
        raise fail(field, f"{value!r} is not land a settlement or the fortress may take")
    if state.owner_at[location] != NO_ONE:
        raise fail(field, f"{value!r} already holds a settlement or a fortress")
    return location


def _dwarf_fits(state: SpringState, location: int, field: str) -> None:
    """R12: a grassland spot holds one dwarf and no settlement; a wildland up to 7 dwarfs."""
    if state.phase == PLACING:
        raise fail(field, "dwarfs leave the bastion only in an era's actions")
    here = sum(dwarfs.count(location) for dwarfs in state.dwarfs)
    if state.world.slots[location] is None:
        if here >= WILDLAND_DWARFS:
            raise fail(field, f"a wildland holds at most {WILDLAND_DWARFS} dwarfs (R12)")
    elif here or state.owner_at[location] != NO_ONE:
        raise fail(field, "a spot holds one dwarf, and none beside a settlement or fortress (R12)")


def _nest(state: SpringState, p: int, raw: Mapping[str, Any], where: str) -> None:
    comps = state.game.components
    dragon_ids = [d.id for d in comps.dragons]
    field_of = f"{where}.nest"
    for i, entry in enumerate(items(raw.get("nest", []), field_of)):
        field = at(field_of, i)
        if isinstance(entry, str):
            entry = {"dragon": entry}
        known_fields(table(entry, field), ("dragon", "level", "exhausted"), field)
        dragon = index_of(entry.get("dragon"), f"{field}.dragon", dragon_ids)
        top = len(comps.dragons[dragon].levels)
        state.nest[p].append(dragon)
        state.nest_level[p].append(whole(entry.get("level", 1), f"{field}.level", 1, top))
        state.exhausted[p].append(flag(entry.get("exhausted", False), f"{field}.exhausted"))
    limit = comps.limits["nest_with_fortress" if state.fortress_at[p] != NO_ONE else "nest"]
    if len(state.nest[p]) > limit:
        raise fail(field_of, f"a nest holds at most {limit} dragons here (R26)")


# -- cards: every card in exactly one place -------------------------------------------------------------------
def _cards(state: SpringState, data: Mapping[str, Any]) -> None:
    """The piles and displays of the table; a pile left out holds the cards named nowhere, shuffled."""
    game = state.game
    kinds = game.kinds
    comps = game.components
    expedition = set(kinds.monsters) | set(kinds.quests)
    seen: dict[int, str] = {}  # expedition cards and dragons: where each was named

    def once(card: int, field: str) -> None:
        if card in seen:
            raise fail(field, f"{kinds.keys[card]!r} is already in {seen[card]}")
        seen[card] = field

    def pile(name: str, allowed: range | set[int], what: str) -> list[int] | None:
        return _pile(state, data, name, allowed, what)

    for p in range(state.num_players):
        for card in expedition:
            if state.heroes[p][card]:
                once(card, f"players[{p}].heroes")
        for i, dragon in enumerate(state.nest[p]):
            once(kinds.dragons.start + dragon, at(f"players[{p}].nest", i))
    area = pile("expedition_area", expedition, "a monster or a quest")
    given = {name: pile(name, expedition, "a monster or a quest") for name in ("expedition_deck", "unused_monsters")}
    removed = pile("removed", range(kinds.heroes.stop), "a card of a heroes deck") or []
    for name, cards in (("expedition_area", area), *given.items(), ("removed", removed)):
        for i, card in enumerate(cards or []):
            if card in expedition:
                once(card, at(name, i))
    if given["unused_monsters"] is not None and not set(given["unused_monsters"]) <= set(kinds.monsters):
        raise fail("unused_monsters", "only monsters stay in the box")
    if area is not None and len(area) > comps.expedition["area"]:
        raise fail("expedition_area", f"the area shows at most {comps.expedition['area']} cards")
    for hero in kinds.heroes:
        holders = sum(state.heroes[p][hero] for p in range(state.num_players)) + removed.count(hero)
        if holders > state.num_players:
            raise fail("removed", f"{kinds.keys[hero]!r}: only {state.num_players} players have one")
    rng = state.rng
    left_monsters = [c for c in kinds.monsters if c not in seen]
    left_quests = [c for c in kinds.quests if c not in seen]
    unused = given["unused_monsters"]
    spawned = comps.expedition["spawned_at_setup"]
    if unused is None or area is None:
        rng.shuffle(left_monsters)
    if unused is None:
        boxed = len(kinds.monsters) - spawned - comps.expedition["monsters_in_deck"]
        unused, left_monsters = left_monsters[:boxed], left_monsters[boxed:]
    if area is None:  # as at set-up: monsters spawn first, then the deck fills the area (`_expedition`)
        area, left_monsters = left_monsters[:spawned], left_monsters[spawned:]
    deck = given["expedition_deck"]
    rest = sorted(left_monsters + left_quests)
    if deck is None:
        deck = rest
        rng.shuffle(deck)
    else:
        deck = deck[::-1]  # the state keeps the top last
        _none_left("expedition_deck", rest, kinds.keys)
    state.expedition_deck, state.unused_monsters, state.removed = deck, unused, removed
    state.expedition_area = area
    eggs = pile("egg_pile", kinds.dragons, "a dragon")
    for i, card in enumerate(eggs or []):
        once(card, at("egg_pile", i))
    left_dragons = [c for c in kinds.dragons if c not in seen]
    if eggs is None:
        eggs = left_dragons
        rng.shuffle(eggs)
    else:
        eggs = eggs[::-1]
        _none_left("egg_pile", left_dragons, kinds.keys)
    state.egg_pile = eggs
    _faerie_cards(state, data)


def _pile(
    state: SpringState, data: Mapping[str, Any], name: str, allowed: range | set[int], what: str
) -> list[int] | None:
    """The cards of a pile or display by their keys (None when the scenario leaves it out), each one `allowed`."""
    if name not in data:
        return None
    keys = state.game.kinds.keys
    cards = keys_of(data[name], name, {key: k for k, key in enumerate(keys)}, "card")
    for i, card in enumerate(cards):
        if card not in allowed:
            raise fail(at(name, i), f"{keys[card]!r} is not {what}")
    return cards


def _faerie_cards(state: SpringState, data: Mapping[str, Any]) -> None:
    kinds = state.game.kinds
    copies = {kinds.faeries.start + f: faerie.copies for f, faerie in enumerate(state.game.components.faeries)}
    held: Counter[int] = Counter()
    for p in range(state.num_players):
        held.update({card: n for card, n in enumerate(state.faerie_hand[p]) if n})
    discard = _pile(state, data, "faerie_discard", kinds.faeries, "a faerie card") or []
    deck = _pile(state, data, "faerie_deck", kinds.faeries, "a faerie card")
    for name, cards in (("faerie_discard", discard), ("faerie_deck", deck or [])):
        for i, card in enumerate(cards):
            held[card] += 1
            if held[card] > copies[card]:
                raise fail(at(name, i), f"there are {copies[card]} of {kinds.keys[card]!r}, hands and piles included")
    for card, n in held.items():
        if n > copies[card]:
            raise fail("players", f"the hands hold {n} of {kinds.keys[card]!r}, there are {copies[card]}")
    left = [card for card in sorted(copies) for _ in range(copies[card] - held[card])]
    if deck is None:
        deck = left
        state.rng.shuffle(deck)
    else:
        deck = deck[::-1]
        _none_left("faerie_deck", left, kinds.keys)
    state.faerie_deck, state.faerie_discard = deck, discard


def _none_left(field: str, left: list[int], keys: tuple[str, ...]) -> None:
    if left:
        names = ", ".join(sorted({keys[card] for card in left}))
        raise fail(field, f"card(s) {names} are nowhere: list them here, or leave the pile out to shuffle them in")


# -- the expedition area, its monsters and their webs --------------------------------------------------------
def _expedition(state: SpringState, data: Mapping[str, Any]) -> None:
    game = state.game
    kinds = game.kinds
    index = {key: k for k, key in enumerate(kinds.keys)}
    world = state.world
    if "expedition_area" not in data:
        if "monsters" in data:
            raise fail("monsters", "place monsters only beside an expedition_area that shows them")
        for card in state.expedition_area:
            spawn(state, card)
        while len(state.expedition_area) < game.components.expedition["area"] and state.expedition_deck:
            reveal_expedition(state)  # as at set-up: a monster spawns, a spider webs at once
    elif "monsters" in data:
        raw = table(data["monsters"], "monsters")
        for wildland, key in raw.items():
            field = at("monsters", wildland)
            slot = world.wildland_locations.index(_wildland(state, wildland, field))
            card = key_of(key, field, index, "card")
            if card not in kinds.monsters or card not in state.expedition_area:
                raise fail(field, f"{key!r} is not a monster of the expedition area")
            if card in state.monster_at:
                raise fail(field, f"{key!r} stands in another wildland too")
            state.monster_at[slot] = card
        missing = [kinds.keys[c] for c in state.expedition_area if c in kinds.monsters and c not in state.monster_at]
        if missing:
            raise fail("monsters", f"the area's monster(s) {', '.join(missing)} need a wildland")
        if "webs" not in data:
            _spider_webs(state)
    else:
        for card in state.expedition_area:
            if card in kinds.monsters:
                spawn(state, card)
    if "webs" in data:
        state.web_at = [NO_ONE] * len(state.web_at)
        raw = table(data["webs"], "webs")
        for place, key in raw.items():
            field = at("webs", place)
            location = _place(state, place, field)
            spot = world.slots[location]
            if spot is None or not spot.is_resource:
                raise fail(field, "webs lie on resource spots (R31)")
            if state.owner_at[location] != NO_ONE and location not in state.fortress_at:
                raise fail(field, "a web never lies under a settlement")
            card = key_of(key, field, index, "card")
            if card not in state.monster_at or not game.monster_kind_of[card - kinds.monsters.start].webs:
                raise fail(field, f"{key!r} is not a spider in play")
            state.web_at[location] = card
        if len(raw) > game.components.web_tokens:
            raise fail("webs", f"there are {game.components.web_tokens} web tokens")


def _spider_webs(state: SpringState) -> None:
    """The webs of monsters placed by hand, as their spawning would have laid them (R31)."""
    game = state.game
    start = game.kinds.monsters.start
    for card in state.expedition_area:
        if card in state.monster_at and game.monster_kind_of[card - start].webs:
            slot = state.monster_at.index(card)
            location = state.world.wildland_locations[slot]
            placed = sum(1 for c in state.web_at if c != NO_ONE)
            tokens = min(game.monster_kind_of[card - start].webs, game.components.web_tokens - placed)
            blocked = [i for i, c in enumerate(state.web_at) if c != NO_ONE or state.owner_at[i] != NO_ONE]
            for spot in state.world.web_targets(location, blocked, tokens):
                state.web_at[spot] = card


# -- a dwarf action's open decisions and the last reveal ---------------------------------------------------
def _decision(state: SpringState, raw: Any, field: str) -> list[int]:
    kind = index_of(table(raw, field).get("decision"), f"{field}.decision", DECISIONS)
    names = DECISION_FIELDS[kind]
    known_fields(raw, ("decision", *names), field)
    for name in names:
        if name not in raw:
            raise fail(f"{field}.{name}", "missing")
    player = state.to_act
    kinds = state.game.kinds
    if state.phase != ACTIONS:
        raise fail(field, "decisions are pending only in the 'actions' phase")
    if kind in (WILD_CHOICE, BACKPACKS):
        location = _wildland(state, raw["at"], f"{field}.at")
        if location not in state.dwarfs[player]:
            raise fail(f"{field}.at", "the player to act has no dwarf there")
        return [kind, location]
    if kind == REVEALED:  # a fight whose reveal fell short, waiting for free actions (R10)
        location = _wildland(state, raw["at"], f"{field}.at")
        if state.monster_at[state.world.wildland_locations.index(location)] == NO_ONE:
            raise fail(f"{field}.at", "no monster there to fight")
        return [kind, location, whole(raw["axes"], f"{field}.axes", low=0)]
    if kind == COMMANDING:
        return [kind, whole(raw["commanded"], f"{field}.commanded", 0, 1)]
    if kind == RESOURCE:
        return [kind, whole(raw["times"], f"{field}.times", low=1)]
    if kind == TRIMMING:
        return [kind]
    if kind == FAERIE:
        card = key_of(raw["card"], f"{field}.card", {k: c for c, k in enumerate(kinds.keys)}, "card")
        if card not in kinds.faeries:
            raise fail(f"{field}.card", f"{raw['card']!r} is not a faerie card")
        return [kind, card, whole(raw["left"], f"{field}.left", low=1)]
    if kind == MOVING:
        location = _place(state, raw["at"], f"{field}.at")
        if location not in state.dwarfs[player]:
            raise fail(f"{field}.at", "the player to act has no dwarf there")
        return [kind, whole(raw["steps"], f"{field}.steps", low=1), location]
    if kind == SWAPPING_SETTLEMENT:
        location = _place(state, raw["own"], f"{field}.own")
        if state.owner_at[location] != player or location == state.fortress_at[player]:
            raise fail(f"{field}.own", "not a settlement of the player to act")
        return [kind, location]
    owner = seat(raw["owner"], f"{field}.owner", state.num_players)
    location = _place(state, raw["at"], f"{field}.at")
    if location not in state.dwarfs[owner]:
        raise fail(f"{field}.at", f"seat {owner} has no dwarf there")
    return [SWAPPING_DWARF, owner, location]


def _reveal(state: SpringState, raw: Mapping[str, Any]) -> tuple[int, ...]:
    known_fields(raw, REVEAL, "last_reveal")
    kinds = state.game.kinds
    index = {key: k for k, key in enumerate(kinds.keys)}
    number = whole(raw.get("number", 1), "last_reveal.number", low=1)
    who = seat(raw.get("seat"), "last_reveal.seat", state.num_players)
    location = _wildland(state, raw.get("at"), "last_reveal.at")
    monster = NO_ONE
    if raw.get("monster") is not None:
        monster = key_of(raw["monster"], "last_reveal.monster", index, "card")
        if monster not in kinds.monsters:
            raise fail("last_reveal.monster", f"{raw['monster']!r} is not a monster")
    cards = keys_of(raw.get("cards", []), "last_reveal.cards", index, "card")
    for i, card in enumerate(cards):
        if card >= kinds.heroes.stop:
            raise fail(at("last_reveal.cards", i), f"{kinds.keys[card]!r} is not a card of a heroes deck")
    counts = [whole(raw.get(k, 0), f"last_reveal.{k}", low=0) for k in ("axes", "backpacks", "successes")]
    won = int(flag(raw.get("won", True), "last_reveal.won"))
    if flag(raw.get("open", False), "last_reveal.open"):  # a fight still waiting for free actions (R10)
        if won or monster == NO_ONE:
            raise fail("last_reveal.open", "only a fight that is not won yet is open")
        won = reveals.OPEN
    record = (number, who, location, monster, *counts, won, *cards)
    assert len(record) == reveals.CARDS + len(cards)
    return record


# -- what follows from the rest --------------------------------------------------------------------------------
def _derived(state: SpringState) -> None:
    """Dwarfs at home (one spent per turn taken this era), the production lines (a settlement leaves its line),
    the Faerie Power (2 after the second dragon spot, R21); checks that the pieces fit the turns taken."""
    comps = state.game.components
    dwarfs = comps.pieces["dwarfs"]
    dragon_two = next(i for i, s in enumerate(comps.spots) if s.action == "dragons" and s.order == 2)
    n = state.num_players
    for p in range(n):
        where = at("players", p)
        for r, line in enumerate(comps.lines):
            taken = sum(1 for loc, owner in enumerate(state.owner_at)
                        if owner == p and state.settlement_line[loc] == r)  # fmt: skip
            if taken > len(line.positions):
                raise fail(f"{where}.settlements", f"the {RESOURCE_KEYS[r]} line holds {len(line.positions)}")
            state.line_left[p][r] = len(line.positions) - taken
        state.faerie_power[p] = 2 if state.spots_used[p] >> dragon_two & 1 else 1
        if state.phase == PLACING:
            state.home[p] = dwarfs
            continue
        if state.phase == OVER:
            state.home[p] = 0
            continue
        played = (p - state.first) % n < (state.to_act - state.first) % n + (state.stage == AFTER)
        turns = state.round - 1 + played
        spent = len(state.dwarfs[p]) + bin(state.spots_used[p]).count("1")
        if spent > turns:
            raise fail(where, f"{spent} dwarfs on the map and on board spots, but {turns} turns taken this era")
        state.home[p] = dwarfs - turns
    if state.phase == OVER and (state.pending or state.stage != BEFORE):
        raise fail("phase", "a finished game has no turn under way")
    if state.stage == BEFORE and any(step[0] not in (*FAERIE_STEPS, RESOURCE) for step in state.pending):
        raise fail("pending", "a decision of a dwarf action waits only 'after' it (stage)")


# -- writing a position in the format ------------------------------------------------------------------------
def write(state: SpringState) -> dict[str, Any]:
    """The position in the readable format, every field given, so that `parse` gives back the very same state."""
    game = state.game
    keys = game.kinds.keys
    world = state.world
    out: dict[str, Any] = {
        "seed": state.rng.state,
        "phase": PHASES[state.phase],
        "era": state.era,
        "round": state.round,
        "first": state.first,
        "to_act": state.to_act,
        "stage": STAGES[state.stage],
        "map": {
            position_id(i): p.tile if not p.rotation else {"tile": p.tile, "rotation": p.rotation}
            for i, p in enumerate(world.placements)
        },
        "monsters": {w.id: keys[c] for w, c in zip(world.wildland_order, state.monster_at, strict=True) if c != NO_ONE},
        "webs": {place_name(state, loc): keys[c] for loc, c in enumerate(state.web_at) if c != NO_ONE},
        "expedition_area": [keys[c] for c in state.expedition_area],
        "expedition_deck": [keys[c] for c in reversed(state.expedition_deck)],
        "unused_monsters": [keys[c] for c in state.unused_monsters],
        "removed": [keys[c] for c in state.removed],
        "egg_pile": [keys[c] for c in reversed(state.egg_pile)],
        "faerie_deck": [keys[c] for c in reversed(state.faerie_deck)],
        "faerie_discard": [keys[c] for c in state.faerie_discard],
        "players": [_write_player(state, p) for p in range(state.num_players)],
    }
    if state.phase == PLACING:
        out["placing"] = list(state.placing)
    if state.pending:
        out["pending"] = [_write_decision(state, step) for step in state.pending]
    last = state.last_reveal
    if last:
        out["last_reveal"] = {
            "number": last[reveals.NUMBER],
            "seat": last[reveals.SEAT],
            "at": place_name(state, last[reveals.LOCATION]),
            **({"monster": keys[last[reveals.MONSTER]]} if last[reveals.MONSTER] != NO_ONE else {}),
            "axes": last[reveals.AXES],
            "backpacks": last[reveals.BACKPACKS],
            "successes": last[reveals.SPENT],
            "won": last[reveals.WON] == 1,
            **({"open": True} if last[reveals.WON] == reveals.OPEN else {}),
            "cards": [keys[c] for c in last[reveals.CARDS :]],
        }
    return out


def _write_player(state: SpringState, p: int) -> dict[str, Any]:
    game = state.game
    keys = game.kinds.keys
    comps = game.components
    fortress = state.fortress_at[p]
    return {
        "resources": dict(zip(RESOURCE_KEYS, state.treasury[p], strict=True)),
        "settlements": [
            {"at": place_name(state, loc), "line": RESOURCE_KEYS[state.settlement_line[loc]]}
            for loc, owner in enumerate(state.owner_at)
            if owner == p and loc != fortress
        ],
        **({"fortress": place_name(state, fortress)} if fortress != NO_ONE else {}),
        "dwarfs": [place_name(state, loc) for loc in state.dwarfs[p]],
        "spots_used": [s.id for i, s in enumerate(comps.spots) if state.spots_used[p] >> i & 1],
        "nest": [
            {"dragon": comps.dragons[d].id, "level": level, "exhausted": exhausted}
            for d, level, exhausted in zip(state.nest[p], state.nest_level[p], state.exhausted[p], strict=True)
        ],
        "heroes": [keys[k] for k, count in enumerate(state.heroes[p]) for _ in range(count)],
        "hand": [keys[k] for k, count in enumerate(state.faerie_hand[p]) for _ in range(count)],
        "successes": {"axe": state.successes[p][0], "backpack": state.successes[p][1]},
        "defeated": state.defeated[p],
    }


def _write_decision(state: SpringState, step: list[int]) -> dict[str, Any]:
    kind = step[0]
    out: dict[str, Any] = {"decision": DECISIONS[kind]}
    for name, value in zip(DECISION_FIELDS[kind], step[1:], strict=True):
        if name in ("at", "own"):
            out[name] = place_name(state, value)
        elif name == "card":
            out[name] = state.game.kinds.keys[value]
        else:
            out[name] = value
    return out


__all__ = ["parse", "place_name", "write"]
