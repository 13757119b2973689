"""Player-facing texts: message keys with fields, rendered in a language when asked.

One format for every game and front end. A messages file is TOML with one table per key:

    [play_card]
    en = "Play {card}"
    de = "Spiele {card:acc}"

Placeholders:
- `{field}` inserts a field: a number or string as is, a `Name` in its basic form, a `Message` rendered in the
  same language, a `{en = ..., de = ...}` text in the language;
- `{field:acc}` (also `nom`, `dat`, `gen`) asks a `Name` for a grammatical case; languages without that form
  use the basic one, so English texts may ask for cases too;
- `{field|one|other}` chooses by a number (`one` when it is 1), and `#` inside the choice stands for it;
- `{field!r}` quotes what a person typed, so that an empty or odd input is visible in an error;
- `{{` and `}}` are literal braces.

A language beyond English and German comes from a language pack (see `dwarfhall.core.i18n`): a catalog loaded
from a file in the package reads the pack's texts for it the first time that language is asked for, and a key
the pack leaves out is shown in English.

Names carry their case forms in the data files as flat keys `<lang>_<case>` beside `<lang>`, for example
`name = { en = "Dwarven Axe Fighter", de = "Zwergischer Axtkämpfer", de_acc = "Zwergischen Axtkämpfer" }`;
keeping them next to the name lets owners of the physical game correct both in one file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .datafile import read_toml
from .errors import DataError
from .i18n import DEFAULT_LANGUAGE, LANGUAGES, PACKAGE_ROOT, languages, pack_texts, packs_signature

CASES: tuple[str, ...] = ("nom", "acc", "dat", "gen")

_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)(?::([a-z]+)|(\|[^{}]*)|(!r))?\}")


@dataclass(frozen=True, slots=True)
class Name:
    """A name in every language, with optional grammatical case forms (`de_acc`, ...)."""

    forms: Mapping[str, str]

    def form(self, lang: str, case: str | None = None) -> str:
        forms = self.forms
        if case is not None and case != "nom":
            text = forms.get(f"{lang}_{case}")
            if text:
                return text
        return forms.get(lang) or forms.get(DEFAULT_LANGUAGE) or next(iter(forms.values()), "")

    def __str__(self) -> str:
        return self.form(DEFAULT_LANGUAGE)

    @classmethod
    def from_data(cls, value: Any, where: str) -> Name:
        """A name from a data file's `{en, de, de_acc, ...}` table, or DataError naming `where`."""
        if not isinstance(value, Mapping):
            raise DataError(f"{where}: expected a table with {', '.join(LANGUAGES)} names")
        forms: dict[str, str] = {}
        for key, text in value.items():
            lang, _, case = str(key).partition("_")
            if lang not in LANGUAGES or (case and case not in CASES):
                allowed = ", ".join(f"{lang}_{case}" for lang in LANGUAGES for case in CASES)
                raise DataError(f"{where}: unknown name form {key!r}; use {', '.join(LANGUAGES)} or one of {allowed}")
            if not isinstance(text, str) or not text.strip():
                raise DataError(f"{where}.{key}: must be a non-empty string")
            forms[str(key)] = text
        missing = [lang for lang in LANGUAGES if lang not in forms]
        if missing:
            raise DataError(f"{where}: missing name for {', '.join(missing)}")
        return cls(forms)


@dataclass(frozen=True, slots=True)
class Message:
    """A text to show: a key in a messages catalog and the fields it needs."""

    key: str
    fields: Mapping[str, Any] = field(default_factory=dict)


def msg(key: str, **fields: Any) -> Message:
    """A message; the short form games use when they build labels."""
    return Message(key, fields)


LOG_FORM = "_log"
"""Suffix of a message's log form: the third-person text the game log shows of a move ("ends the turn") where
the button's own text speaks to the player ("End your turn"); a message without one is shown as it is."""


def log_form(message: Message, catalog: Catalog) -> Message:
    """The message as the log tells it to everyone: its key's log form where the catalog has one, its nested
    messages likewise."""
    key = message.key + LOG_FORM
    fields = {
        name: log_form(value, catalog) if isinstance(value, Message) else value
        for name, value in message.fields.items()
    }
    return Message(key if key in catalog else message.key, fields)


class Catalog:
    """Messages by key, each with a text per language; later catalogs in a chain override earlier ones."""

    __slots__ = ("_packs", "_parsed", "_words", "messages", "sources")

    def __init__(self, messages: Mapping[str, Mapping[str, str]], sources: Iterable[str] = ()) -> None:
        self.messages: dict[str, Mapping[str, str]] = dict(messages)
        self.sources: tuple[str, ...] = tuple(sources)
        """The catalog files' paths inside the package, in order: a language pack translates them by path."""
        self._parsed: dict[tuple[str, str], list[str | tuple[str, str | None, str | None]]] = {}
        self._packs: dict[str, tuple[str, dict[str, str]]] = {}  # language -> (packs signature, its texts)
        self._words: dict[tuple[str, str | None, str], frozenset[str]] = {}

    @classmethod
    def load(cls, path: str | Path) -> Catalog:
        """A catalog from a messages file; every key must have a text in every language."""
        raw = read_toml(path, "messages file")
        messages: dict[str, dict[str, str]] = {}
        for key, value in raw.items():
            where = f"{path}: [{key}]"
            if not isinstance(value, Mapping):
                raise DataError(f"{where}: expected a table with {', '.join(LANGUAGES)} texts")
            missing = [lang for lang in LANGUAGES if not isinstance(value.get(lang), str)]
            if missing:
                raise DataError(f"{where}: missing text for {', '.join(missing)}")
            messages[key] = {lang: value[lang] for lang in LANGUAGES}
            for lang in LANGUAGES:
                _check_template(value[lang], f"{where}.{lang}")
        return cls(messages, [_package_path(Path(path))])

    @classmethod
    def chain(cls, catalogs: Iterable[Catalog]) -> Catalog:
        merged: dict[str, Mapping[str, str]] = {}
        sources: list[str] = []
        for catalog in catalogs:
            merged.update(catalog.messages)
            sources += catalog.sources
        return cls(merged, sources)

    def _pack(self, lang: str) -> dict[str, str]:
        """The texts the language pack of `lang` has for this catalog's files; read again when the packs found
        change (texts parsed for that language are dropped then)."""
        signature = packs_signature()
        known = self._packs.get(lang)
        if known is not None and known[0] == signature:
            return known[1]
        texts: dict[str, str] = {}
        for source in self.sources:
            for key, text in pack_texts(lang, source).items():
                if key not in self.messages:
                    raise DataError(f"language pack {lang!r}, {source}: [{key}] is not a key of the catalog")
                _check_template(text, f"language pack {lang!r}, {source}: [{key}]")
                texts[key] = text
        self._packs[lang] = (signature, texts)
        self._parsed = {memo: parts for memo, parts in self._parsed.items() if memo[1] != lang}
        return texts

    def _text_in(self, key: str, lang: str) -> str:
        """The text of `key` in `lang` from the catalog or its pack; empty when neither has one."""
        if lang in LANGUAGES:
            return self.messages[key].get(lang, "")
        return self._pack(lang).get(key, "")

    def __contains__(self, key: str) -> bool:
        return key in self.messages

    def render(self, message: Message | str, lang: str = DEFAULT_LANGUAGE, **fields: Any) -> str:
        """The message's text in `lang` (English when a language is missing); unknown keys show as the key."""
        if isinstance(message, Message):
            key, values = message.key, {**message.fields, **fields} if fields else message.fields
        else:
            key, values = message, fields
        pack = self._pack(lang) if lang not in LANGUAGES else None  # a pack language: its texts, kept fresh
        parts = self._parsed.get((key, lang))
        if parts is None:
            texts = self.messages.get(key)
            if texts is None:
                return key
            template = (pack.get(key) if pack else None) or texts.get(lang) or texts.get(DEFAULT_LANGUAGE, key)
            parts = self._parsed[(key, lang)] = _parse(template)
        out: list[str] = []
        for part in parts:
            if isinstance(part, str):
                out.append(part)
            else:
                out.append(self._field(values, part, lang, key))
        return "".join(out)

    def text(self, key: str, **fields: Any) -> dict[str, str]:
        """The message in every language known now, as a `Text` for what keeps one (a statistic's label)."""
        return {lang: self.render(key, lang, **fields) for lang in languages()}

    def word_list(self, key: str, lang: str | None = None) -> frozenset[str]:
        """What a person may type for one thing (a message whose texts are words separated by commas): in
        every language at once, since typed input is not told the language, or in `lang` alone."""
        memo = (key, lang, packs_signature())
        words = self._words.get(memo)
        if words is None:
            if key not in self.messages:
                raise KeyError(f"no message {key!r}")
            chosen = [self._text_in(key, other) for other in (languages() if lang is None else [lang])]
            words = self._words[memo] = frozenset(w.strip() for text in chosen for w in text.split(",") if w.strip())
        return words

    # the older name, kept for the front ends' short calls
    def t(self, key: str, lang: str, **fields: Any) -> str:
        return self.render(key, lang, **fields)

    def _field(self, values: Mapping[str, Any], part: tuple[str, str | None, str | None], lang: str, key: str) -> str:
        name, case, choice = part
        if name not in values:
            raise KeyError(f"message {key!r} needs the field {name!r}")
        value = values[name]
        if choice is not None:
            one, _, other = choice.partition("|")
            return (one if value == 1 else other).replace("#", str(value))
        if case == "!r":
            return repr(value)
        return self.text_of(value, lang, case)

    def text_of(self, value: Any, lang: str, case: str | None = None) -> str:
        """A field value as text: names in the asked case, nested messages rendered, texts picked by language."""
        if isinstance(value, Name):
            return value.form(lang, case)
        if isinstance(value, Message):
            return self.render(value, lang)
        if isinstance(value, Mapping):
            return str(value.get(lang) or value.get(DEFAULT_LANGUAGE) or "")
        return str(value)


def _parse(template: str) -> list[str | tuple[str, str | None, str | None]]:
    parts: list[str | tuple[str, str | None, str | None]] = []
    pos = 0
    for m in _PLACEHOLDER.finditer(template):
        if m.start() > pos:
            parts.append(template[pos : m.start()])
        token = m.group(0)
        if token in ("{{", "}}"):
            parts.append(token[0])
        else:
            choice = m.group(3)
            case = "!r" if m.group(4) else m.group(2)
            parts.append((m.group(1), case, choice[1:] if choice else None))
        pos = m.end()
    if pos < len(template):
        parts.append(template[pos:])
    return parts


def _check_template(template: str, where: str) -> None:
    """Refuses a text whose braces are not placeholders, or that asks for an unknown case."""
    stripped = _PLACEHOLDER.sub("", template)
    if "{" in stripped or "}" in stripped:
        raise DataError(f"{where}: a brace that is not a placeholder ({{field}}, {{field:acc}}, {{n|one|other}})")
    for m in _PLACEHOLDER.finditer(template):
        if m.group(2) and m.group(2) not in CASES:
            raise DataError(f"{where}: unknown case {m.group(2)!r}; use one of {', '.join(CASES)}")


def _package_path(path: Path) -> str:
    """A catalog file's path inside the package (how a language pack names it), or the path as given."""
    try:
        return path.resolve().relative_to(PACKAGE_ROOT).as_posix()
    except ValueError:
        return path.as_posix()
