"""Flat per-card-set tables the rules read in their hot paths (tuples of ints, no enum lookups)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter

from .components import Ability, CardSet, CardType
from .layout import FIRST_THROW_SRC, Layout

# ability codes, small ints so the hot paths compare ints rather than enum members
A_NONE = 0
A_DAMAGE = 1
A_GUARD = 2
A_EXTRA_DRAW = 3
A_EXTRA_DIE = 4
A_REROLL = 5
A_BANISH = 6
A_WILD_DIE = 7
A_RECOVER = 8
A_MORE_DICE = 9
A_THROW = 10
A_CANCEL = 11
A_TAKE_WILD = 12

ABILITY_CODES: dict[Ability, int] = {
    Ability.NONE: A_NONE,
    Ability.DAMAGE: A_DAMAGE,
    Ability.GUARD: A_GUARD,
    Ability.EXTRA_DRAW: A_EXTRA_DRAW,
    Ability.EXTRA_DIE: A_EXTRA_DIE,
    Ability.REROLL: A_REROLL,
    Ability.BANISH: A_BANISH,
    Ability.WILD_DIE: A_WILD_DIE,
    Ability.RECOVER: A_RECOVER,
    Ability.EXTRA_DICE_NEXT_PHASE: A_MORE_DICE,
    Ability.THROW_DAMAGE: A_THROW,
    Ability.CANCEL_DAMAGE: A_CANCEL,
    Ability.TAKE_WILD_CARD: A_TAKE_WILD,
}

COST_FREE = 0
COST_SINGLE = 1
COST_SAME = 2
_COST_CODES = {"free": COST_FREE, "single": COST_SINGLE, "same": COST_SAME}


# no slots=True: the compiled build makes this a C type (tables.pxd), which Cython's dataclass allows only without it
@dataclass(frozen=True)
class Tables:
    """Everything about the cards that the rules need, indexed by card kind."""

    cards: CardSet
    layout: Layout
    n: int
    keys: tuple[str, ...]
    index: dict[str, int]
    ability: tuple[int, ...]
    amount: tuple[int, ...]
    cost_kind: tuple[int, ...]
    cost_value: tuple[int, ...]
    cost_count: tuple[int, ...]
    health: tuple[int, ...]  # 0 = no health (cannot be damaged)
    vp: tuple[int, ...]
    damage_mask: tuple[int, ...]  # bit v set when the Ally deals damage with a die showing v
    copies: tuple[int, ...]
    is_event: tuple[bool, ...]
    is_twist: tuple[bool, ...]
    twist_kinds: tuple[int, ...]
    throw_kinds: tuple[int, ...]
    deck: tuple[int, ...]  # one kind index per physical card of a side
    play_base: tuple[int, ...]  # action id of playing kind k with payment code 0
    costs: tuple[tuple[int, int, int], ...]  # the distinct costs (kind, value, count)
    cost_id: tuple[int, ...]  # index into `costs` for each card kind
    kind_range: range  # range(n), for itertools.compress over a hand of counts
    twists_held: Callable[[Sequence[int]], tuple[int, ...]]  # a hand's counts of the Twist kinds
    target_code: tuple[int, ...]  # per kind: damage target code at 0 damage, 0 (the pile's) if it has no health
    guard_target_code: tuple[int, ...]  # the same while a guard stands: 0 for every kind but the guards
    guard_kinds: frozenset[int]
    # damage Allies that take any die (the Dwarf King / Bislipur): a damage Twist answering their play ignores guards
    any_die_allies: frozenset[int]
    support_amount: tuple[tuple[int, ...], ...]  # per ability code, per kind: `amount` if the kind has it, else 0
    # per die face (0: an axe or a Wild Card, any face), per kind: (values it takes, kind) as breadth * n + kind
    # for a damage Ally taking that face, else NO_CREDIT; the smallest names the most specific Ally
    credit_rank: tuple[tuple[int, ...], ...]
    src_bases: tuple[tuple[int, ...], ...]  # per source mask (bit src + 1): damage ids of those sources at target 0
    throw_base: tuple[int, ...]  # per kind: damage id of its Throwing Axe source at target 0 (0 if none)
    play_check: tuple[int, ...]  # per kind: the ability whose target must be checked before offering it, else 0
    # card-phase plays per (unused dice per face, usable Wild Cards) packed in an int, filled as seen: legal.card_ids
    play_memo: dict[int, tuple[tuple[tuple[int, ...], ...], int, tuple[int, ...]]]

    def src_of_throw(self, kind: int) -> int:
        return self.layout.first_throw_src + self.throw_kinds.index(kind)


NO_CREDIT = 1 << 30  # `credit_rank` of a kind that deals no damage with a face

_TABLES: dict[str, Tables] = {}
# plays offered only when their effect has something to act on, checked against the state (reading 19);
# Short Rest's condition depends on the dice alone, so it is part of the memoised plays
_CHECKED_PLAYS = frozenset({Ability.BANISH, Ability.RECOVER, Ability.TAKE_WILD_CARD})


def _getter(kinds: tuple[int, ...]) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """A C-level getter of `kinds` from a hand of counts; itemgetter returns a bare int for one key."""
    if len(kinds) < 2:
        return lambda hand: tuple(hand[k] for k in kinds)
    return itemgetter(*kinds)


def tables_for(cards: CardSet) -> Tables:
    """The tables of a card set, built once per cards file."""
    cached = _TABLES.get(cards.path)
    if cached is not None and cached.cards is cards:
        return cached
    kinds = cards.kinds
    throw_kinds = tuple(k.index for k in kinds if k.ability is Ability.THROW_DAMAGE)
    max_health = max((k.health or 0) for k in kinds)
    layout = Layout(len(kinds), max(1, max_health), len(throw_kinds))
    cost_of = [(_COST_CODES[k.cost.kind], k.cost.value, k.cost.dice) for k in kinds]
    costs = tuple(sorted(set(cost_of)))
    tables = Tables(
        cards=cards,
        layout=layout,
        n=len(kinds),
        keys=tuple(k.key for k in kinds),
        index={k.key: k.index for k in kinds},
        ability=tuple(ABILITY_CODES[k.ability] for k in kinds),
        amount=tuple(k.amount for k in kinds),
        cost_kind=tuple(_COST_CODES[k.cost.kind] for k in kinds),
        cost_value=tuple(k.cost.value for k in kinds),
        cost_count=tuple(k.cost.dice for k in kinds),
        health=tuple(k.health or 0 for k in kinds),
        vp=tuple(k.vp for k in kinds),
        damage_mask=tuple(sum(1 << v for v in k.damage_values) for k in kinds),
        copies=tuple(k.copies for k in kinds),
        is_event=tuple(k.type is CardType.EVENT for k in kinds),
        is_twist=tuple(k.type is CardType.TWIST for k in kinds),
        twist_kinds=tuple(k.index for k in kinds if k.type is CardType.TWIST),
        throw_kinds=throw_kinds,
        deck=tuple(cards.deck()),
        play_base=tuple(layout.play(k.index, 0) for k in kinds),
        costs=costs,
        cost_id=tuple(costs.index(c) for c in cost_of),
        kind_range=range(len(kinds)),
        twists_held=_getter(tuple(k.index for k in kinds if k.type is CardType.TWIST)),
        target_code=tuple(layout.card_target(k.index, 0) if k.health else 0 for k in kinds),
        guard_target_code=tuple(
            layout.card_target(k.index, 0) if k.health and k.ability is Ability.GUARD else 0 for k in kinds
        ),
        guard_kinds=frozenset(k.index for k in kinds if k.ability is Ability.GUARD),
        any_die_allies=frozenset(
            k.index for k in kinds if k.ability is Ability.DAMAGE and set(k.damage_values) >= {1, 2, 3, 4, 5}
        ),
        support_amount=tuple(
            tuple(k.amount if ABILITY_CODES[k.ability] == code else 0 for k in kinds)
            for code in range(max(ABILITY_CODES.values()) + 1)
        ),
        credit_rank=tuple(
            tuple(
                len(k.damage_values) * len(kinds) + k.index
                if k.ability is Ability.DAMAGE and (face == 0 or face in k.damage_values)
                else NO_CREDIT
                for k in kinds
            )
            for face in range(6)
        ),
        src_bases=tuple(
            tuple(layout.damage(src, 0) for src in range(FIRST_THROW_SRC) if bits >> (src + 1) & 1)
            for bits in range(1 << (FIRST_THROW_SRC + 1))
        ),
        throw_base=tuple(
            layout.damage(FIRST_THROW_SRC + throw_kinds.index(k.index), 0) if k.index in throw_kinds else 0
            for k in kinds
        ),
        play_check=tuple(
            ABILITY_CODES[k.ability] if k.ability in _CHECKED_PLAYS else 0 for k in kinds
        ),
        play_memo={},
    )
    _TABLES[cards.path] = tables
    return tables
