"""The front end's own texts (EN/DE) from messages.toml; game texts come from each game."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from dwarfhall.core.i18n import check_language
from dwarfhall.core.messages import Catalog

CATALOG_PATH = Path(__file__).with_name("messages.toml")


@cache
def catalog() -> Catalog:
    return Catalog.load(CATALOG_PATH)


class Texts:
    """The catalog bound to one language, with the names the front end gives players."""

    def __init__(self, lang: str) -> None:
        self.lang = check_language(lang)

    def __call__(self, key: str, **fields: Any) -> str:
        return catalog().t(key, self.lang, **fields)

    def player(self, seat: int) -> str:
        """Numbered like seats everywhere (--seat, --as, the games' own views): from 0."""
        return self("player", n=seat)

    def players(self, seats: list[int]) -> str:
        return ", ".join(self.player(s) for s in seats)


def number(value: float) -> str:
    """2.0 -> '2', 2.5 -> '2.5'."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
