"""Spring's components: read from a directory of TOML files, checked against every count of the rules, frozen.

The shipped files live in `data/`; an owner of the physical game may pass a directory with corrected copies
(`--components DIR`). Each file's shape is checked on its JSON schema (`schema.py`, from the kit's blocks) by
the kit's `check_shape`, then the counts and consistency checks of the design (spring.md §2) run here
(`datachecks.py`); every error names the file and the entry at fault. Entries are the kit's `Sourced`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from dwarfhall.core.data import Sourced, sources_of
from dwarfhall.core.datafile import file_stamps, read_toml
from dwarfhall.core.errors import DataError
from dwarfhall.core.i18n import DEFAULT_LANGUAGE
from dwarfhall.core.schema import check_shape

from . import datachecks
from .hexmap import SPOTS_PER_PETAL
from .schema import RESOURCES, SCHEMAS

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
_SLOT = re.compile(r"^(field|water|wood|food|gold|faerie)([1-9]?)$")

Name = Mapping[str, str]
"""A name in every language, with optional case forms: `de_acc`, `de_dat`, `de_gen` (`<lang>_<case>`)."""


def name_form(name: Name, lang: str, case: str = "nom") -> str:
    """The name in `lang` and grammatical `case`, falling back to the plain form and then to English."""
    return name.get(f"{lang}_{case}") or name.get(lang) or name.get(DEFAULT_LANGUAGE) or next(iter(name.values()))


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
    stamps = file_stamps([target / file_name for file_name in FILES.values()], "components file")
    return _load_cached(str(target), stamps)


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
        check_shape(raw[family], SCHEMAS[family], where[family])
    datachecks.check_rulebook_values(raw, where)
    board = raw["map"]
    spot_kinds = {key: _named(key, value) for key, value in board["spot_kind"].items()}
    tile_types = {key: _named(key, value) for key, value in board["tile_type"].items()}
    wildlands = tuple(_wildland(entry) for entry in board["wildland"])
    grasslands = tuple(_grassland(entry, tile_types, where["map"]) for entry in board["grassland"])
    datachecks.check_map(wildlands, grasslands, where["map"])
    heroes = tuple(_hero(entry) for entry in raw["heroes"]["hero"])
    datachecks.check_heroes(heroes, where["heroes"])
    monster_raw = raw["monsters"]
    kinds = tuple(_monster_kind(entry, where["monsters"]) for entry in monster_raw["monster_kind"])
    monsters = tuple(_monster(entry) for entry in monster_raw["monster"])
    expedition = _numbers(monster_raw["expedition"])
    datachecks.check_monsters(kinds, monsters, wildlands, monster_raw["web_tokens"], expedition, where["monsters"])
    quests = tuple(_quest(entry) for entry in raw["quests"]["quest"])
    datachecks.check_quests(quests, expedition, where["quests"])
    dragon_raw = raw["dragons"]
    dragons = tuple(_dragon(entry) for entry in dragon_raw["dragon"])
    empire = raw["empire"]
    limits = _numbers(empire["limits"])
    datachecks.check_dragons(dragons, tuple(dragon_raw["training"]["cost"]), limits, where["dragons"])
    faeries = tuple(_faerie(entry) for entry in raw["faeries"]["faerie"])
    datachecks.check_faeries(faeries, where["faeries"])
    pieces = _numbers(empire["pieces"])
    lines = tuple(_line(entry) for entry in empire["line"])
    spots = tuple(_spot(entry) for entry in empire["spot"])
    datachecks.check_empire(pieces, limits, lines, spots, where["empire"])
    datachecks.check_card_ids({
        "monster": (where["monsters"], [m.id for m in monsters]),
        "quest": (where["quests"], [q.id for q in quests]),
        "dragon": (where["dragons"], [d.id for d in dragons]),
        "faerie": (where["faeries"], [f.id for f in faeries]),
        "hero": (where["heroes"], [h.id for h in heroes]),
    })
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
    """The source of every value: the entry's `source`, overridden value by value by `sources` (the kit's)."""
    return sources_of(entry, unsourced=exclude)


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
