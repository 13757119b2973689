"""Languages and translated texts.

Every catalog and data file has its texts in the project's own languages (`LANGUAGES`: English and German).
A further language is a language pack: a folder `<code>/` holding `language.toml` (`name = "..."`) and, for any
catalog it translates, a file at the catalog's path inside the package (`games/duel/messages.toml`,
`core/messages.toml`, ...) with flat `key = "text"` lines. Packs are found in the package's `languages/` folder
and in the folders listed in the environment variable `DWARFHALL_LANGUAGES`. Whatever a pack leaves out is
shown in English: adding a language is adding files, and no view names a language.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from .errors import DataError, DwarfhallError

LANGUAGES: tuple[str, ...] = ("en", "de")
"""The languages every catalog and data file is complete in."""
DEFAULT_LANGUAGE = "en"
"""The language a missing text falls back to."""
PACKS_VARIABLE = "DWARFHALL_LANGUAGES"
PACKAGE_ROOT = Path(__file__).resolve().parent.parent
BUILTIN_PACKS = PACKAGE_ROOT / "languages"

Text = Mapping[str, str]
"""A player-facing text: one string per language code."""


def pack_folders() -> list[Path]:
    """Where language packs are looked for: the package's own folder, then those the environment names."""
    extra = [Path(p) for p in os.environ.get(PACKS_VARIABLE, "").split(os.pathsep) if p]
    return [BUILTIN_PACKS, *extra]


def packs_signature() -> str:
    """What decides which packs are found (the environment variable): a catalog reads a pack again when it
    changes."""
    return os.environ.get(PACKS_VARIABLE, "")


def _pack_dirs() -> dict[str, Path]:
    return _packs_in(packs_signature())


@cache
def _packs_in(variable: str) -> dict[str, Path]:
    """The packs in the package's folder and those `variable` names, looked up once per value of it."""
    found: dict[str, Path] = {}
    for folder in pack_folders():
        if not folder.is_dir():
            continue
        for pack in sorted(folder.iterdir()):
            if (pack / "language.toml").is_file() and pack.name not in LANGUAGES:
                found.setdefault(pack.name, pack)
    return found


def languages() -> tuple[str, ...]:
    """Every language a player may choose: the project's own and those of the packs found."""
    return LANGUAGES + tuple(code for code in _pack_dirs() if code not in LANGUAGES)


def language_name(lang: str) -> str:
    """A language's own name ("English", "Deutsch", or the pack's `name`)."""
    pack = _pack_dirs().get(lang)
    if pack is not None:
        return str(_read(pack / "language.toml").get("name") or lang)
    return {"en": "English", "de": "Deutsch"}.get(lang, lang)


def pack_texts(lang: str, relative: str) -> dict[str, str]:
    """The `key = "text"` lines of the pack of `lang` for the catalog at `relative` (a path inside the
    package); empty when no pack of that language translates it."""
    pack = _pack_dirs().get(lang)
    if pack is None:
        return {}
    path = pack / relative.lstrip("/")  # a catalog outside the package is named by its full path
    if not path.is_file():
        return {}
    texts = _read(path)
    bad = [key for key, value in texts.items() if not isinstance(value, str)]
    if bad:
        raise DataError(f"{path}: {', '.join(bad)}: expected a text (key = \"...\")")
    return dict(texts)


@cache
def _read_cached(path: Path, stamp: tuple[int, int]) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: {exc}") from exc


def _read(path: Path) -> dict[str, Any]:
    status = path.stat()
    return _read_cached(path, (status.st_mtime_ns, status.st_size))  # a changed file is read again


def check_language(lang: str) -> str:
    if lang not in languages():
        raise DwarfhallError(f"unknown language {lang!r}; choose one of {', '.join(languages())}")
    return lang


def pick(text: Text, lang: str) -> str:
    """The text in `lang`, falling back to English."""
    return text.get(lang) or text.get(DEFAULT_LANGUAGE) or next(iter(text.values()), "")
