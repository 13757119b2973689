"""JSON schemas of Spring's data files, built from the kit's blocks (`dwarfhall.core.schema`): the shape of every
entry, checked by the kit's `check_shape` (errors naming file, entry and value) before any rule is."""

from __future__ import annotations

from typing import Any

from dwarfhall.core.schema import COUNT, NAME, POSITIVE, TEXT, WORDS, entries, entry, file_schema, one_key, table_of

RESOURCES = ("wood", "food", "gold")
TERRAINS = ("forest", "plains", "mountain")
BASE_SPOT_KINDS = ("field", "water", *RESOURCES, "faerie")
SLOT = r"^(field|water|(wood|food|gold|faerie)[1-9])$"

DRAGON_EFFECT = one_key({**dict.fromkeys(RESOURCES, POSITIVE), **dict.fromkeys(
    ("gain_any", "axe", "pack", "draw_faerie"), POSITIVE)})
FAERIE_EFFECT = one_key({
    "move_own_dwarf": {
        "type": "object", "properties": {"steps": POSITIVE}, "required": ["steps"], "additionalProperties": False,
    },
    "swap_settlements": {"type": "object", "maxProperties": 0},
    "swap_dwarfs": {"type": "object", "maxProperties": 0},
    **dict.fromkeys(("gain_any", "axe", "pack", "remove_web"), POSITIVE),
})
RESOURCE_AMOUNTS = {
    "type": "object",
    "propertyNames": {"enum": list(RESOURCES)},
    "additionalProperties": POSITIVE,
    "minProperties": 1,
}
REQUIREMENT = {
    "type": "object",
    "minProperties": 1,
    "properties": {
        "resources": RESOURCE_AMOUNTS,
        "faeries": POSITIVE,
        "settlements": POSITIVE,
        "line_complete": {"enum": list(RESOURCES)},
        "dragons": POSITIVE,
        "dragon_level": {"type": "integer", "minimum": 2},
        "monsters": POSITIVE,
        "fortress": {"const": True},
    },
    "additionalProperties": False,
}

MAP = file_schema("dwarfhall-spring-map/1", {
    "spot_kind": table_of(entry({"name": NAME}), BASE_SPOT_KINDS),
    "tile_type": {"type": "object", "minProperties": 1, "additionalProperties": entry({"name": NAME})},
    "wildland": entries(entry({
        "id": WORDS, "terrain": {"enum": list(TERRAINS)}, "number": POSITIVE,
        "gather": {"enum": list(RESOURCES)}, "name": NAME,
    })),
    "grassland": entries(entry({
        "id": WORDS, "type": WORDS, "slots": {"type": "array", "items": {"type": "string", "pattern": SLOT}},
    })),
})
HEROES = file_schema("dwarfhall-spring-heroes/1", {
    "hero": entries(entry({"id": WORDS, "name": NAME, "axes": COUNT, "backpacks": COUNT})),
})
MONSTERS = file_schema("dwarfhall-spring-monsters/1", {
    "web_tokens": COUNT,
    "expedition": entry({
        "area": POSITIVE, "spawned_at_setup": COUNT, "monsters_in_deck": COUNT, "revealed_at_setup": COUNT,
    }, unsourced=()),
    "monster_kind": entries(entry({
        "id": WORDS, "name": NAME, "terrain": {"enum": list(TERRAINS)},
        "ability": {"enum": ["webs", "cap_spot", "block_quests"]},
        "webs": POSITIVE, "cap": {"enum": [*RESOURCES, "faerie"]}, "text": TEXT,
    }, optional=("webs", "cap"))),
    "monster": entries(entry({
        "id": WORDS, "kind": WORDS, "home": WORDS, "axes": POSITIVE, "vp": COUNT,
    })),
})
QUESTS = file_schema("dwarfhall-spring-quests/1", {
    "quest": entries(entry({"id": WORDS, "requires": REQUIREMENT, "vp": COUNT, "text": TEXT})),
})
DRAGONS = file_schema("dwarfhall-spring-dragons/1", {
    "training": entry({"cost": {"type": "array", "items": POSITIVE}}, unsourced=()),
    "dragon": entries(entry({
        "id": WORDS, "kind": WORDS, "copy": WORDS, "white_ribbon": {"type": "boolean"},
        "train": {"enum": list(RESOURCES)},
        "level": {"type": "array", "items": {
            "type": "object",
            "properties": {"name": NAME, "vp": COUNT, "effects": {"type": "array", "items": DRAGON_EFFECT}},
            "required": ["name", "vp", "effects"],
            "additionalProperties": False,
        }},
    })),
})
FAERIES = file_schema("dwarfhall-spring-faeries/1", {
    "faerie": entries(entry({
        "id": WORDS, "name": NAME, "copies": POSITIVE, "effect": FAERIE_EFFECT, "text": TEXT,
    })),
})
EMPIRE = file_schema("dwarfhall-spring-empire/1", {
    "resource": table_of(entry({"name": NAME}), RESOURCES),
    "pieces": entry({
        "dwarfs": POSITIVE, "fortress": POSITIVE, "exhaust_tokens": POSITIVE, "dragons_per_spot": POSITIVE,
    }, unsourced=()),
    "limits": entry({
        "warehouse": POSITIVE, "faerie_hand": POSITIVE, "nest": POSITIVE, "nest_with_fortress": POSITIVE,
        "successes": POSITIVE,
    }, unsourced=()),
    "fortress": entry({"cost": POSITIVE, "vp": COUNT, "reveal_bonus": COUNT}, unsourced=()),
    "line": entries(entry({
        "resource": {"enum": list(RESOURCES)},
        "positions": {"type": "array", "items": RESOURCE_AMOUNTS},
        "complete_vp": COUNT,
    }, unsourced=("resource",))),
    "spot": entries(entry({
        "id": WORDS, "action": {"enum": ["build", "fortress", "faerie", "dragons", "expedition"]},
        "line": {"enum": list(RESOURCES)}, "order": {"enum": [1, 2]}, "name": NAME,
    }, optional=("line", "order"))),
})

SCHEMAS: dict[str, dict[str, Any]] = {
    "map": MAP,
    "heroes": HEROES,
    "monsters": MONSTERS,
    "quests": QUESTS,
    "dragons": DRAGONS,
    "faeries": FAERIES,
    "empire": EMPIRE,
}
