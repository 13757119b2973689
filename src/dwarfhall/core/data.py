"""The games' data-file loader: a TOML file read, its shape checked on a schema, its values sourced and named.

Every game loads its components (cards, units, maps) the same way:

    raw = load_data(path, "cards file", CARDS_SCHEMA)          # DataError names the file and the entry
    kind = Card(name=name_of(entry["name"]), sources=sources_of(entry), ...)

- each entry says where its values come from: `source = "rulebook"` or `"reconstructed"` for all of them, and a
  `sources = { armor = "reconstructed" }` table overriding it value by value (`schema.entry` allows exactly
  this); the entry's type subclasses `Sourced`, which answers `reconstructed` and `source_of(value)`;
- names are `{ en, de }` with the German case forms where they differ (`de_acc`, `de_dat`, `de_gen`), read
  into a `Name` that messages inflect (`{card:acc}`);
- rules that a schema cannot say are checked after the shape by the game, raising `DataError` that starts
  with the file and the entry, as `check_shape` does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .datafile import read_toml
from .errors import DataError
from .i18n import LANGUAGES
from .messages import Name
from .schema import ID_KEYS, SOURCES, check_shape


class Sourced:
    """An entry whose values each name their source, 'rulebook' or 'reconstructed' (see `sources_of`).

    A subclass (usually a frozen, slotted dataclass) has a `sources` field mapping each value's name to its source.
    """

    __slots__ = ()
    sources: Mapping[str, str]

    @property
    def reconstructed(self) -> bool:
        """Whether any value of the entry was designed here rather than stated by the rulebook."""
        return any(s == "reconstructed" for s in self.sources.values())

    def source_of(self, value: str) -> str:
        """'rulebook' or 'reconstructed' for one value of the entry; KeyError for a value it does not have."""
        return self.sources[value]

    def rulebook_values(self) -> frozenset[str]:
        """The values the rulebook states."""
        return frozenset(k for k, s in self.sources.items() if s == "rulebook")


def load_data(path: str | Path, what: str, schema: Mapping[str, Any]) -> dict[str, Any]:
    """A data file read and checked against `schema`; DataError names `what`, the file, the entry and the value."""
    raw = read_toml(path, what)
    check_shape(raw, schema, str(path))
    return raw


def sources_of(
    entry: Mapping[str, Any],
    values: Sequence[str] | None = None,
    unsourced: Sequence[str] = ID_KEYS,
) -> Mapping[str, str]:
    """The source of every value of an entry: its `source`, overridden value by value by its `sources` table.

    `values` names the values that take a source (default: every key of the entry but `unsourced`, `source` and
    `sources`). The entry's shape is checked by its schema first; a `sources` key naming no value is refused here
    too, so that a hand-built entry cannot claim a source for nothing.
    """
    if values is None:
        values = [key for key in entry if key not in (*unsourced, "source", "sources")]
    default = entry.get("source")
    if default not in SOURCES:
        raise DataError(f"source must be one of {', '.join(SOURCES)}, not {default!r}")
    result = dict.fromkeys(values, default)
    for value_name, source in dict(entry.get("sources", {})).items():
        if value_name not in result:
            raise DataError(f"sources names {value_name!r}, which is not one of {', '.join(values)}")
        if source not in SOURCES:
            raise DataError(f"sources.{value_name} must be one of {', '.join(SOURCES)}, not {source!r}")
        result[value_name] = source
    return MappingProxyType(result)


def name_of(value: Any, where: str = "name") -> Name:
    """A `Name` from a `{ en, de, de_acc, ... }` table (shape-checked by `schema.NAME`); DataError naming `where`."""
    return Name(MappingProxyType(dict(Name.from_data(value, where).forms)))


def text_of(value: Any, where: str = "text") -> Mapping[str, str]:
    """A `{ en, de }` sentence (shape-checked by `schema.TEXT`) as a read-only table."""
    if not isinstance(value, Mapping) or not all(isinstance(value.get(lang), str) for lang in ("en", "de")):
        raise DataError(f"{where}: expected a table with en and de texts")
    return MappingProxyType({"en": value["en"], "de": value["de"]})


def texts_of(value: Any, where: str, error: type[Exception] = DataError, one_line: bool = False) -> dict[str, str]:
    """A text in every language (`{ en = "...", de = "..." }`) of a rules or tutorial file, each present and not
    blank, stripped (`one_line`: its white space folded to single spaces); otherwise `error` naming `where`."""
    if not isinstance(value, Mapping):
        raise error(f"{where}: must have a text per language ({', '.join(LANGUAGES)})")
    out = {}
    for lang in LANGUAGES:
        text = value.get(lang)
        if not isinstance(text, str) or not text.strip():
            raise error(f"{where}: no text in {lang}")
        out[lang] = " ".join(text.split()) if one_line else text.strip()
    return out


def entry_label(kind: str, entry: Any, index: int) -> str:
    """How an error names a list entry: `card 'ally_ones'` by its id or key, else `card #3`."""
    if isinstance(entry, Mapping):
        for key in ID_KEYS:
            if isinstance(entry.get(key), str):
                return f"{kind} {entry[key]!r}"
    return f"{kind} #{index + 1}"
