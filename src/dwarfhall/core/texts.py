"""The core's own texts (messages.toml beside this module), for what every game shows the same way."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from .messages import Catalog

CATALOG_PATH = Path(__file__).with_name("messages.toml")


@cache
def core_catalog() -> Catalog:
    return Catalog.load(CATALOG_PATH)


def say(key: str, lang: str, **fields: Any) -> str:
    """The core's text `key` in `lang` (English where the language has none)."""
    return core_catalog().render(key, lang, **fields)
