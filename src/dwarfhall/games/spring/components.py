"""Spring's components: read from a directory of TOML files, checked against every count of the rules, frozen.

The shipped files live in `data/`; an owner of the physical game may pass a directory with corrected copies
(`--components DIR`). Each file's shape is checked by its JSON schema (`schema.py`), then the counts and
consistency checks of the design (spring.md §2) run here; every error names the file and the entry at fault.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from dwarfhall.core.datafile import read_toml
from dwarfhall.core.errors import DataError
from dwarfhall.core.i18n import DEFAULT_LANGUAGE

from .hexmap import POSITIONS, SPOTS_PER_PETAL
from .schema import RESOURCES, TERRAINS, check_shape

DEFAULT_DIRECTORY = Path(__file__).with_name("data")
FILES: dict[str, str] = {
    "map": "map.toml",
    "heroes": "heroes.toml",
    "monsters": "monsters.toml",
    "quests": "quests.toml",
    "dragons": "dragons.toml",
    "faeries": "faeries.toml",
    "empire": "empire.toml",
}
MAX_PLAYERS = 4
WILDLANDS = 6  # rulebook: Forest, Plains and Mountain, numbered 1 and 2
GRASSLANDS = len(POSITIONS) - WILDLANDS
WILDLAND_NUMBERS = (1, 2)
MONSTER_COPIES = 2  # rulebook: every monster kind "spawns in <terrain> 1 or 2"; 12 cards, 6 kinds
MONSTER_CARDS = 12
QUEST_CARDS = 26
DRAGON_LEVELS = 3
DRAGONS = 24  # 72 dragon cards, one of each level per dragon
WHITE_RIBBONS = MAX_PLAYERS  # one starting dragon per player
FAERIE_CARDS = 20
HEROES_PER_PLAYER = 7
LINE_LENGTH = 4  # rulebook: "all 4 of its Settlements"
DRAGON_SPOTS = 2
# rulebook: the three faerie abilities it names
RULEBOOK_FAERIE_EFFECTS = ("move_own_dwarf", "swap_settlements", "swap_dwarfs")
# rulebook: each ability is printed with the terrain its monster spawns in
RULEBOOK_ABILITIES: dict[tuple[str, str | None], str] = {
    ("webs", None): "forest",
    ("cap_spot", "faerie"): "forest",
    ("cap_spot", "food"): "plains",
    ("block_quests", None): "plains",
    ("cap_spot", "gold"): "mountain",
    ("cap_spot", "wood"): "mountain",
}
# values the rulebook states; a file may not change them (the rules engine follows the rulebook)
RULEBOOK_VALUES: dict[tuple[str, str, str], int | tuple[int, ...]] = {
    ("empire", "pieces", "dwarfs"): 7,
    ("empire", "pieces", "fortress"): 1,
    ("empire", "pieces", "exhaust_tokens"): 4,
    ("empire", "pieces", "dragons_per_spot"): 2,
    ("empire", "limits", "warehouse"): 7,
    ("empire", "limits", "faerie_hand"): 5,
    ("empire", "limits", "nest"): 5,
    ("empire", "limits", "nest_with_fortress"): 6,
    ("empire", "fortress", "cost"): 7,
    ("empire", "fortress", "vp"): 5,
    ("empire", "fortress", "reveal_bonus"): 2,
    ("monsters", "expedition", "area"): 6,
    ("monsters", "expedition", "spawned_at_setup"): 3,
    ("monsters", "expedition", "monsters_in_deck"): 6,
    ("monsters", "expedition", "revealed_at_setup"): 3,
    ("monsters", "", "web_tokens"): 10,
    ("dragons", "training", "cost"): (4, 5),
}
_SLOT = re.compile(r"^(field|water|wood|food|gold|faerie)([1-9]?)$")

Name = Mapping[str, str]
"""A name in every language, with optional case forms: `de_acc`, `de_dat`, `de_gen` (`<lang>_<case>`)."""


def name_form(name: Name, lang: str, case: str = "nom") -> str:
    """The name in `lang` and grammatical `case`, falling back to the plain form and then to English."""
    return name.get(f"{lang}_{case}") or name.get(lang) or name.get(DEFAULT_LANGUAGE) or next(iter(name.values()))


class Sourced:
    """An entry whose values each name their source, 'rulebook' or 'reconstructed'."""

    __slots__ = ()
    sources: Mapping[str, str]

    @property
    def reconstructed(self) -> bool:
        return any(s == "reconstructed" for s in self.sources.values())

    def source_of(self, value: str) -> str:
        return self.sources[value]


@dataclass(frozen=True, slots=True)
class Slot:
    """A printed spot: `kind` is field, water, wood, food, gold or faerie; `amount` what a settlement gains."""

    kind: str
    amount: int

    @property
    def is_resource(self) -> bool:
        return self.amount > 0

    @property
    def code(self) -> str:
        return f"{self.kind}{self.amount}" if self.amount else self.kind


@dataclass(frozen=True, slots=True)
class Named(Sourced):
    key: str
    name: Name
    sources: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class GrasslandTile(Sourced):
    id: str
    type: str
    slots: tuple[Slot, ...]
    sources: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Wildland(Sourced):
    id: str
    terrain: str
    number: int
    gather: str
    name: Name
    sources: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Hero(Sourced):
    id: str
    name: Name
    axes: int
    backpacks: int
    sources: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class MonsterKind(Sourced):
    """`ability`: webs (places `webs` tokens), cap_spot (spots of kind `cap` give at most 1), block_quests."""

    id: str
    name: Name
    terrain: str
    ability: str
    webs: int
    cap: str | None
    text: Mapping[str, str]
    sources: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Monster(Sourced):
    id: str
    kind: str
    home: str
    axes: int
    vp: int
    sources: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Requirement:
    """Every part must hold; 0 / None / False means the part is absent."""

    resources: Mapping[str, int]
    faeries: int = 0
    settlements: int = 0
    line_complete: str | None = None
    dragons: int = 0
    dragon_level: int = 0
    monsters: int = 0
    fortress: bool = False


@dataclass(frozen=True, slots=True)
class Quest(Sourced):
    id: str
    requires: Requirement
    vp: int
    text: Mapping[str, str]
    sources: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect primitive: gain (`resource`), gain_any, axe, pack, draw_faerie, move_own_dwarf (`n` steps),
    swap_settlements, swap_dwarfs or remove_web; `n` is how many."""

    primitive: str
    n: int
    resource: str | None = None


@dataclass(frozen=True, slots=True)
class DragonLevel:
    level: int
    name: Name
    vp: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Dragon(Sourced):
    id: str
    kind: str
    copy: str
    white_ribbon: bool
    train: str
    levels: tuple[DragonLevel, ...]
    sources: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Faerie(Sourced):
    id: str
    name: Name
    copies: int
    effect: Effect
    text: Mapping[str, str]
    sources: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class ProductionLine(Sourced):
    """`positions[i]` is what the board shows once the (i+1)-th settlement of the line has left it."""

    resource: str
    positions: tuple[Mapping[str, int], ...]
    complete_vp: int
    sources: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class BoardSpot(Sourced):
    id: str
    action: str
    line: str | None
    order: int
    name: Name
    sources: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Numbers(Sourced):
    """A table of whole numbers from a data file (pieces, limits, fortress, expedition)."""

    values: Mapping[str, int]
    sources: Mapping[str, str]

    def __getitem__(self, key: str) -> int:
        return self.values[key]


@dataclass(frozen=True, slots=True)
class Components:
    """Every component family, in file order."""

    directory: str
    spot_kinds: Mapping[str, Named]
    tile_types: Mapping[str, Named]
    wildlands: tuple[Wildland, ...]
    grasslands: tuple[GrasslandTile, ...]
    heroes: tuple[Hero, ...]
    monster_kinds: Mapping[str, MonsterKind]
    monsters: tuple[Monster, ...]
    web_tokens: int
    expedition: Numbers
    quests: tuple[Quest, ...]
    training_cost: tuple[int, ...]
    dragons: tuple[Dragon, ...]
    faeries: tuple[Faerie, ...]
    resources: Mapping[str, Named]
    pieces: Numbers
    limits: Numbers
    fortress: Numbers
    lines: tuple[ProductionLine, ...]
    spots: tuple[BoardSpot, ...]

    def wildland(self, wildland_id: str) -> Wildland:
        return next(w for w in self.wildlands if w.id == wildland_id)

    def line(self, resource: str) -> ProductionLine:
        return next(line for line in self.lines if line.resource == resource)

    def faerie_deck(self) -> list[int]:
        """One entry per physical faerie card: the index of its entry."""
        return [i for i, faerie in enumerate(self.faeries) for _ in range(faerie.copies)]


# ------------------------------------------------------------------------------------------ loading


def load_components(directory: str | Path | None = None) -> Components:
    """The shipped components, or those in `directory`; DataError names the file and entry that break a rule."""
    target = Path(directory) if directory is not None else DEFAULT_DIRECTORY
    if not target.is_dir():
        raise DataError(f"components directory {target} does not exist or is not a directory")
    stamps = []
    for file_name in FILES.values():
        try:
            stamps.append(os.stat(target / file_name).st_mtime_ns)
        except OSError as exc:
            raise DataError(f"cannot read components file {target / file_name}: {exc.strerror}") from exc
    return _load_cached(str(target), tuple(stamps))


@lru_cache(maxsize=8)
def _load_cached(directory: str, stamps: tuple[int, ...]) -> Components:  # stamps: a changed file is read again
    return parse_components(read_raw(directory), directory)


def read_raw(directory: str | Path) -> dict[str, dict[str, Any]]:
    """The parsed TOML of every component file, by family."""
    return {
        family: read_toml(Path(directory) / file_name, "components file") for family, file_name in FILES.items()
    }


def parse_components(raw: Mapping[str, Mapping[str, Any]], directory: str | Path = DEFAULT_DIRECTORY) -> Components:
    """Checks parsed files (by family, as `read_raw` gives them) and builds the frozen components."""
    where = {family: str(Path(directory) / file_name) for family, file_name in FILES.items()}
    missing = [family for family in FILES if family not in raw]
    if missing:
        raise DataError(f"{where[missing[0]]}: the file is missing")
    for family in FILES:
        check_shape(raw[family], family, where[family])
    _check_rulebook_values(raw, where)
    board = raw["map"]
    spot_kinds = {key: _named(key, value) for key, value in board["spot_kind"].items()}
    tile_types = {key: _named(key, value) for key, value in board["tile_type"].items()}
    wildlands = tuple(_wildland(entry) for entry in board["wildland"])
    grasslands = tuple(_grassland(entry, tile_types, where["map"]) for entry in board["grassland"])
    _check_map(wildlands, grasslands, where["map"])
    heroes = tuple(_hero(entry) for entry in raw["heroes"]["hero"])
    _check_heroes(heroes, where["heroes"])
    monster_raw = raw["monsters"]
    kinds = tuple(_monster_kind(entry, where["monsters"]) for entry in monster_raw["monster_kind"])
    monsters = tuple(_monster(entry) for entry in monster_raw["monster"])
    expedition = _numbers(monster_raw["expedition"])
    _check_monsters(kinds, monsters, wildlands, monster_raw["web_tokens"], expedition, where["monsters"])
    quests = tuple(_quest(entry) for entry in raw["quests"]["quest"])
    _check_quests(quests, expedition, where["quests"])
    dragon_raw = raw["dragons"]
    dragons = tuple(_dragon(entry) for entry in dragon_raw["dragon"])
    empire = raw["empire"]
    limits = _numbers(empire["limits"])
    _check_dragons(dragons, tuple(dragon_raw["training"]["cost"]), limits, where["dragons"])
    faeries = tuple(_faerie(entry) for entry in raw["faeries"]["faerie"])
    _check_faeries(faeries, where["faeries"])
    pieces = _numbers(empire["pieces"])
    lines = tuple(_line(entry) for entry in empire["line"])
    spots = tuple(_spot(entry) for entry in empire["spot"])
    _check_empire(pieces, limits, lines, spots, where["empire"])
    return Components(
        directory=str(directory),
        spot_kinds=MappingProxyType(spot_kinds),
        tile_types=MappingProxyType(tile_types),
        wildlands=wildlands,
        grasslands=grasslands,
        heroes=heroes,
        monster_kinds=MappingProxyType({kind.id: kind for kind in kinds}),
        monsters=monsters,
        web_tokens=monster_raw["web_tokens"],
        expedition=expedition,
        quests=quests,
        training_cost=tuple(dragon_raw["training"]["cost"]),
        dragons=dragons,
        faeries=faeries,
        resources=MappingProxyType({key: _named(key, value) for key, value in empire["resource"].items()}),
        pieces=pieces,
        limits=limits,
        fortress=_numbers(empire["fortress"]),
        lines=lines,
        spots=spots,
    )


# ------------------------------------------------------------------------------------------ entries


def _sources(entry: Mapping[str, Any], exclude: tuple[str, ...] = ("id",)) -> Mapping[str, str]:
    """The source of every value: the entry's `source`, overridden value by value by `sources`."""
    values = [key for key in entry if key not in (*exclude, "source", "sources")]
    result = dict.fromkeys(values, entry["source"])
    result.update(entry.get("sources", {}))
    return MappingProxyType(result)


def _frozen_name(raw: Mapping[str, str]) -> Name:
    return MappingProxyType(dict(raw))


def _named(key: str, entry: Mapping[str, Any]) -> Named:
    return Named(key, _frozen_name(entry["name"]), _sources(entry))


def _numbers(entry: Mapping[str, Any]) -> Numbers:
    values = {key: value for key, value in entry.items() if key not in ("source", "sources")}
    return Numbers(MappingProxyType(values), _sources(entry, exclude=()))


def _wildland(entry: Mapping[str, Any]) -> Wildland:
    return Wildland(
        entry["id"], entry["terrain"], entry["number"], entry["gather"], _frozen_name(entry["name"]), _sources(entry)
    )


def _grassland(entry: Mapping[str, Any], tile_types: Mapping[str, Named], where: str) -> GrasslandTile:
    label = f"{where}: grassland {entry['id']!r}"
    if entry["type"] not in tile_types:
        raise DataError(f"{label}: type {entry['type']!r} is not one of [tile_type]: {', '.join(tile_types)}")
    slots = []
    for code in entry["slots"]:
        match = _SLOT.match(code)
        assert match is not None  # the schema already checked the pattern
        slots.append(Slot(match.group(1), int(match.group(2) or 0)))
    if len(slots) != SPOTS_PER_PETAL:
        raise DataError(
            f"{label}: a grassland petal has {SPOTS_PER_PETAL} spots (a centre and a ring of 6), "
            f"the slots list {len(slots)}"
        )
    return GrasslandTile(entry["id"], entry["type"], tuple(slots), _sources(entry))


def _hero(entry: Mapping[str, Any]) -> Hero:
    return Hero(entry["id"], _frozen_name(entry["name"]), entry["axes"], entry["backpacks"], _sources(entry))


def _monster_kind(entry: Mapping[str, Any], where: str) -> MonsterKind:
    label = f"{where}: monster_kind {entry['id']!r}"
    ability = entry["ability"]
    if (ability == "webs") != ("webs" in entry):
        raise DataError(f"{label}: `webs` (how many web tokens) belongs to, and only to, the webs ability")
    if (ability == "cap_spot") != ("cap" in entry):
        raise DataError(f"{label}: `cap` (the spot kind cut to 1) belongs to, and only to, the cap_spot ability")
    return MonsterKind(
        id=entry["id"],
        name=_frozen_name(entry["name"]),
        terrain=entry["terrain"],
        ability=ability,
        webs=entry.get("webs", 0),
        cap=entry.get("cap"),
        text=MappingProxyType(dict(entry["text"])),
        sources=_sources(entry),
    )


def _monster(entry: Mapping[str, Any]) -> Monster:
    return Monster(entry["id"], entry["kind"], entry["home"], entry["axes"], entry["vp"], _sources(entry))


def _quest(entry: Mapping[str, Any]) -> Quest:
    req = entry["requires"]
    requirement = Requirement(
        resources=MappingProxyType(dict(req.get("resources", {}))),
        faeries=req.get("faeries", 0),
        settlements=req.get("settlements", 0),
        line_complete=req.get("line_complete"),
        dragons=req.get("dragons", 0),
        dragon_level=req.get("dragon_level", 0),
        monsters=req.get("monsters", 0),
        fortress=req.get("fortress", False),
    )
    return Quest(entry["id"], requirement, entry["vp"], MappingProxyType(dict(entry["text"])), _sources(entry))


def _effect(raw: Mapping[str, Any]) -> Effect:
    ((key, value),) = raw.items()
    if key in RESOURCES:
        return Effect("gain", value, key)
    if key == "move_own_dwarf":
        return Effect(key, value["steps"])
    if key in ("swap_settlements", "swap_dwarfs"):
        return Effect(key, 1)
    return Effect(key, value)


def _dragon(entry: Mapping[str, Any]) -> Dragon:
    levels = tuple(
        DragonLevel(i + 1, _frozen_name(level["name"]), level["vp"], tuple(_effect(e) for e in level["effects"]))
        for i, level in enumerate(entry["level"])
    )
    return Dragon(
        entry["id"], entry["kind"], entry["copy"], entry["white_ribbon"], entry["train"], levels, _sources(entry)
    )


def _faerie(entry: Mapping[str, Any]) -> Faerie:
    return Faerie(
        entry["id"],
        _frozen_name(entry["name"]),
        entry["copies"],
        _effect(entry["effect"]),
        MappingProxyType(dict(entry["text"])),
        _sources(entry),
    )


def _line(entry: Mapping[str, Any]) -> ProductionLine:
    positions = tuple(MappingProxyType(dict(p)) for p in entry["positions"])
    return ProductionLine(entry["resource"], positions, entry["complete_vp"], _sources(entry, exclude=("resource",)))


def _spot(entry: Mapping[str, Any]) -> BoardSpot:
    return BoardSpot(
        entry["id"], entry["action"], entry.get("line"), entry.get("order", 1), _frozen_name(entry["name"]),
        _sources(entry),
    )


# ------------------------------------------------------------------------------------------ checks


def _unique(ids: list[str], where: str, family: str) -> None:
    twice = sorted(key for key, n in Counter(ids).items() if n > 1)
    if twice:
        raise DataError(f"{where}: {family} {twice[0]!r}: the id is used twice")


def _check_rulebook_values(raw: Mapping[str, Mapping[str, Any]], where: Mapping[str, str]) -> None:
    for (family, table, key), want in RULEBOOK_VALUES.items():
        holder = raw[family][table] if table else raw[family]
        value = holder[key]
        got = tuple(value) if isinstance(value, list) else value
        if got != want:
            label = f"[{table}] {key}" if table else key
            raise DataError(f"{where[family]}: {label}: the rulebook gives {want}, the file says {got}")


def _check_map(wildlands: tuple[Wildland, ...], grasslands: tuple[GrasslandTile, ...], where: str) -> None:
    _unique([w.id for w in wildlands] + [g.id for g in grasslands], where, "petal")
    seen: dict[tuple[str, int], str] = {}
    for wildland in wildlands:
        key = (wildland.terrain, wildland.number)
        if wildland.number not in WILDLAND_NUMBERS:
            raise DataError(f"{where}: wildland {wildland.id!r}: number must be 1 or 2, not {wildland.number}")
        if key in seen:
            raise DataError(
                f"{where}: wildland {wildland.id!r}: {wildland.terrain} {wildland.number} is already "
                f"wildland {seen[key]!r}; the rulebook has one of each terrain and number"
            )
        seen[key] = wildland.id
    if len(wildlands) != WILDLANDS:
        lacking = [f"{t} {n}" for t in TERRAINS for n in WILDLAND_NUMBERS if (t, n) not in seen]
        raise DataError(
            f"{where}: the map has {WILDLANDS} wildland petals (Forest, Plains and Mountain 1 and 2), "
            f"the file has {len(wildlands)}" + (f"; missing {', '.join(lacking)}" if lacking else "")
        )
    if len(grasslands) != GRASSLANDS:
        raise DataError(
            f"{where}: the map has {len(POSITIONS)} petals ({WILDLANDS} wildland + {GRASSLANDS} grassland) in a "
            f"hexagon of radius 2; the file has {len(grasslands)} grassland petals"
        )


def _check_heroes(heroes: tuple[Hero, ...], where: str) -> None:
    _unique([h.id for h in heroes], where, "hero")
    if len(heroes) != HEROES_PER_PLAYER:
        raise DataError(f"{where}: each player has {HEROES_PER_PLAYER} starting heroes, the file has {len(heroes)}")


def _check_monsters(
    kinds: tuple[MonsterKind, ...],
    monsters: tuple[Monster, ...],
    wildlands: tuple[Wildland, ...],
    web_tokens: int,
    expedition: Numbers,
    where: str,
) -> None:
    _unique([k.id for k in kinds], where, "monster_kind")
    _unique([m.id for m in monsters], where, "monster")
    abilities: dict[tuple[str, str | None], str] = {}
    for kind in kinds:
        ability = (kind.ability, kind.cap)
        label = f"{where}: monster_kind {kind.id!r}"
        if ability not in RULEBOOK_ABILITIES:
            raise DataError(f"{label}: the rulebook has no monster that cuts {kind.cap} spots")
        if ability in abilities:
            raise DataError(f"{label}: has the same ability as {abilities[ability]!r}; each of the six is unique")
        if RULEBOOK_ABILITIES[ability] != kind.terrain:
            raise DataError(
                f"{label}: the rulebook spawns the monster with this ability in {RULEBOOK_ABILITIES[ability]}, "
                f"not {kind.terrain}"
            )
        abilities[ability] = kind.id
    if len(kinds) != len(RULEBOOK_ABILITIES):
        raise DataError(f"{where}: there are {len(RULEBOOK_ABILITIES)} monster kinds, the file has {len(kinds)}")
    by_kind = {kind.id: kind for kind in kinds}
    by_wildland = {w.id: w for w in wildlands}
    homes: dict[str, list[int]] = {kind.id: [] for kind in kinds}
    for monster in monsters:
        label = f"{where}: monster {monster.id!r}"
        card_kind = by_kind.get(monster.kind)
        if card_kind is None:
            raise DataError(f"{label}: kind {monster.kind!r} is not a [[monster_kind]]")
        home = by_wildland.get(monster.home)
        if home is None:
            raise DataError(f"{label}: home {monster.home!r} is not a wildland of map.toml")
        if home.terrain != card_kind.terrain:
            raise DataError(
                f"{label}: a {card_kind.id} spawns in {card_kind.terrain}, but home {home.id!r} is {home.terrain}"
            )
        if home.number in homes[card_kind.id]:
            raise DataError(
                f"{label}: another {card_kind.id} card already has home {home.id!r}; the copies are 1 and 2"
            )
        homes[card_kind.id].append(home.number)
    for kind in kinds:
        if len(homes[kind.id]) != MONSTER_COPIES:
            raise DataError(
                f"{where}: monster_kind {kind.id!r}: has {len(homes[kind.id])} cards; each kind has "
                f"{MONSTER_COPIES} (12 cards = 6 kinds x 2)"
            )
    if len(monsters) != MONSTER_CARDS:
        raise DataError(f"{where}: there are {MONSTER_CARDS} monster cards, the file has {len(monsters)}")
    webs = sum(by_kind[m.kind].webs for m in monsters)
    if webs > web_tokens:
        raise DataError(
            f"{where}: monster_kind {next(k.id for k in kinds if k.webs)!r}: its cards would place {webs} webs, "
            f"but the box has {web_tokens} web tokens"
        )
    # only face-up cards are in play; the area must never hold more monsters than there are wildlands
    if expedition["area"] > len(wildlands):
        raise DataError(f"{where}: [expedition] area {expedition['area']} is more than the {len(wildlands)} wildlands")


def _check_quests(quests: tuple[Quest, ...], expedition: Numbers, where: str) -> None:
    _unique([q.id for q in quests], where, "quest")
    seen: dict[tuple[object, ...], str] = {}
    for quest in quests:
        req = quest.requires
        key = (tuple(sorted(req.resources.items())), req.faeries, req.settlements, req.line_complete, req.dragons,
               req.dragon_level, req.monsters, req.fortress)
        if key in seen:
            raise DataError(f"{where}: quest {quest.id!r}: the same requirement as quest {seen[key]!r}")
        seen[key] = quest.id
        if quest.requires.dragon_level > DRAGON_LEVELS:
            raise DataError(f"{where}: quest {quest.id!r}: dragons have at most level {DRAGON_LEVELS}")
    if len(quests) != QUEST_CARDS:
        raise DataError(f"{where}: there are {QUEST_CARDS} quest cards, the file has {len(quests)}")
    deck = expedition["monsters_in_deck"] + len(quests)
    if deck < expedition["revealed_at_setup"]:
        raise DataError(f"{where}: the expedition deck ({deck} cards) cannot fill the expedition area")


def _check_dragons(dragons: tuple[Dragon, ...], cost: tuple[int, ...], limits: Numbers, where: str) -> None:
    _unique([d.id for d in dragons], where, "dragon")
    for dragon in dragons:
        label = f"{where}: dragon {dragon.id!r}"
        if len(dragon.levels) != DRAGON_LEVELS:
            raise DataError(
                f"{label}: every dragon has a level 1, 2 and 3 card ([[dragon.level]] x {DRAGON_LEVELS}), "
                f"found {len(dragon.levels)}"
            )
        if dragon.levels[0].vp:
            raise DataError(f"{label}: level 1: only level 2 and 3 dragons score VP (rulebook), vp must be 0")
    ribbons = [d.id for d in dragons if d.white_ribbon]
    if len(ribbons) != WHITE_RIBBONS:
        raise DataError(
            f"{where}: {WHITE_RIBBONS} level 1 dragons have the white ribbon (one per player in a "
            f"{MAX_PLAYERS}-player game); the file marks {len(ribbons)}: {', '.join(ribbons)}"
        )
    eggs = len(dragons) - len(ribbons)
    need = MAX_PLAYERS * (limits["nest_with_fortress"] - 1)
    if eggs < need:
        raise DataError(
            f"{where}: the egg pile has {eggs} level 1 dragons, fewer than {need} = {MAX_PLAYERS} players x "
            f"(nest {limits['nest_with_fortress']} - 1 starter): it could run dry"
        )
    if len(dragons) != DRAGONS:
        raise DataError(
            f"{where}: there are {DRAGONS * DRAGON_LEVELS} dragon cards = {DRAGONS} dragons x {DRAGON_LEVELS} "
            f"levels; the file has {len(dragons)} dragons"
        )
    if len(cost) != DRAGON_LEVELS - 1:
        raise DataError(f"{where}: [training] cost lists one price per step up ({DRAGON_LEVELS - 1} steps)")


def _check_faeries(faeries: tuple[Faerie, ...], where: str) -> None:
    _unique([f.id for f in faeries], where, "faerie")
    effects: dict[tuple[str, int, str | None], str] = {}
    for faerie in faeries:
        key = (faerie.effect.primitive, faerie.effect.n, faerie.effect.resource)
        if key in effects:
            raise DataError(
                f"{where}: faerie {faerie.id!r}: has the same effect as faerie {effects[key]!r}; "
                "give one entry more copies instead"
            )
        effects[key] = faerie.id
    total = sum(f.copies for f in faeries)
    if total != FAERIE_CARDS:
        counts = ", ".join(f"{f.id} x{f.copies}" for f in faeries)
        raise DataError(f"{where}: there are {FAERIE_CARDS} faerie cards, the copies add up to {total} ({counts})")
    present = {f.effect.primitive for f in faeries}
    for named in RULEBOOK_FAERIE_EFFECTS:
        if named not in present:
            raise DataError(f"{where}: no faerie has the effect {named}, which the rulebook names")


def _check_empire(
    pieces: Numbers, limits: Numbers, lines: tuple[ProductionLine, ...], spots: tuple[BoardSpot, ...], where: str
) -> None:
    for line in lines:
        if len(line.positions) != LINE_LENGTH:
            raise DataError(
                f"{where}: line {line.resource!r}: a production line holds {LINE_LENGTH} settlements "
                f"(12 = 3 lines x 4), the file gives {len(line.positions)} positions"
            )
    resources = [line.resource for line in lines]
    if sorted(resources) != sorted(RESOURCES) or len(resources) != len(RESOURCES):
        raise DataError(f"{where}: there is one production line per resource (wood, food, gold), found {resources}")
    _unique([s.id for s in spots], where, "spot")
    wanted: Counter[tuple[str, str | None, int]] = Counter(
        [("build", line, 1) for line in RESOURCES]
        + [("fortress", None, 1), ("faerie", None, 1)]
        + [("dragons", None, 1), ("dragons", None, 2), ("expedition", None, 1), ("expedition", None, 2)]
    )
    found: Counter[tuple[str, str | None, int]] = Counter()
    for spot in spots:
        label = f"{where}: spot {spot.id!r}"
        if (spot.action == "build") != (spot.line is not None):
            raise DataError(f"{label}: `line` belongs to, and only to, the build spots")
        key = (spot.action, spot.line, spot.order)
        found[key] += 1
        if found[key] > wanted[key]:
            raise DataError(f"{label}: the board has only {wanted[key]} spot with action {spot.action!r} and "
                            f"order {spot.order}")
    lacking = sorted(str(k) for k in wanted if found[k] < wanted[k])
    if lacking:
        raise DataError(f"{where}: the board lacks the spot(s) (action, line, order) {', '.join(lacking)}")
    dragon_spots = sum(1 for s in spots if s.action == "dragons")
    if pieces["exhaust_tokens"] != dragon_spots * pieces["dragons_per_spot"]:
        raise DataError(
            f"{where}: [pieces] exhaust_tokens {pieces['exhaust_tokens']} must equal {dragon_spots} dragon spots x "
            f"{pieces['dragons_per_spot']} dragons"
        )
    if limits["nest_with_fortress"] != limits["nest"] + 1:
        raise DataError(f"{where}: [limits] the fortress adds 1 to the nest: nest_with_fortress must be nest + 1")
