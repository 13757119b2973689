"""JSON schemas of Spring's data files: the shape of every entry, checked before any rule is."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match

from dwarfhall.core.errors import DataError

SOURCES = ("rulebook", "reconstructed")
RESOURCES = ("wood", "food", "gold")
TERRAINS = ("forest", "plains", "mountain")
BASE_SPOT_KINDS = ("field", "water", *RESOURCES, "faerie")
# a name's keys: a language, optionally with a German-style case (nominative, accusative, dative, genitive)
NAME_KEY = r"^(en|de)(_(nom|acc|dat|gen))?$"
SLOT = r"^(field|water|(wood|food|gold|faerie)[1-9])$"

_WORDS: dict[str, Any] = {"type": "string", "pattern": r"\S"}
_COUNT: dict[str, Any] = {"type": "integer", "minimum": 0}
_POSITIVE: dict[str, Any] = {"type": "integer", "minimum": 1}
NAME: dict[str, Any] = {
    "type": "object",
    "required": ["en", "de"],
    "propertyNames": {"pattern": NAME_KEY},
    "additionalProperties": _WORDS,
}
TEXT: dict[str, Any] = {
    "type": "object",
    "required": ["en", "de"],
    "properties": {"en": _WORDS, "de": _WORDS},
    "additionalProperties": False,
}


def entry(properties: Mapping[str, Any], optional: Iterable[str] = (), unsourced: Iterable[str] = ("id",)) -> dict:
    """An entry whose every value has a source: `source` for all, `sources` overriding it value by value."""
    sourced = sorted(set(properties) - set(unsourced))
    return {
        "type": "object",
        "properties": {
            **properties,
            "source": {"enum": list(SOURCES)},
            "sources": {
                "type": "object",
                "propertyNames": {"enum": sourced},
                "additionalProperties": {"enum": list(SOURCES)},
            },
        },
        "required": sorted((set(properties) - set(optional)) | {"source"}),
        "additionalProperties": False,
    }


def entries(item: Mapping[str, Any]) -> dict:
    return {"type": "array", "items": item}


def table_of(item: Mapping[str, Any], keys: Sequence[str]) -> dict:
    """A table keyed by the given names, each holding an `item`."""
    return {
        "type": "object",
        "properties": {key: item for key in keys},
        "required": list(keys),
        "additionalProperties": False,
    }


def file_schema(format_name: str, properties: Mapping[str, Any]) -> dict:
    return {
        "type": "object",
        "properties": {"format": {"const": format_name}, **properties},
        "required": sorted(properties),
        "additionalProperties": False,
    }


def _one_key(choices: Mapping[str, Any]) -> dict:
    """A table with exactly one of the given keys, e.g. `{ axe = 2 }`."""
    return {
        "type": "object",
        "minProperties": 1,
        "maxProperties": 1,
        "properties": dict(choices),
        "additionalProperties": False,
    }


DRAGON_EFFECT = _one_key({**dict.fromkeys(RESOURCES, _POSITIVE), **dict.fromkeys(
    ("gain_any", "axe", "pack", "draw_faerie"), _POSITIVE)})
FAERIE_EFFECT = _one_key({
    "move_own_dwarf": {
        "type": "object", "properties": {"steps": _POSITIVE}, "required": ["steps"], "additionalProperties": False,
    },
    "swap_settlements": {"type": "object", "maxProperties": 0},
    "swap_dwarfs": {"type": "object", "maxProperties": 0},
    **dict.fromkeys(("gain_any", "axe", "pack", "remove_web"), _POSITIVE),
})
RESOURCE_AMOUNTS = {
    "type": "object",
    "propertyNames": {"enum": list(RESOURCES)},
    "additionalProperties": _POSITIVE,
    "minProperties": 1,
}
REQUIREMENT = {
    "type": "object",
    "minProperties": 1,
    "properties": {
        "resources": RESOURCE_AMOUNTS,
        "faeries": _POSITIVE,
        "settlements": _POSITIVE,
        "line_complete": {"enum": list(RESOURCES)},
        "dragons": _POSITIVE,
        "dragon_level": {"type": "integer", "minimum": 2},
        "monsters": _POSITIVE,
        "fortress": {"const": True},
    },
    "additionalProperties": False,
}

MAP = file_schema("dwarfhall-spring-map/1", {
    "spot_kind": table_of(entry({"name": NAME}), BASE_SPOT_KINDS),
    "tile_type": {"type": "object", "minProperties": 1, "additionalProperties": entry({"name": NAME})},
    "wildland": entries(entry({
        "id": _WORDS, "terrain": {"enum": list(TERRAINS)}, "number": _POSITIVE,
        "gather": {"enum": list(RESOURCES)}, "name": NAME,
    })),
    "grassland": entries(entry({
        "id": _WORDS, "type": _WORDS, "slots": {"type": "array", "items": {"type": "string", "pattern": SLOT}},
    })),
})
HEROES = file_schema("dwarfhall-spring-heroes/1", {
    "hero": entries(entry({"id": _WORDS, "name": NAME, "axes": _COUNT, "backpacks": _COUNT})),
})
MONSTERS = file_schema("dwarfhall-spring-monsters/1", {
    "web_tokens": _COUNT,
    "expedition": entry({
        "area": _POSITIVE, "spawned_at_setup": _COUNT, "monsters_in_deck": _COUNT, "revealed_at_setup": _COUNT,
    }, unsourced=()),
    "monster_kind": entries(entry({
        "id": _WORDS, "name": NAME, "terrain": {"enum": list(TERRAINS)},
        "ability": {"enum": ["webs", "cap_spot", "block_quests"]},
        "webs": _POSITIVE, "cap": {"enum": [*RESOURCES, "faerie"]}, "text": TEXT,
    }, optional=("webs", "cap"))),
    "monster": entries(entry({
        "id": _WORDS, "kind": _WORDS, "home": _WORDS, "axes": _POSITIVE, "vp": _COUNT,
    })),
})
QUESTS = file_schema("dwarfhall-spring-quests/1", {
    "quest": entries(entry({"id": _WORDS, "requires": REQUIREMENT, "vp": _COUNT, "text": TEXT})),
})
DRAGONS = file_schema("dwarfhall-spring-dragons/1", {
    "training": entry({"cost": {"type": "array", "items": _POSITIVE}}, unsourced=()),
    "dragon": entries(entry({
        "id": _WORDS, "kind": _WORDS, "copy": _WORDS, "white_ribbon": {"type": "boolean"},
        "train": {"enum": list(RESOURCES)},
        "level": {"type": "array", "items": {
            "type": "object",
            "properties": {"name": NAME, "vp": _COUNT, "effects": {"type": "array", "items": DRAGON_EFFECT}},
            "required": ["name", "vp", "effects"],
            "additionalProperties": False,
        }},
    })),
})
FAERIES = file_schema("dwarfhall-spring-faeries/1", {
    "faerie": entries(entry({
        "id": _WORDS, "name": NAME, "copies": _POSITIVE, "effect": FAERIE_EFFECT, "text": TEXT,
    })),
})
EMPIRE = file_schema("dwarfhall-spring-empire/1", {
    "resource": table_of(entry({"name": NAME}), RESOURCES),
    "pieces": entry({
        "dwarfs": _POSITIVE, "fortress": _POSITIVE, "exhaust_tokens": _POSITIVE, "dragons_per_spot": _POSITIVE,
    }, unsourced=()),
    "limits": entry({
        "warehouse": _POSITIVE, "faerie_hand": _POSITIVE, "nest": _POSITIVE, "nest_with_fortress": _POSITIVE,
        "successes": _POSITIVE,
    }, unsourced=()),
    "fortress": entry({"cost": _POSITIVE, "vp": _COUNT, "reveal_bonus": _COUNT}, unsourced=()),
    "line": entries(entry({
        "resource": {"enum": list(RESOURCES)},
        "positions": {"type": "array", "items": RESOURCE_AMOUNTS},
        "complete_vp": _COUNT,
    }, unsourced=("resource",))),
    "spot": entries(entry({
        "id": _WORDS, "action": {"enum": ["build", "fortress", "faerie", "dragons", "expedition"]},
        "line": {"enum": list(RESOURCES)}, "order": {"enum": [1, 2]}, "name": NAME,
    }, optional=("line", "order"))),
})

SCHEMAS: dict[str, dict] = {
    "map": MAP,
    "heroes": HEROES,
    "monsters": MONSTERS,
    "quests": QUESTS,
    "dragons": DRAGONS,
    "faeries": FAERIES,
    "empire": EMPIRE,
}
for _schema in SCHEMAS.values():
    Draft202012Validator.check_schema(_schema)


def check_shape(raw: Mapping[str, Any], family: str, where: str) -> None:
    """DataError naming the file, the entry (by its id) and the value, for the first shape error found."""
    error = best_match(Draft202012Validator(SCHEMAS[family]).iter_errors(raw))
    if error is not None:
        raise DataError(f"{where}: {locate(raw, error)}{_message(error)}")


def locate(raw: Any, error: ValidationError) -> str:
    """'monster 'M04': axes: ' for the path monster/3/axes; list items are named by their id when they have one."""
    parts: list[str] = []
    node = raw
    for step in error.absolute_path:
        if isinstance(step, int) and isinstance(node, list):
            item = node[step]
            label = item.get("id", item.get("resource")) if isinstance(item, Mapping) else None
            owner = parts.pop() if parts else "item"
            parts.append(f"{owner} {label!r}" if isinstance(label, str) else f"{owner} #{step + 1}")
        else:
            parts.append(str(step))
        node = node[step]
    return "".join(f"{part}: " for part in parts)


def _message(error: ValidationError) -> str:
    if error.validator == "additionalProperties" and isinstance(error.instance, Mapping):
        allowed = sorted(error.schema.get("properties", {}))
        extra = sorted(set(error.instance) - set(allowed))
        if extra and allowed:
            return f"unknown key(s) {', '.join(extra)}; allowed: {', '.join(allowed)}"
    if error.validator == "propertyNames":
        return f"unknown key {error.instance!r}"
    return str(error.message)
