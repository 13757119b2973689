"""Languages and translated texts (English and German everywhere)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import DataError, DwarfhallError

LANGUAGES: tuple[str, ...] = ("en", "de")
DEFAULT_LANGUAGE = "en"

Text = Mapping[str, str]
"""A player-facing text: one string per language code."""


def check_language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise DwarfhallError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    return lang


def pick(text: Text, lang: str) -> str:
    """The text in `lang`, falling back to English."""
    return text.get(lang) or text.get(DEFAULT_LANGUAGE) or next(iter(text.values()), "")


def check_text(value: Any, where: str) -> dict[str, str]:
    """A {en, de} table from a data file, or DataError naming `where`."""
    if not isinstance(value, Mapping):
        raise DataError(f"{where}: expected a table with {', '.join(LANGUAGES)} texts")
    missing = [lang for lang in LANGUAGES if not isinstance(value.get(lang), str) or not value[lang].strip()]
    if missing:
        raise DataError(f"{where}: missing text for {', '.join(missing)}")
    return {lang: value[lang] for lang in LANGUAGES}
