"""The Duel's cards: loaded from TOML, checked against every stated constraint, then immutable.

The kit's loader reads `cards.toml` and checks its shape on `SCHEMA` (`dwarfhall.core.data`, `core.schema`):
the mechanics sourced value by value (`source`, overridden by `sources`), each side's face with its names in
English and German (German case forms included) and its text. The rules a schema cannot say (which ability
belongs to which type, the deck's card counts) are checked after it, naming the file and the card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Any

from dwarfhall.core.data import Sourced, load_data, name_of, sources_of, text_of
from dwarfhall.core.datafile import file_stamps
from dwarfhall.core.errors import DataError
from dwarfhall.core.i18n import pick
from dwarfhall.core.messages import Name
from dwarfhall.core.schema import (
    COUNT,
    KEY,
    NAME,
    POSITIVE,
    TEXT,
    check_shape,
    entries,
    entry,
    file_schema,
    integer,
    one_key,
    one_of,
)

DEFAULT_CARDS = Path(__file__).with_name("cards.toml")
SIDES: tuple[str, str] = ("good", "evil")
DECK_SIZE = 35


class CardType(StrEnum):
    ALLY = "ally"
    VICTORY = "victory"
    SUPPORT = "support"
    EVENT = "event"
    TWIST = "twist"


class Ability(StrEnum):
    NONE = "none"
    DAMAGE = "damage"  # ally: 1 damage per die showing one of damage_values
    GUARD = "guard"  # ally: damage aimed at the owner's display must hit it first
    EXTRA_DRAW = "extra_draw"  # support: draw `amount` more in each draw phase, all or none
    EXTRA_DIE = "extra_die"  # support: roll `amount` more dice in each dice phase
    REROLL = "reroll"  # support: re-roll `amount` die in each dice phase
    BANISH = "banish"  # event: a card of the opponent's display goes to their discard pile
    WILD_DIE = "wild_die"  # event: one unused rolled die counts as the wild face
    RECOVER = "recover"  # event: a non-Event card from the own discard pile back to hand
    EXTRA_DICE_NEXT_PHASE = "extra_dice_next_phase"  # twist: `amount` more dice in the next dice phase
    THROW_DAMAGE = "throw_damage"  # twist: deal `amount` damage at any time
    CANCEL_DAMAGE = "cancel_damage"  # twist: cancel one point of damage
    TAKE_WILD_CARD = "take_wild_card"  # twist: take a Wild Card, from the middle else the opponent


# the type each ability belongs to; a card with another type is a data error
ABILITY_TYPES: dict[Ability, frozenset[CardType]] = {
    Ability.NONE: frozenset({CardType.VICTORY}),
    Ability.DAMAGE: frozenset({CardType.ALLY}),
    Ability.GUARD: frozenset({CardType.ALLY}),
    Ability.EXTRA_DRAW: frozenset({CardType.SUPPORT}),
    Ability.EXTRA_DIE: frozenset({CardType.SUPPORT}),
    Ability.REROLL: frozenset({CardType.SUPPORT}),
    Ability.BANISH: frozenset({CardType.EVENT}),
    Ability.WILD_DIE: frozenset({CardType.EVENT}),
    Ability.RECOVER: frozenset({CardType.EVENT}),
    Ability.EXTRA_DICE_NEXT_PHASE: frozenset({CardType.TWIST}),
    Ability.THROW_DAMAGE: frozenset({CardType.TWIST}),
    Ability.CANCEL_DAMAGE: frozenset({CardType.TWIST}),
    Ability.TAKE_WILD_CARD: frozenset({CardType.TWIST}),
}
ABILITIES_WITH_AMOUNT = frozenset(
    {Ability.EXTRA_DRAW, Ability.EXTRA_DIE, Ability.REROLL, Ability.EXTRA_DICE_NEXT_PHASE, Ability.THROW_DAMAGE,
     Ability.CANCEL_DAMAGE}
)
# the rulebook's note on Throwing Axe and Shadow Armor only holds when each is worth exactly one point
ONE_POINT_ABILITIES = frozenset({Ability.THROW_DAMAGE, Ability.CANCEL_DAMAGE})
TYPE_COUNTS: dict[CardType, int] = {
    CardType.ALLY: 9,
    CardType.VICTORY: 8,
    CardType.SUPPORT: 7,
    CardType.EVENT: 6,
    CardType.TWIST: 5,
}
MECHANICAL_FIELDS = ("type", "copies", "cost", "health", "vp", "ability", "damage_values", "amount")


@dataclass(frozen=True, slots=True)
class Cost:
    """`single`: one die showing `value`; `same`: `count` dice of one value; `free`: no dice."""

    kind: str
    value: int = 0
    count: int = 0

    @property
    def dice(self) -> int:
        return {"single": 1, "same": self.count, "free": 0}[self.kind]


@dataclass(frozen=True, slots=True)
class SideCard(Sourced):
    """One side's face of a card: its name and text.

    `name` holds the name in each language; `noun` is the same name with its grammatical case forms
    (`de_acc`, `de_dat`, `de_gen` in the cards file), for messages that inflect it.
    """

    name: Mapping[str, str]
    noun: Name
    text: Mapping[str, str]
    sources: Mapping[str, str]

    @property
    def source(self) -> str:
        """'reconstructed' if the name or text is, else 'rulebook'."""
        return "reconstructed" if self.reconstructed else "rulebook"


@dataclass(frozen=True, slots=True)
class CardKind(Sourced):
    """The mechanics of a card, shared by both sides, and each side's face; `sources` names the source of each
    mechanical value."""

    index: int
    key: str
    type: CardType
    copies: int
    cost: Cost
    health: int | None
    vp: int
    ability: Ability
    damage_values: frozenset[int]
    amount: int
    sources: Mapping[str, str]
    faces: Mapping[str, SideCard]

    def name(self, side: str, lang: str = "en") -> str:
        return pick(self.faces[side].name, lang)

    def text(self, side: str, lang: str = "en") -> str:
        return pick(self.faces[side].text, lang)

    @property
    def deals_damage(self) -> bool:
        return self.ability is Ability.DAMAGE

    @property
    def is_reconstructed(self) -> bool:
        """At least one mechanical value is reconstructed (the card table's ✱)."""
        return self.reconstructed

    @property
    def source(self) -> str:
        """'rulebook' when the rulebook states every mechanical value of the card, else 'reconstructed'."""
        return "reconstructed" if self.reconstructed else "rulebook"

    @property
    def stated(self) -> frozenset[str]:
        """The mechanical values the rulebook states."""
        return self.rulebook_values()

    def to_json(self, side: str) -> dict[str, Any]:
        """Public card facts for observations and front ends."""
        face = self.faces[side]
        return {
            "key": self.key,
            "type": str(self.type),
            "cost": {"kind": self.cost.kind, "value": self.cost.value, "count": self.cost.count},
            "health": self.health,
            "vp": self.vp,
            "ability": str(self.ability),
            "damage_values": sorted(self.damage_values),
            "amount": self.amount,
            "name": dict(face.name),
            "text": dict(face.text),
            "reconstructed": self.is_reconstructed or face.source == "reconstructed",
        }


@dataclass(frozen=True, slots=True)
class CardSet:
    """Every card kind of the game; a deck lists kind indices, one entry per physical card."""

    kinds: tuple[CardKind, ...]
    path: str

    def deck(self) -> list[int]:
        return [kind.index for kind in self.kinds for _ in range(kind.copies)]

    def by_key(self, key: str) -> CardKind:
        for kind in self.kinds:
            if kind.key == key:
                return kind
        raise KeyError(f"no card with key {key!r}")

    def find(self, words: str, lang: str) -> list[CardKind]:
        """Cards whose key or name on either side contains `words` (case-insensitive)."""
        needle = words.strip().casefold()
        return [
            kind
            for kind in self.kinds
            if needle in kind.key.casefold()
            or any(needle in kind.name(side, language).casefold() for side in SIDES for language in ("en", "de"))
        ]


_FACE = entry({"name": NAME, "text": TEXT})
SCHEMA = file_schema(
    None,
    {
        "card": entries(
            entry(
                {
                    "key": KEY,
                    "type": one_of(t.value for t in CardType),
                    "copies": POSITIVE,
                    "cost": one_key({"single": integer(1, 5), "same": integer(2, 4), "free": {"const": True}}),
                    "health": POSITIVE,
                    "vp": COUNT,
                    "ability": one_of(a.value for a in Ability),
                    "damage_values": {"type": "array", "items": integer(1, 5), "uniqueItems": True},
                    "amount": POSITIVE,
                    "good": _FACE,
                    "evil": _FACE,
                },
                optional=("health", "vp", "damage_values", "amount"),
                unsourced=("key", *SIDES),
            ),
            min_items=1,
        )
    },
)
"""The shape of a cards file; `MECHANICAL_FIELDS` are the values sourced per card, each face is sourced itself."""


def load_cards(path: str | Path | None = None) -> CardSet:
    """Reads and checks a cards file (the shipped one when `path` is None)."""
    target = str(Path(path).resolve()) if path is not None else str(DEFAULT_CARDS)
    return _load_cached(target, file_stamps([target], "cards file"))


@lru_cache(maxsize=16)
def _load_cached(path: str, stamps: tuple[int, ...]) -> CardSet:  # stamps: a changed file is read again
    return _build(load_data(path, "cards file", SCHEMA), path)


def parse_cards(raw: Mapping[str, Any], origin: str = "<cards>") -> CardSet:
    """Checks a parsed cards table (its shape, then the rules) and builds the card set."""
    check_shape(raw, SCHEMA, origin)
    return _build(raw, origin)


def _build(raw: Mapping[str, Any], path: str) -> CardSet:
    kinds = tuple(_kind(i, item, f"{path}: card {item['key']!r}") for i, item in enumerate(raw["card"]))
    card_set = CardSet(kinds, path)
    _check_deck(card_set)
    return card_set


def _kind(index: int, item: Mapping[str, Any], where: str) -> CardKind:
    """One card from a shape-checked entry, after the rules that tie its values together."""
    card_type = CardType(item["type"])
    ability = Ability(item["ability"])
    if card_type not in ABILITY_TYPES[ability]:
        raise DataError(f"{where}: a {card_type} card cannot have the ability {ability}")
    health = item.get("health")
    if health is not None and card_type not in (CardType.ALLY, CardType.VICTORY):
        raise DataError(f"{where}: only Allies and Victory Points cards have health")
    vp = item.get("vp", 0)
    if (vp and card_type is not CardType.VICTORY) or (card_type is CardType.VICTORY and vp == 0):
        raise DataError(f"{where}: victory points belong to, and only to, Victory Points cards")
    values = item.get("damage_values", [])
    if ability is Ability.DAMAGE and not values:
        raise DataError(f"{where}: damage_values must list distinct die values 1..5")
    if ability is not Ability.DAMAGE and values:
        raise DataError(f"{where}: only damage-dealing Allies have damage_values")
    amount = item.get("amount", 1 if ability in ABILITIES_WITH_AMOUNT else 0)
    if ability in ONE_POINT_ABILITIES and amount != 1:
        # one Shadow Armor stops one Throwing Axe (the rulebook's note), so both are single points
        raise DataError(f"{where}: a {ability} card handles exactly 1 point of damage (amount = 1)")
    cost_kind, number = next(iter(item["cost"].items()))
    cost = Cost(cost_kind, value=number if cost_kind == "single" else 0, count=number if cost_kind == "same" else 0)
    return CardKind(
        index=index,
        key=item["key"],
        type=card_type,
        copies=item["copies"],
        cost=cost,
        health=health,
        vp=vp,
        ability=ability,
        damage_values=frozenset(values),
        amount=amount,
        sources=sources_of(item, [f for f in MECHANICAL_FIELDS if f in item]),
        faces={side: _face(item[side], f"{where}: {side}") for side in SIDES},
    )


def _face(face: Mapping[str, Any], where: str) -> SideCard:
    return SideCard(
        name=text_of(face["name"], f"{where}.name"),
        noun=name_of(face["name"], f"{where}.name"),
        text=text_of(face["text"], f"{where}.text"),
        sources=sources_of(face),
    )


def _check_deck(cards: CardSet) -> None:
    """The constraints the rulebooks state for each deck; both sides share the mechanics."""
    where = cards.path
    keys = Counter(kind.key for kind in cards.kinds)
    dupes = sorted(k for k, n in keys.items() if n > 1)
    if dupes:
        raise DataError(f"{where}: card key(s) used twice: {', '.join(dupes)}")
    total = sum(kind.copies for kind in cards.kinds)
    if total != DECK_SIZE:
        raise DataError(f"{where}: a deck has {DECK_SIZE} cards, this file makes {total}")
    per_type = Counter[CardType]()
    for kind in cards.kinds:
        per_type[kind.type] += kind.copies
    for card_type, want in TYPE_COUNTS.items():
        if per_type[card_type] != want:
            raise DataError(f"{where}: a deck has {want} {card_type} cards, this file makes {per_type[card_type]}")
    singles = [kind for kind in cards.kinds for _ in range(kind.copies) if kind.cost.kind == "single"]
    if sorted(k.cost.value for k in singles) != [1, 2, 3, 4, 5]:
        names = ", ".join(f"{k.key}={k.cost.value}" for k in singles)
        raise DataError(f"{where}: exactly 5 cards cost a single die, one for each value 1..5 (found: {names})")
    for kind in cards.kinds:
        if kind.type is CardType.TWIST and kind.cost.kind != "free":
            raise DataError(f"{where}: card {kind.key!r}: every Twist of Fate costs no dice")
    free_events = sum(k.copies for k in cards.kinds if k.type is CardType.EVENT and k.cost.kind == "free")
    if free_events != 3:
        raise DataError(f"{where}: exactly 3 of the 6 Events cost no dice, this file makes {free_events}")
    damage_allies = sum(k.copies for k in cards.kinds if k.deals_damage)
    if damage_allies != 8:
        raise DataError(f"{where}: exactly 8 of the 9 Allies deal damage, this file makes {damage_allies}")
    for kind in cards.kinds:
        if kind.type in (CardType.ALLY, CardType.VICTORY) and kind.health is None:
            raise DataError(f"{where}: card {kind.key!r}: Allies and Victory Points cards need health")
