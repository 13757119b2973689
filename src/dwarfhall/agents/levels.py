"""The computer's playing levels (`easy`, `normal`, `hard`, `expert`): agent specs under one name each.

Every front end (terminal `--vs hard`, arena `--agents easy hard`, the server's lobby) asks `make_agent` for a
level by its name and the game being played; the specs behind the names live only in `levels.toml` (a default
per level, and per game where a game plays a level by another spec), read and checked here. Their measured
strength (Elo per game, win shares per pairing, CPU time per decision) comes from `levels_measured.json`, which
`bench/levels.py` writes from an arena run: no figure is typed into code.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import Any

from dwarfhall.core.datafile import parse_text
from dwarfhall.core.errors import DataError
from dwarfhall.core.schema import KEY, WORDS, check_shape, file_schema, table, table_of

MEASURED_FILE = "levels_measured.json"
LEVELS_FILE = "levels.toml"
NAMES: tuple[str, ...] = ("easy", "normal", "hard", "expert")
"""The levels, weakest first; the code names `normal` (the stand-in when a player's clock runs out)."""

SPEC: dict[str, Any] = {**WORDS, "type": "string"}
SCHEMA = file_schema(
    "dwarfhall-levels/1",
    {
        "level": table_of(table({"spec": SPEC, "budget": {"type": "number", "exclusiveMinimum": 0}}), NAMES),
        "game": {
            "type": "object",
            "propertyNames": KEY,
            "additionalProperties": table(dict.fromkeys(NAMES, SPEC), optional=NAMES),
        },
    },
    optional=("game",),
)


@dataclass(frozen=True)
class Level:
    name: str
    spec: str
    budget: float  # the most CPU seconds per decision the level may spend on average (the server's limit)


@dataclass(frozen=True)
class LevelTable:
    levels: dict[str, Level]  # the default spec of each level, weakest first
    games: dict[str, dict[str, str]]  # a game's registry id -> level name -> the spec it plays there instead

    def for_game(self, game: str | None) -> dict[str, Level]:
        """Each level as it plays in `game` (the defaults for None or a game without its own specs)."""
        own = self.games.get(game, {}) if game is not None else {}
        return {name: replace(lv, spec=own[name]) if name in own else lv for name, lv in self.levels.items()}


def parse_levels(raw: Any, where: str) -> LevelTable:
    """The levels of a parsed levels file; DataError naming the file (`where`), the key and the problem."""
    check_shape(raw, SCHEMA, where)
    levels = {
        name: Level(name, str(raw["level"][name]["spec"]).strip(), float(raw["level"][name]["budget"]))
        for name in NAMES
    }
    games = {game: {n: str(s).strip() for n, s in specs.items()} for game, specs in raw.get("game", {}).items()}
    table_ = LevelTable(levels, games)
    for game in (None, *games):
        place = "level" if game is None else f"game: {game}"
        seen: dict[str, str] = {}
        for name, lv in table_.for_game(game).items():
            agent = lv.spec.partition(":")[0].strip()
            if agent in NAMES:  # a level by another level's name would never resolve to an agent
                raise DataError(f"{where}: {place}: {name}: names the level {agent!r}; give an agent spec")
            if lv.spec in seen:  # the server tells a bot's level by its spec
                raise DataError(f"{where}: {place}: {name}: plays the same spec as {seen[lv.spec]} ({lv.spec})")
            seen[lv.spec] = name
    return table_


def read_levels(raw: bytes, where: str) -> LevelTable:
    """The levels of a levels file's bytes (TOML); DataError naming the file and the problem."""
    try:
        data = parse_text(raw, "toml")
    except ValueError as exc:
        raise DataError(f"{where} {exc}") from None
    return parse_levels(data, where)


def _shipped() -> LevelTable:
    source = resources.files("dwarfhall.agents").joinpath(LEVELS_FILE)
    return read_levels(source.read_bytes(), str(source))


TABLE: LevelTable = _shipped()
LEVELS: dict[str, Level] = TABLE.levels
"""The levels with their default specs, weakest first; `levels_for(game)` gives them as a game plays them."""


def level_names() -> list[str]:
    return list(LEVELS)


def levels_for(game: str | None) -> dict[str, Level]:
    """The levels as the game (by its registry id) plays them; the defaults for None."""
    return TABLE.for_game(game)


def level_spec(spec: str, game: str | None = None) -> str:
    """The agent spec behind a level name in `game` (the default spec for None); any other spec comes back
    unchanged."""
    level = levels_for(game).get(spec.strip())
    return level.spec if level is not None else spec


def is_level(spec: str) -> bool:
    return spec.strip() in LEVELS


def level_of(spec: str | None, game: str | None) -> str | None:
    """The level name a bot's spec plays in `game` (`hard`), or None for a person or an expert's own spec."""
    return next((lv.name for lv in levels_for(game).values() if spec is not None and lv.spec == spec), None)


@cache
def measured() -> dict[str, Any]:
    """The stored measurement of the levels ({} when none is shipped): see bench/levels.py for its fields."""
    try:
        text = resources.files("dwarfhall.agents").joinpath(MEASURED_FILE).read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    data = json.loads(text)
    return data if isinstance(data, dict) else {}


def level_elo(name: str, game: str) -> float | None:
    """The level's measured Elo in a game, or None when that game was not measured with the spec the level plays
    there now (a figure measured for another spec would be wrong)."""
    entry = measured().get("games", {}).get(game, {}).get("levels", {}).get(name)
    level = levels_for(game).get(name)
    if not isinstance(entry, Mapping) or "elo" not in entry or level is None:
        return None
    return float(entry["elo"]) if entry.get("spec") == level.spec else None


__all__ = [
    "LEVELS",
    "TABLE",
    "Level",
    "LevelTable",
    "is_level",
    "level_elo",
    "level_names",
    "level_of",
    "level_spec",
    "levels_for",
    "measured",
    "parse_levels",
    "read_levels",
]
