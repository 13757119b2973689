"""The Duel's cards: loaded from TOML, validated against every stated constraint, then immutable."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any

from dwarfhall.core.datafile import read_toml
from dwarfhall.core.errors import DataError
from dwarfhall.core.i18n import check_text, pick
from dwarfhall.core.messages import Name

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
class SideCard:
    """One side's face of a card: its name and text.

    `name` holds the name in each language; `noun` is the same name with its grammatical case forms
    (`de_acc`, `de_dat`, `de_gen` in the cards file), for messages that inflect it.
    """

    name: Mapping[str, str]
    noun: Name
    text: Mapping[str, str]
    source: str


@dataclass(frozen=True, slots=True)
class CardKind:
    """The mechanics of a card, shared by both sides, and each side's face."""

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
    source: str
    stated: frozenset[str]
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
        return self.source == "reconstructed"

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


def load_cards(path: str | Path | None = None) -> CardSet:
    """Reads and validates a cards file (the shipped one when `path` is None)."""
    return _load_cached(str(Path(path).resolve()) if path is not None else str(DEFAULT_CARDS))


@cache
def _load_cached(path: str) -> CardSet:
    raw = read_toml(path, "cards file")
    entries = raw.get("card")
    if not isinstance(entries, list) or not entries:
        raise DataError(f"{path}: expected [[card]] entries")
    kinds = tuple(_parse_kind(i, entry, path) for i, entry in enumerate(entries))
    card_set = CardSet(kinds, path)
    _check_deck(card_set)
    return card_set


def _field(entry: Mapping[str, Any], name: str, kind: type, where: str, default: Any = ...) -> Any:
    if name not in entry:
        if default is ...:
            raise DataError(f"{where}: missing field {name!r}")
        return default
    value = entry[name]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise DataError(f"{where}: {name} must be a whole number, not {value!r}")
    if not isinstance(value, kind):
        raise DataError(f"{where}: {name} must be a {kind.__name__}, not {value!r}")
    return value


def _parse_kind(index: int, entry: Any, path: str) -> CardKind:
    if not isinstance(entry, Mapping):
        raise DataError(f"{path}: card #{index + 1} is not a table")
    key = entry.get("key")
    where = f"{path}: card {key!r}" if isinstance(key, str) else f"{path}: card #{index + 1}"
    key = _field(entry, "key", str, where)
    known = set(MECHANICAL_FIELDS) | {"key", "source", "stated", *SIDES}
    unknown = sorted(set(entry) - known)
    if unknown:
        raise DataError(f"{where}: unknown field(s) {', '.join(unknown)}")
    try:
        card_type = CardType(_field(entry, "type", str, where))
    except ValueError:
        raise DataError(f"{where}: type must be one of {', '.join(t.value for t in CardType)}") from None
    try:
        ability = Ability(_field(entry, "ability", str, where))
    except ValueError:
        raise DataError(f"{where}: ability must be one of {', '.join(a.value for a in Ability)}") from None
    if card_type not in ABILITY_TYPES[ability]:
        raise DataError(f"{where}: a {card_type} card cannot have the ability {ability}")
    copies = _field(entry, "copies", int, where)
    if copies < 1:
        raise DataError(f"{where}: copies must be at least 1")
    cost = _parse_cost(_field(entry, "cost", dict, where), where)
    health = _field(entry, "health", int, where, None)
    if health is not None and health < 1:
        raise DataError(f"{where}: health must be at least 1")
    if health is not None and card_type not in (CardType.ALLY, CardType.VICTORY):
        raise DataError(f"{where}: only Allies and Victory Points cards have health")
    vp = _field(entry, "vp", int, where, 0)
    if vp < 0 or (vp and card_type is not CardType.VICTORY) or (card_type is CardType.VICTORY and vp == 0):
        raise DataError(f"{where}: victory points belong to, and only to, Victory Points cards")
    values = _field(entry, "damage_values", list, where, [])
    if ability is Ability.DAMAGE:
        if not values or any(not isinstance(v, int) or not 1 <= v <= 5 for v in values) or len(set(values)) != len(
            values
        ):
            raise DataError(f"{where}: damage_values must list distinct die values 1..5")
    elif values:
        raise DataError(f"{where}: only damage-dealing Allies have damage_values")
    amount = _field(entry, "amount", int, where, 1 if ability in ABILITIES_WITH_AMOUNT else 0)
    if ability in ABILITIES_WITH_AMOUNT and amount < 1:
        raise DataError(f"{where}: amount must be at least 1")
    if ability in ONE_POINT_ABILITIES and amount != 1:
        # one Shadow Armor stops one Throwing Axe (the rulebook's note), so both are single points
        raise DataError(f"{where}: a {ability} card handles exactly 1 point of damage (amount = 1)")
    source = _field(entry, "source", str, where)
    if source not in ("rulebook", "reconstructed"):
        raise DataError(f"{where}: source must be 'rulebook' or 'reconstructed'")
    stated = _field(entry, "stated", list, where, [])
    bad = [f for f in stated if f not in MECHANICAL_FIELDS]
    if bad:
        raise DataError(f"{where}: stated names unknown field(s) {bad}")
    faces = {side: _parse_face(entry, side, where) for side in SIDES}
    return CardKind(
        index=index,
        key=key,
        type=card_type,
        copies=copies,
        cost=cost,
        health=health,
        vp=vp,
        ability=ability,
        damage_values=frozenset(values),
        amount=amount,
        source=source,
        stated=frozenset(stated),
        faces=faces,
    )


def _parse_cost(raw: Mapping[str, Any], where: str) -> Cost:
    if set(raw) == {"single"}:
        value = raw["single"]
        if not isinstance(value, int) or not 1 <= value <= 5:
            raise DataError(f"{where}: cost single must be a die value 1..5")
        return Cost("single", value=value)
    if set(raw) == {"same"}:
        count = raw["same"]
        if not isinstance(count, int) or not 2 <= count <= 4:
            raise DataError(f"{where}: cost same must be 2, 3 or 4 dice")
        return Cost("same", count=count)
    if raw == {"free": True}:
        return Cost("free")
    raise DataError(f"{where}: cost must be {{ single = N }}, {{ same = N }} or {{ free = true }}")


def _parse_face(entry: Mapping[str, Any], side: str, where: str) -> SideCard:
    face = entry.get(side)
    if not isinstance(face, Mapping):
        raise DataError(f"{where}: missing the [{side}] face (name and text)")
    source = face.get("source")
    if source not in ("rulebook", "reconstructed"):
        raise DataError(f"{where}: {side}.source must be 'rulebook' or 'reconstructed'")
    return SideCard(
        name=check_text(face.get("name"), f"{where}: {side}.name"),
        noun=Name.from_data(face.get("name"), f"{where}: {side}.name"),
        text=check_text(face.get("text"), f"{where}: {side}.text"),
        source=source,
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
