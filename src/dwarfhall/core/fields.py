"""Readers of typed fields from a saved state or a hand-written scenario, with errors naming the field path.

A game's `scenario.py` reads a position with these, passing the path of each value as it goes down
(`players[1].hand[2]`), so every mistake comes back as one `ScenarioError` line that names the field:

    for p, raw in enumerate(items(data.get("players"), "players", size=2)):
        where = at("players", p)
        known_fields(table(raw, where), PLAYER_FIELDS, where)
        wild = whole(raw.get("wild_cards", 0), f"{where}.wild_cards", low=0, high=3)

The messages: `<field>: must be a whole number, not 'x'`, `<field>: 7 is outside 0..3`,
`<field>: must be one of a, b, not 'c'`, `<field>: unknown card 'foo'`, `<field>: unknown field(s) x; known: ...`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, TypeVar

from .errors import ScenarioError

T = TypeVar("T")


def at(field: str, index: int | str) -> str:
    """The path of a list item (`players[1]`) or, for a text index, of a table's value (`units.axeman`)."""
    if isinstance(index, int):
        return f"{field}[{index}]"
    return f"{field}.{index}" if field else index


def fail(field: str, problem: str) -> ScenarioError:
    """The error for `field` (empty: the whole position): `<field>: <problem>`."""
    return ScenarioError(f"{field}: {problem}" if field else problem)


def whole(value: Any, field: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number (not a bool) within low..high (either bound may be open)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(field, f"must be a whole number, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"{low if low is not None else '...'}..{high if high is not None else '...'}"
        raise fail(field, f"{value} is outside {bounds}")
    return value


def flag(value: Any, field: str) -> bool:
    """true or false."""
    if not isinstance(value, bool):
        raise fail(field, f"must be true or false, not {value!r}")
    return value


def text(value: Any, field: str) -> str:
    """A string."""
    if not isinstance(value, str):
        raise fail(field, f"must be text, not {value!r}")
    return value


def one_of(value: Any, field: str, choices: Sequence[T]) -> T:
    """One of `choices` (compared with ==; a bool never passes for a number)."""
    for choice in choices:
        if value == choice and isinstance(value, bool) == isinstance(choice, bool):
            return choice
    raise fail(field, f"must be one of {', '.join(map(str, choices))}, not {value!r}")


def index_of(value: Any, field: str, choices: Sequence[T]) -> int:
    """The position of `value` in `choices` (a phase name as its code, say)."""
    return list(choices).index(one_of(value, field, choices))


def seat(value: Any, field: str, players: int) -> int:
    """A seat number 0..players-1."""
    return whole(value, field, 0, players - 1)


def table(value: Any, field: str) -> Mapping[str, Any]:
    """A table (a JSON object)."""
    if not isinstance(value, Mapping):
        raise fail(field, "must be a table")
    return value


def items(value: Any, field: str, size: int | None = None) -> list[Any]:
    """A list, of exactly `size` items when given."""
    if not isinstance(value, list):
        raise fail(field, "must be a list")
    if size is not None and len(value) != size:
        raise fail(field, f"must list {size} entries, not {len(value)}")
    return value


def known_fields(data: Mapping[str, Any], allowed: Collection[str], field: str = "") -> None:
    """Refuses keys not in `allowed` (a typing mistake should not be silently ignored)."""
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise fail(field, f"unknown field(s) {', '.join(map(str, unknown))}; known: {', '.join(sorted(allowed))}")


def key_of(value: Any, field: str, index: Mapping[str, int], what: str) -> int:
    """The index of a component named by its key (`what`: "card", "unit", ... for the message)."""
    if not isinstance(value, str):
        raise fail(field, f"a {what} key (text) is needed, not {value!r}")
    found = index.get(value)
    if found is None:
        raise fail(field, f"unknown {what} {value!r}")
    return found


def keys_of(value: Any, field: str, index: Mapping[str, int], what: str) -> list[int]:
    """A list of component keys as their indices."""
    return [key_of(key, at(field, i), index, what) for i, key in enumerate(items(value, field))]
