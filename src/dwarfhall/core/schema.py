"""JSON Schema building blocks for the games' data files, and the check that names file, entry and value.

Every game describes the shape of its data files with these blocks (on `jsonschema`, Draft 2020-12) and calls
`check_shape` before any rule of its own; the rules a schema cannot say (a deck's card counts, a map's
geometry) are checked after it, by the game, with errors in the same style (`DataError("<file>: <entry>: ...")`).

    CARDS = file_schema("dwarfhall-duel-cards/1", {"card": entries(entry({"key": KEY, "name": NAME}))})
    check_shape(raw, CARDS, "cards.toml")   # DataError: "cards.toml: card 'ally_ones': name: 'de' is ..."
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from .errors import DataError

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

SOURCES: tuple[str, ...] = ("rulebook", "reconstructed")
"""Where a value comes from: stated by the rulebook, or designed here to fit every stated rule."""
NAME_KEY = r"^(en|de)(_(nom|acc|dat|gen))?$"
"""A name's keys: a language, optionally with a German-style case (nominative, accusative, dative, genitive)."""
ID_KEYS: tuple[str, ...] = ("id", "key")
"""The fields that name a list entry in error messages (`card 'ally_ones'` rather than `card #1`)."""

WORDS: dict[str, Any] = {"type": "string", "pattern": r"\S"}
KEY: dict[str, Any] = {"type": "string", "pattern": r"^[a-z][a-z0-9_]*$"}
COUNT: dict[str, Any] = {"type": "integer", "minimum": 0}
POSITIVE: dict[str, Any] = {"type": "integer", "minimum": 1}
BOOLEAN: dict[str, Any] = {"type": "boolean"}
SOURCE: dict[str, Any] = {"enum": list(SOURCES)}
NAME: dict[str, Any] = {
    "type": "object",
    "required": ["en", "de"],
    "propertyNames": {"pattern": NAME_KEY},
    "additionalProperties": WORDS,
}
"""A name in English and German, with the German case forms where they differ (`de_acc`, `de_dat`, `de_gen`)."""
TEXT: dict[str, Any] = {
    "type": "object",
    "required": ["en", "de"],
    "properties": {"en": WORDS, "de": WORDS},
    "additionalProperties": False,
}
"""A sentence in English and German."""


def integer(low: int | None = None, high: int | None = None) -> dict[str, Any]:
    """A whole number in low..high (either bound may be left open)."""
    schema: dict[str, Any] = {"type": "integer"}
    if low is not None:
        schema["minimum"] = low
    if high is not None:
        schema["maximum"] = high
    return schema


def one_of(choices: Iterable[Any]) -> dict[str, Any]:
    """One of the given values."""
    return {"enum": list(choices)}


def entry(
    properties: Mapping[str, Any],
    optional: Iterable[str] = (),
    unsourced: Iterable[str] = ID_KEYS,
) -> dict[str, Any]:
    """An entry whose every value has a source: `source` for all, a `sources` table overriding it value by value.

    `optional` values may be left out; `unsourced` values (the entry's id) take no source.
    """
    sourced = sorted(set(properties) - set(unsourced))
    return {
        "type": "object",
        "properties": {
            **properties,
            "source": SOURCE,
            "sources": {"type": "object", "propertyNames": {"enum": sourced}, "additionalProperties": SOURCE},
        },
        "required": sorted((set(properties) - set(optional)) | {"source"}),
        "additionalProperties": False,
    }


def table(properties: Mapping[str, Any], optional: Iterable[str] = ()) -> dict[str, Any]:
    """A table with exactly these keys (those in `optional` may be left out) and no source."""
    return {
        "type": "object",
        "properties": dict(properties),
        "required": sorted(set(properties) - set(optional)),
        "additionalProperties": False,
    }


def entries(item: Mapping[str, Any], min_items: int = 0) -> dict[str, Any]:
    """A list of entries (`[[name]]` in TOML)."""
    schema: dict[str, Any] = {"type": "array", "items": item}
    if min_items:
        schema["minItems"] = min_items
    return schema


def table_of(item: Mapping[str, Any], keys: Sequence[str]) -> dict[str, Any]:
    """A table keyed by exactly the given names, each holding an `item`."""
    return {
        "type": "object",
        "properties": dict.fromkeys(keys, item),
        "required": list(keys),
        "additionalProperties": False,
    }


def one_key(choices: Mapping[str, Any]) -> dict[str, Any]:
    """A table with exactly one of the given keys, e.g. `{ single = 2 }`."""
    return {
        "type": "object",
        "minProperties": 1,
        "maxProperties": 1,
        "properties": dict(choices),
        "additionalProperties": False,
    }


def file_schema(format_name: str | None, properties: Mapping[str, Any], optional: Iterable[str] = ()) -> dict[str, Any]:
    """A whole data file: its top-level tables, and an optional `format = "<format_name>"` line."""
    top = dict(properties)
    if format_name is not None:
        top["format"] = {"const": format_name}
    return {
        "type": "object",
        "properties": top,
        "required": sorted(set(properties) - set(optional)),
        "additionalProperties": False,
    }


def check_shape(raw: Any, schema: Mapping[str, Any], where: str) -> None:
    """DataError naming the file (`where`), the entry (by its id or key) and the value, for the first shape error.

    The schema itself is checked once (a broken schema is a programming error, not a data error).
    """
    from jsonschema.exceptions import best_match  # loaded with the first data file, not with the core

    error = best_match(_validator(_frozen(schema)).iter_errors(raw))
    if error is not None:
        raise DataError(f"{where}: {locate(raw, error)}{_message(error)}")


def locate(raw: Any, error: ValidationError) -> str:
    """'card 'ally_ones': cost: ' for the path card/0/cost; list items are named by their id or key if they have one."""
    parts: list[str] = []
    node = raw
    for step in error.absolute_path:
        if isinstance(step, int) and isinstance(node, list):
            item = node[step]
            label = next((item[k] for k in ID_KEYS if k in item), None) if isinstance(item, Mapping) else None
            if label is None and isinstance(item, Mapping):
                label = item.get("resource")
            owner = parts.pop() if parts else "item"
            parts.append(f"{owner} {label!r}" if isinstance(label, str) else f"{owner} #{step + 1}")
        else:
            parts.append(str(step))
        node = node[step]
    return "".join(f"{part}: " for part in parts)


_TYPE_WORDS = {
    "integer": "a whole number",
    "number": "a number",
    "string": "text",
    "object": "a table",
    "array": "a list",
    "boolean": "true or false",
}
# patterns that stand for a plain rule, and the rule as a message says it
_PATTERN_WORDS = {WORDS["pattern"]: "must not be blank", KEY["pattern"]: "must be lower-case letters, digits or _"}


def _message(error: ValidationError) -> str:
    """The problem in plain words (jsonschema's own messages print whole tables and Python reprs)."""
    kind, value, rule, schema = error.validator, error.instance, error.validator_value, error.schema
    if kind == "additionalProperties" and isinstance(value, Mapping):
        allowed = sorted(schema.get("properties", {}))
        extra = sorted(set(value) - set(allowed))
        if extra and allowed:
            return f"unknown key(s) {', '.join(extra)}; allowed: {', '.join(allowed)}"
    if kind == "propertyNames" or "propertyNames" in error.relative_schema_path:
        return f"unknown key {value!r}"
    if kind == "required" and isinstance(rule, list) and isinstance(value, Mapping):
        missing = [key for key in rule if key not in value]
        if missing:
            return f"missing {', '.join(missing)}"
    if kind == "type" and isinstance(rule, str):
        return f"must be {_TYPE_WORDS.get(rule, rule)}, not {value!r}"
    if kind in ("minimum", "maximum"):
        low, high = schema.get("minimum"), schema.get("maximum")
        if low is not None and high is not None:
            return f"{value} is outside {low}..{high}"
        return f"must be at least {low}, not {value}" if kind == "minimum" else f"must be at most {high}, not {value}"
    if kind in ("minItems", "maxItems") and isinstance(value, list):
        bound = "at least" if kind == "minItems" else "at most"
        return f"must list {bound} {rule} entries, found {len(value)}"
    if kind == "const":
        return f"must be {rule!r}, not {value!r}"
    if kind == "enum" and isinstance(rule, list):
        return f"must be one of {', '.join(map(str, rule))}, not {value!r}"
    if kind == "pattern" and isinstance(rule, str):
        return _PATTERN_WORDS.get(rule, f"{value!r} does not match {rule}")
    if kind == "uniqueItems":
        return "lists a value twice"
    return str(error.message)


class _Frozen:
    """A schema as a hashable key, so each schema's validator is built (and the schema checked) once."""

    __slots__ = ("schema",)

    def __init__(self, schema: Mapping[str, Any]) -> None:
        self.schema = schema

    def __hash__(self) -> int:
        return id(self.schema)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Frozen) and other.schema is self.schema


def _frozen(schema: Mapping[str, Any]) -> _Frozen:
    return _Frozen(schema)


@cache
def _validator(key: _Frozen) -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    Draft202012Validator.check_schema(key.schema)
    return Draft202012Validator(key.schema)
