"""Languages and translated texts (English and German everywhere)."""

from __future__ import annotations

from collections.abc import Mapping

from .errors import DwarfhallError

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
