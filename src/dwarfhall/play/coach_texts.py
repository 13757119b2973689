"""The coach's own texts (review and hints, EN/DE) from coach_messages.toml."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from dwarfhall.core.messages import Catalog

from .texts import Texts

CATALOG_PATH = Path(__file__).with_name("coach_messages.toml")


@cache
def coach_catalog() -> Catalog:
    return Catalog.load(CATALOG_PATH)


class CoachTexts(Texts):
    """Coach texts by key, with the front end's player names (`Player 0`)."""

    def __call__(self, key: str, **fields: Any) -> str:
        return coach_catalog().t(key, self.lang, **fields)

    def player(self, seat: int) -> str:
        return Texts(self.lang)("player", n=seat)


def percent(chance: float) -> str:
    """0.523 -> '52 %' (the same in both languages)."""
    return f"{round(chance * 100)} %"
