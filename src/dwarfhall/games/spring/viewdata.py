"""What Spring's views need beside an observation: card names by key, reconstructed marks, and the short map
labels (a petal letter and a spot digit) that the terminal draws and reads back.

Everything here is public component data (the printed cards and tiles) or derived from the public map.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from dwarfhall.core import Catalog, Name
from dwarfhall.core.i18n import LANGUAGES

from .components import Components, Sourced
from .hexmap import PETAL_LETTERS as PETAL_LETTERS  # the views read the labels from here too
from .hexmap import label_of
from .worldmap import Placement, WorldMap

MARK = "°"  # after a card or value that the rulebook does not print (reconstructed for dwarfhall)
RESOURCES = ("wood", "food", "gold")
_NAME_ONLY = {"name", "text"}  # a reconstructed name or wording alone is not worth a mark


def reconstructed(entry: Sourced) -> bool:
    """A value a player counts on (axes, VP, costs, effects) is reconstructed, not only its name or wording."""
    return any(source == "reconstructed" for key, source in entry.sources.items() if key not in _NAME_ONLY)


@dataclass
class Cards:
    """Card and component names by the keys observations use."""

    comps: Components
    messages: Catalog

    def t(self, key: str, lang: str, **fields: Any) -> str:
        return self.messages.render(key, lang, **fields)

    @cached_property
    def monsters(self) -> dict[str, Any]:
        return {m.id: m for m in self.comps.monsters}

    @cached_property
    def quests(self) -> dict[str, Any]:
        return {q.id: q for q in self.comps.quests}

    @cached_property
    def heroes(self) -> dict[str, Any]:
        return {h.id: h for h in self.comps.heroes}

    @cached_property
    def dragons(self) -> dict[str, Any]:
        return {d.id: d for d in self.comps.dragons}

    @cached_property
    def faeries(self) -> dict[str, Any]:
        return {f.id: f for f in self.comps.faeries}

    @cached_property
    def spots(self) -> dict[str, Any]:
        return {s.id: s for s in self.comps.spots}

    def monster_kind(self, key: str) -> Any:
        return self.comps.monster_kinds[self.monsters[key].kind]

    def name(self, key: str, lang: str, case: str | None = None, level: int = 1, mark: bool = True) -> str:
        """A card's name (a monster by its kind, a dragon at `level`), with the mark when reconstructed."""
        if key in self.monsters:
            entry: Sourced = self.monsters[key]
            text = Name(self.monster_kind(key).name).form(lang, case)
        elif key in self.quests:
            entry = self.quests[key]
            text = self.t("tv_quest_name", lang, id=key)
        elif key in self.heroes:
            entry = self.heroes[key]
            text = Name(entry.name).form(lang, case)  # type: ignore[attr-defined]
        elif key in self.dragons:
            entry = self.dragons[key]
            text = Name(self.dragons[key].levels[max(1, level) - 1].name).form(lang, case)
        elif key in self.faeries:
            entry = self.faeries[key]
            text = Name(entry.name).form(lang, case)  # type: ignore[attr-defined]
        else:
            return key
        return text + (MARK if mark and reconstructed(entry) else "")

    def resource(self, key: str, lang: str) -> str:
        return Name(self.comps.resources[key].name).form(lang)

    def words(self, key: str, level: int = 1) -> set[str]:
        """Words a person may type for a card: its key and the words of its names in both languages."""
        names: list[str] = [key]
        for lang in LANGUAGES:
            names.append(self.name(key, lang, level=level, mark=False))
        return {w for n in names for w in n.casefold().replace("-", " ").split() if w}


class MapLabels:
    """The laid-out map of an observation, with each location's short label and back."""

    def __init__(self, comps: Components, raw_map: Sequence[Mapping[str, Any]]) -> None:
        self.world = WorldMap(comps, tuple(Placement(str(p["tile"]), int(p["rotation"])) for p in raw_map))
        self.geometry = self.world.geometry
        self.by_label = {label_of(loc.id).casefold(): loc.id for loc in self.geometry.locations}

    def slot(self, location_id: str) -> Any:
        return self.world.slots[self.geometry.by_id(location_id).index]

    def wildland(self, location_id: str) -> Any:
        return self.world.wildland_of(self.geometry.by_id(location_id).index)

    def location_of(self, word: str) -> str | None:
        """A typed label ('h3', 'H', or the long id 'P07.3') as a location id, or None."""
        word = word.strip().casefold()
        if word in self.by_label:
            return self.by_label[word]
        for location in self.geometry.locations:
            if location.id.casefold() == word:
                return location.id
        return None
