"""One index space for every kind of card in Spring (the zones count and hide cards by these indices).

Order: the 12 monster cards, the 26 quests, the 7 starting heroes (so the first 45 kinds are what a heroes deck
can hold), the 24 dragons (a dragon's level 1 card in the egg pile), the faerie kinds. An expedition pile holds
monsters and quests; the egg pile dragons; a faerie hand and the faerie piles faerie kinds.
"""

from __future__ import annotations

from dataclasses import dataclass

from .components import Components


@dataclass(frozen=True, slots=True)
class CardKinds:
    keys: tuple[str, ...]
    monsters: range
    quests: range
    heroes: range
    dragons: range
    faeries: range

    @property
    def count(self) -> int:
        return len(self.keys)

    def index(self, key: str) -> int:
        return self.keys.index(key)


def card_kinds(comps: Components) -> CardKinds:
    groups = (
        [m.id for m in comps.monsters],
        [q.id for q in comps.quests],
        [h.id for h in comps.heroes],
        [d.id for d in comps.dragons],
        [f.id for f in comps.faeries],
    )
    keys: list[str] = []
    ranges = []
    for ids in groups:
        ranges.append(range(len(keys), len(keys) + len(ids)))
        keys.extend(ids)
    return CardKinds(tuple(keys), *ranges)
