"""The components, read from components.toml by the kit's loader: a schema, a source per value, EN/DE names.

`load_data` checks the file's shape on `SCHEMA` (a `DataError` names the file, the entry and the value); the
rule a schema cannot say (the deck must deal every hand) is checked after it, in the same style.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from dwarfhall.core.data import Sourced, load_data, name_of, sources_of
from dwarfhall.core.errors import DataError
from dwarfhall.core.messages import Name
from dwarfhall.core.schema import NAME, entry, file_schema, integer

from .options import HighDrawOptions

PATH = Path(__file__).with_name("components.toml")
MOST_PLAYERS = max(HighDrawOptions.player_counts)
SCHEMA = file_schema(
    "dwarfhall-highdraw-components/1",
    {
        "deck": entry({"name": NAME, "count": integer(1, 99)}),
        # two cards in hand: the two moves are "play the lower" and "play the higher"
        "play": entry({"hand_size": {"const": 2}, "turns": integer(1, 10), "bonus": integer(0, 99)}),
    },
)


@dataclass(frozen=True, slots=True)
class Components(Sourced):
    """The deck (cards numbered 1..`count`, each a `name`) and the numbers of the rules."""

    name: Name
    count: int
    hand_size: int
    turns: int
    bonus: int
    sources: Mapping[str, str]

    @property
    def deck(self) -> tuple[int, ...]:
        return tuple(range(1, self.count + 1))


@cache
def load_components(path: Path = PATH) -> Components:
    raw = load_data(path, "components file", SCHEMA)
    deck, play = raw["deck"], raw["play"]
    if deck["count"] < play["hand_size"] * MOST_PLAYERS:
        raise DataError(f"{path.name}: deck: count: {deck['count']} cards cannot deal {MOST_PLAYERS} hands")
    sources = {**sources_of(deck), **sources_of(play)}
    return Components(name_of(deck["name"]), deck["count"], play["hand_size"], play["turns"], play["bonus"], sources)
