"""Ale War's pieces (units, barrels, terrain counts): loaded from TOML, validated, then immutable."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from dwarfhall.core.datafile import read_toml
from dwarfhall.core.errors import DataError
from dwarfhall.core.i18n import check_text
from dwarfhall.core.messages import Name

from .board import SETUP_SQUARES, SQUARES, TERRAIN_KINDS

DEFAULT_COMPONENTS = Path(__file__).with_name("components.toml")
FORMAT = "dwarfhall-alewar-components/1"
SOURCES = ("rulebook", "reconstructed")
SIDE_KEYS: tuple[str, str] = ("dwarves", "goblins")
UNITS_PER_SIDE = 3  # rulebook: "until all three units have been placed"
BARREL_COUNT = 2  # rulebook: "destroy the two barrels"
ARMOR_RANGE = range(1, 7)  # an unmodified d6 must be able to equal it, or a lone attacker could never hit
MOVEMENT_RANGE = range(0, 11)  # 10 steps cross the whole board; more would mean nothing
MAX_LAKES = len(SETUP_SQUARES[0]) - UNITS_PER_SIDE  # lakes all in one half must leave room for its three units
_KEY = re.compile(r"^[a-z][a-z0-9_]*$")


class _Sourced:
    """An entry whose values each name their source, 'rulebook' or 'reconstructed'."""

    __slots__ = ()
    sources: Mapping[str, str]

    @property
    def reconstructed(self) -> bool:
        return any(s == "reconstructed" for s in self.sources.values())


@dataclass(frozen=True, slots=True)
class UnitType(_Sourced):
    """One unit: `side` 0 = Dwarves, 1 = Goblins; `sources` names the source of each value."""

    key: str
    side: int
    name: Name
    movement: int
    armor: int
    sources: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class SideType(_Sourced):
    """One side, `key` "dwarves" (side 0) or "goblins" (side 1), with its name in every language."""

    key: str
    name: Name
    sources: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class BarrelType(_Sourced):
    name: Name
    armor: int
    count: int
    sources: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class TerrainType(_Sourced):
    kind: str
    name: Name
    count: int
    sources: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Components:
    """Units 0-2 are the Dwarves, 3-5 the Goblins, in file order; terrain in TERRAIN_KINDS order."""

    units: tuple[UnitType, ...]
    sides: tuple[SideType, SideType]
    barrel: BarrelType
    terrain: tuple[TerrainType, ...]
    origin: str
    movement: tuple[int, ...]
    armor: tuple[int, ...]

    def side_name(self, key: str) -> Name:
        """The name of the side "dwarves" or "goblins"; KeyError for another key."""
        for side in self.sides:
            if side.key == key:
                return side.name
        raise KeyError(key)

    def unit_index(self, key: str) -> int | None:
        for i, unit in enumerate(self.units):
            if unit.key == key:
                return i
        return None

    @property
    def terrain_counts(self) -> tuple[int, ...]:
        return tuple(t.count for t in self.terrain)


def load_components(path: str | Path | None = None) -> Components:
    """The default pieces, or a user's corrected file; DataError names the entry that breaks a rule."""
    target = Path(path) if path is not None else DEFAULT_COMPONENTS
    try:
        stamp = os.stat(target).st_mtime_ns
    except OSError as exc:
        raise DataError(f"cannot read components file {target}: {exc.strerror}") from exc
    return _load_cached(str(target), stamp)


@lru_cache(maxsize=16)
def _load_cached(path: str, stamp: int) -> Components:  # stamp: a changed file is read again
    return parse_components(read_toml(path, "components file"), path)


def parse_components(raw: Mapping[str, Any], origin: str = "<components>") -> Components:
    """Checks every constraint on a parsed components table and builds the immutable pieces."""
    known = {"format", "sides", "dwarves", "goblins", "barrels", "terrain"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise DataError(f"{origin}: unknown top-level key(s) {', '.join(unknown)}; expected {', '.join(sorted(known))}")
    if raw.get("format", FORMAT) != FORMAT:
        raise DataError(f"{origin}: format {raw.get('format')!r} is not {FORMAT!r}")
    units: list[UnitType] = []
    for side, side_key in enumerate(SIDE_KEYS):
        entries = raw.get(side_key)
        if not isinstance(entries, list):
            raise DataError(f"{origin}: [[{side_key}]] entries are missing")
        if len(entries) != UNITS_PER_SIDE:
            raise DataError(
                f"{origin}: {side_key}: the rulebook gives each side {UNITS_PER_SIDE} units, found {len(entries)}"
            )
        for i, entry in enumerate(entries):
            units.append(_unit(entry, side, f"{origin}: {side_key}[{i}]"))
    seen: dict[str, str] = {}
    for unit in units:
        if unit.key in seen:
            raise DataError(
                f"{origin}: unit key {unit.key!r} is used twice ({seen[unit.key]} and {SIDE_KEYS[unit.side]})"
            )
        seen[unit.key] = SIDE_KEYS[unit.side]
    barrel = _barrel(raw.get("barrels"), f"{origin}: [barrels]")
    terrain = _terrain(raw.get("terrain"), origin)
    return Components(
        units=tuple(units),
        sides=_sides(raw.get("sides"), origin),
        barrel=barrel,
        terrain=terrain,
        origin=origin,
        movement=tuple(u.movement for u in units),
        armor=tuple(u.armor for u in units),
    )


def _table(entry: Any, where: str, allowed: set[str], required: set[str]) -> Mapping[str, Any]:
    if not isinstance(entry, Mapping):
        raise DataError(f"{where}: expected a table")
    unknown = sorted(set(entry) - allowed)
    if unknown:
        raise DataError(f"{where}: unknown key(s) {', '.join(unknown)}; allowed: {', '.join(sorted(allowed))}")
    missing = sorted(required - set(entry))
    if missing:
        raise DataError(f"{where}: missing {', '.join(missing)}")
    return entry


def _int_in(value: Any, allowed: range, where: str, what: str, why: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise DataError(f"{where}: {what} must be a whole number, not {value!r}")
    if value not in allowed:
        raise DataError(f"{where}: {what} {value} is outside {allowed.start}..{allowed.stop - 1} ({why})")
    return value


def _sources(entry: Mapping[str, Any], values: tuple[str, ...], where: str) -> Mapping[str, str]:
    """The source of every value: the entry's `source`, overridden per value by `sources`."""
    default = entry.get("source")
    if default not in SOURCES:
        raise DataError(f"{where}: source must be one of {', '.join(SOURCES)}, not {default!r}")
    overrides = entry.get("sources", {})
    if not isinstance(overrides, Mapping):
        raise DataError(f"{where}: sources must be a table of value = source")
    result = dict.fromkeys(values, default)
    for value_name, source in overrides.items():
        if value_name not in values:
            raise DataError(f"{where}: sources names {value_name!r}, which is not one of {', '.join(values)}")
        if source not in SOURCES:
            raise DataError(f"{where}: sources.{value_name} must be one of {', '.join(SOURCES)}, not {source!r}")
        result[value_name] = source
    return MappingProxyType(result)


def _unit(entry: Any, side: int, where: str) -> UnitType:
    fields = {"key", "name", "movement", "armor", "source", "sources"}
    entry = _table(entry, where, fields, fields - {"sources"})
    key = entry["key"]
    if not isinstance(key, str) or not _KEY.match(key):
        raise DataError(f"{where}: key must be lower-case letters, digits or _, not {key!r}")
    where = f"{where} ({key!r})"
    movement = _int_in(entry["movement"], MOVEMENT_RANGE, where, "movement", "squares a unit may move")
    armor = _int_in(entry["armor"], ARMOR_RANGE, where, "armor", "an unmodified d6 must be able to equal it")
    return UnitType(
        key=key,
        side=side,
        name=_name(entry["name"], f"{where}: name"),
        movement=movement,
        armor=armor,
        sources=_sources(entry, ("name", "movement", "armor"), where),
    )


def _name(value: Any, where: str) -> Name:
    """A name in English and German, with optional German case forms (`de_acc`, ...) where they differ."""
    check_text(value, where)
    return Name(MappingProxyType(dict(Name.from_data(value, where).forms)))


def _sides(table: Any, origin: str) -> tuple[SideType, SideType]:
    """Both sides' names, each sourced; exactly the keys dwarves and goblins."""
    if not isinstance(table, Mapping):
        raise DataError(f"{origin}: [sides] is missing (the names of {' and '.join(SIDE_KEYS)})")
    unknown = sorted(set(table) - set(SIDE_KEYS))
    if unknown:
        raise DataError(f"{origin}: [sides] has unknown side(s) {', '.join(unknown)}; sides: {', '.join(SIDE_KEYS)}")
    sides = []
    for key in SIDE_KEYS:
        where = f"{origin}: [sides.{key}]"
        fields = {"name", "source", "sources"}
        entry = _table(table.get(key), where, fields, fields - {"sources"})
        sides.append(SideType(key, _name(entry["name"], f"{where}: name"), _sources(entry, ("name",), where)))
    return sides[0], sides[1]


def _barrel(entry: Any, where: str) -> BarrelType:
    fields = {"count", "armor", "name", "source", "sources"}
    entry = _table(entry, where, fields, fields - {"sources"})
    count = entry["count"]
    if count != BARREL_COUNT or isinstance(count, bool):
        raise DataError(f"{where}: count must be {BARREL_COUNT} (the rulebook's two barrels), not {count!r}")
    armor = _int_in(entry["armor"], ARMOR_RANGE, where, "armor", "an unmodified d6 must be able to equal it")
    return BarrelType(
        name=_name(entry["name"], f"{where}: name"),
        armor=armor,
        count=count,
        sources=_sources(entry, ("count", "armor", "name"), where),
    )


def _terrain(table: Any, origin: str) -> tuple[TerrainType, ...]:
    if not isinstance(table, Mapping):
        raise DataError(f"{origin}: [terrain] is missing")
    unknown = sorted(set(table) - set(TERRAIN_KINDS))
    if unknown:
        raise DataError(
            f"{origin}: [terrain] has unknown kind(s) {', '.join(unknown)}; kinds: {', '.join(TERRAIN_KINDS)}"
        )
    kinds: list[TerrainType] = []
    for kind in TERRAIN_KINDS:
        where = f"{origin}: [terrain.{kind}]"
        fields = {"count", "name", "source", "sources"}
        entry = _table(table.get(kind), where, fields, fields - {"sources"})
        count = _int_in(entry["count"], range(0, SQUARES + 1), where, "count", "one piece per square")
        kinds.append(
            TerrainType(
                kind=kind,
                name=_name(entry["name"], f"{where}: name"),
                count=count,
                sources=_sources(entry, ("count", "name"), where),
            )
        )
    total = sum(t.count for t in kinds)
    if total > SQUARES:
        raise DataError(f"{origin}: [terrain] has {total} pieces but the board has only {SQUARES} squares")
    lakes = kinds[TERRAIN_KINDS.index("lake")].count
    if lakes > MAX_LAKES:
        raise DataError(
            f"{origin}: [terrain.lake] count {lakes} is more than {MAX_LAKES}: lakes falling in one half "
            f"could leave no room for its {UNITS_PER_SIDE} units"
        )
    return tuple(kinds)
