"""Ale War's pieces (units, barrels, terrain counts): loaded from TOML, checked, then immutable.

The kit's loader reads the file and checks its shape on `SCHEMA` (`dwarfhall.core.data`, `core.schema`): every
entry sourced (`source`, overridden value by value by `sources`), names in English and German with German case
forms. The rules a schema cannot say (unit keys unique, terrain that fits the board) are checked after it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from dwarfhall.core.data import Sourced, load_data, name_of, sources_of
from dwarfhall.core.datafile import file_stamps
from dwarfhall.core.errors import DataError
from dwarfhall.core.messages import Name
from dwarfhall.core.schema import KEY, NAME, check_shape, entries, entry, file_schema, integer, table_of

from .board import SETUP_SQUARES, SQUARES, TERRAIN_KINDS

DEFAULT_COMPONENTS = Path(__file__).with_name("components.toml")
FORMAT = "dwarfhall-alewar-components/1"
SIDE_KEYS: tuple[str, str] = ("dwarves", "goblins")
UNITS_PER_SIDE = 3  # rulebook: "until all three units have been placed"
BARREL_COUNT = 2  # rulebook: "destroy the two barrels"
ARMOR = integer(1, 6)  # an unmodified d6 must be able to equal it, or a lone attacker could never hit
MOVEMENT = integer(0, 10)  # 10 steps cross the whole board; more would mean nothing
MAX_LAKES = len(SETUP_SQUARES[0]) - UNITS_PER_SIDE  # lakes all in one half must leave room for its three units

_UNITS = entries(entry({"key": KEY, "name": NAME, "movement": MOVEMENT, "armor": ARMOR}), UNITS_PER_SIDE)
_UNITS["maxItems"] = UNITS_PER_SIDE  # rulebook: each side has three units
SCHEMA = file_schema(
    FORMAT,
    {
        "sides": table_of(entry({"name": NAME}), SIDE_KEYS),
        "dwarves": _UNITS,
        "goblins": _UNITS,
        "barrels": entry({"count": {"const": BARREL_COUNT}, "armor": ARMOR, "name": NAME}),
        "terrain": table_of(entry({"count": integer(0, SQUARES), "name": NAME}), TERRAIN_KINDS),
    },
)


@dataclass(frozen=True, slots=True)
class UnitType(Sourced):
    """One unit: `side` 0 = Dwarves, 1 = Goblins; `sources` names the source of each value."""

    key: str
    side: int
    name: Name
    movement: int
    armor: int
    sources: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class SideType(Sourced):
    """One side, `key` "dwarves" (side 0) or "goblins" (side 1), with its name in every language."""

    key: str
    name: Name
    sources: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class BarrelType(Sourced):
    name: Name
    armor: int
    count: int
    sources: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class TerrainType(Sourced):
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
    """The default pieces, or a user's corrected file; DataError names the file and the entry that breaks a rule."""
    target = Path(path) if path is not None else DEFAULT_COMPONENTS
    return _load_cached(str(target), file_stamps([target], "components file"))


@lru_cache(maxsize=16)
def _load_cached(path: str, stamps: tuple[int, ...]) -> Components:  # stamps: a changed file is read again
    return _build(load_data(path, "components file", SCHEMA), path)


def parse_components(raw: Mapping[str, Any], origin: str = "<components>") -> Components:
    """Checks a parsed components table (its shape, then the rules) and builds the immutable pieces."""
    check_shape(raw, SCHEMA, origin)
    return _build(raw, origin)


def _build(raw: Mapping[str, Any], origin: str) -> Components:
    units = [
        UnitType(
            key=item["key"],
            side=side,
            name=name_of(item["name"]),
            movement=item["movement"],
            armor=item["armor"],
            sources=sources_of(item),
        )
        for side, side_key in enumerate(SIDE_KEYS)
        for item in raw[side_key]
    ]
    seen: dict[str, str] = {}
    for unit in units:
        if unit.key in seen:
            raise DataError(
                f"{origin}: unit key {unit.key!r} is used twice ({seen[unit.key]} and {SIDE_KEYS[unit.side]})"
            )
        seen[unit.key] = SIDE_KEYS[unit.side]
    barrel = raw["barrels"]
    return Components(
        units=tuple(units),
        sides=(_side(raw, SIDE_KEYS[0]), _side(raw, SIDE_KEYS[1])),
        barrel=BarrelType(name_of(barrel["name"]), barrel["armor"], barrel["count"], sources_of(barrel)),
        terrain=_terrain(raw["terrain"], origin),
        origin=origin,
        movement=tuple(u.movement for u in units),
        armor=tuple(u.armor for u in units),
    )


def _side(raw: Mapping[str, Any], key: str) -> SideType:
    item = raw["sides"][key]
    return SideType(key, name_of(item["name"]), sources_of(item))


def _terrain(table: Mapping[str, Any], origin: str) -> tuple[TerrainType, ...]:
    kinds = tuple(
        TerrainType(kind, name_of(table[kind]["name"]), table[kind]["count"], sources_of(table[kind]))
        for kind in TERRAIN_KINDS
    )
    total = sum(t.count for t in kinds)
    if total > SQUARES:
        raise DataError(f"{origin}: terrain: {total} pieces, but the board has only {SQUARES} squares")
    lakes = kinds[TERRAIN_KINDS.index("lake")].count
    if lakes > MAX_LAKES:
        raise DataError(
            f"{origin}: terrain: lake: count {lakes} is more than {MAX_LAKES}: lakes falling in one half "
            f"could leave no room for its {UNITS_PER_SIDE} units"
        )
    return kinds
