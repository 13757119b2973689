"""Legal action ids for the current decision, in ascending order.

Each list is built in ascending order (the blocks of the id layout follow one another: plays by card
kind, then damage by source, each source's targets ascending), so the hot paths never sort.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from dwarfhall.core.rng import Rng

from . import damage, windows
from .dice import counts
from .kit import WILD_CARDS
from .layout import (
    AXE,
    DRAW_ALL,
    DRAW_ONE,
    END_TURN,
    KEEP_DICE,
    PASS,
    REROLL_BASE,
    ROLL,
    SHORT_REST_BASE,
    SRC_AXE,
    SRC_WILD,
)
from .payments import payments
from .phases import CARD, DRAW, EFFECT, PREROLL, REROLL
from .tables import A_BANISH, A_MORE_DICE, A_RECOVER, A_TAKE_WILD, A_WILD_DIE, Tables

if TYPE_CHECKING:
    from .state import DuelState

# bit src + 1 of a source mask: die faces 1..5 are bits 1..5 (as in `Tables.damage_mask`), the axe and a Wild Card
# the two bits above; an Ally's mask selects die faces, any Ally accepts an axe or a Wild Card
AXE_OR_WILD_BITS = 1 << (SRC_AXE + 1) | 1 << (SRC_WILD + 1)
# one unused die showing face f in the play table's key (bits 0-1 hold the usable Wild Cards, at most 3)
DIE_KEY = tuple(1 << (2 + 3 * face) for face in range(AXE + 1))
_DIE_KEY = DIE_KEY  # private aliases that legal.pxd types as C (an array, an int); the public names stay attributes
_AXE_OR_WILD = AXE_OR_WILD_BITS
# compiled (this module is then an extension, not the .py), a loop by index over a hand runs in C; in Python
# `compress` skips the kinds not held faster
_BY_INDEX = not __file__.endswith((".py", ".pyc"))


def legal_ids(s: DuelState) -> list[int]:
    stack = s.stack
    if stack:
        frame = stack[-1]
        hand = s.hand[frame[0]]
        # a loop over the Twist kinds rather than any(twists_held(hand)): as fast as Python, a C loop compiled
        for k in s.tables.twist_kinds:
            if hand[k]:
                return [PASS, *windows.twist_ids(s, frame[0], windows.can_cancel(frame))]
        return [PASS]  # the usual case: a window whose owner holds no Twist
    phase = s.phase
    if phase == CARD:
        return card_ids(s)
    if phase == PREROLL:
        hand = s.hand[s.active]
        for k in s.tables.twist_kinds:
            if hand[k]:
                return [ROLL, *windows.twist_ids(s, s.active, False)]
        return [ROLL]  # the usual case: only the roll
    if phase == REROLL:
        ids = [KEEP_DICE]
        spent = s.spent
        for i, face in enumerate(s.dice):
            if not spent[i] and REROLL_BASE + face - 1 not in ids:
                ids.append(REROLL_BASE + face - 1)
        ids.sort()
        return ids
    if phase == EFFECT:
        return sorted(effect_ids(s))
    if phase == DRAW:
        return [DRAW_ONE, DRAW_ALL]
    return []


def card_ids(s: DuelState) -> list[int]:
    """Play a card (each distinct payment), deal damage with an Ally or a Twist, play a Twist, end the turn."""
    t = s.tables
    p = s.active
    hand = s.hand[p]
    plays, src_bits, playable = _play_entry(s, t, p)
    ids = [END_TURN]
    check = t.play_check
    if _BY_INDEX:  # the kinds held that these dice can pay for, ascending (a C loop)
        for k in playable:
            if hand[k]:
                ability = check[k]
                if not ability or _has_effect(s, p, ability):
                    ids += plays[k]
    else:  # the kinds held, ascending
        for k in compress(t.kind_range, hand):
            got = plays[k]
            if got and (not check[k] or _has_effect(s, p, check[k])):
                ids += got
    sources = _damage_sources(s, t, p, src_bits)
    throw_base = t.throw_base
    targets: list[int] | None = None
    for base in sources:
        if targets is None:
            targets = damage.targets(s, p)
        for target in targets:
            ids.append(base + target)
    for k in t.throw_kinds:
        if hand[k]:
            if targets is None:
                targets = damage.targets(s, p)
            base = throw_base[k]
            for target in targets:
                ids.append(base + target)
    return ids


def random_id(s: DuelState, rng: Rng) -> int:
    """`ids[rng.below(len(ids))]` of `ids = legal_ids(s)`, the same draw, without building the list where it can.

    The random playout's step: a window whose owner holds no Twist offers only the pass, and the card phase's id
    is picked by its index among the plays, the damage ids and the Twists' ids in `card_ids`' order.
    """
    stack = s.stack
    if stack:
        hand = s.hand[stack[-1][0]]
        for k in s.tables.twist_kinds:
            if hand[k]:
                ids = legal_ids(s)
                return ids[rng.below(len(ids))]
        rng.below(1)  # the draw of the one-id list, so the generator moves as in the protocol's loop
        return PASS
    if s.phase == CARD:
        return _card_pick(s, rng)
    ids = legal_ids(s)
    return ids[rng.below(len(ids))]


def _card_pick(s: DuelState, rng: Rng) -> int:
    """The id at a random index of `card_ids(s)`, found without building that list."""
    t = s.tables
    p = s.active
    hand = s.hand[p]
    plays, src_bits, playable = _play_entry(s, t, p)
    check = t.play_check
    n = 1  # END_TURN, then the play ids of each kind offered, in card_ids' order (walked again for the pick)
    if _BY_INDEX:
        for k in playable:
            if hand[k]:
                ability = check[k]
                if not ability or _has_effect(s, p, ability):
                    n += len(plays[k])
    else:  # pure Python keeps the kinds' play ids for the pick (compiled, walking the kinds again is cheaper)
        held = []
        for k in compress(t.kind_range, hand):
            got = plays[k]
            if got and (not check[k] or _has_effect(s, p, check[k])):
                held.append(got)
                n += len(got)
    sources = _damage_sources(s, t, p, src_bits)
    throws = 0
    for k in t.throw_kinds:
        if hand[k]:
            throws += 1
    targets: list[int] = damage.targets(s, p) if sources or throws else []
    width = len(targets)
    i = rng.below(n + (len(sources) + throws) * width)
    if i == 0:
        return END_TURN
    if i < n:
        i -= 1
        if _BY_INDEX:
            for k in playable:
                if hand[k]:
                    ability = check[k]
                    if not ability or _has_effect(s, p, ability):
                        got = plays[k]
                        if i < len(got):
                            return got[i]
                        i -= len(got)
        else:
            for got in held:
                if i < len(got):
                    return got[i]
                i -= len(got)
    i -= n
    row = i // width
    target = targets[i - row * width]
    if row < len(sources):
        return sources[row] + target
    row -= len(sources)
    for k in t.throw_kinds:
        if hand[k]:
            if not row:
                return t.throw_base[k] + target
            row -= 1
    raise AssertionError("a card-phase index past its ids")


def _damage_sources(s: DuelState, t: Tables, p: int, src_bits: int) -> tuple[int, ...]:
    """The id bases of the damage sources the display and these dice offer, in `card_ids`' order."""
    mask = 0
    damage_mask = t.damage_mask
    for k in s.disp[p]:
        bits = damage_mask[k]
        mask |= bits
    return t.src_bases[src_bits & (mask | _AXE_OR_WILD)] if mask else ()


def _play_entry(s: DuelState, t: Tables, p: int) -> tuple[tuple[tuple[int, ...], ...], int, tuple[int, ...]]:
    """`card_plays` for the player's unused dice and usable Wild Cards, from the card table's memo."""
    wilds = s.wild[p] - s.fresh
    # the play table's key: the usable Wild Cards plus the unused dice per face packed in 3 bits each (at most 6
    # dice); cheaper than the `counts` tuple, which is built only for a new key
    key = wilds
    spent = s.spent
    for i, face in enumerate(s.dice):  # zip(..., strict=True) costs more than the loop itself
        if not spent[i]:
            key += _DIE_KEY[face]
    entry = t.play_memo.get(key)
    if entry is None:
        entry = t.play_memo[key] = card_plays(t, counts(s), wilds)
    return entry


def card_plays(t: Tables, c: tuple[int, ...], wilds: int) -> tuple[tuple[tuple[int, ...], ...], int, tuple[int, ...]]:
    """Per card kind, the ascending play ids the dice `c` and `wilds` usable Wild Cards allow in the card phase;
    the damage sources they offer as bits (bit src + 1, see AXE_OR_WILD_BITS); compiled, the kinds with a play."""
    by_cost = [sorted(payments(kind, value, count, c, wilds)) for kind, value, count in t.costs]
    has_number = any(c[1:6])
    plays: list[tuple[int, ...]] = []
    for k in range(t.n):
        ability, base = t.ability[k], t.play_base[k]
        if t.is_twist[k]:
            # free; Throwing Axes are damage ids, Chain Mail only answers a point, the rest are the active player's
            plays.append((base,) if ability in (A_MORE_DICE, A_TAKE_WILD) else ())
        elif ability == A_WILD_DIE and not has_number:
            plays.append(())  # Short Rest needs an unused numbered die (reading 19)
        else:
            plays.append(tuple([base + pay for pay in by_cost[t.cost_id[k]]]))
    bits = 1 << (SRC_WILD + 1) if wilds > 0 else 0
    for face in range(1, 7):  # a loop rather than sum() of a generator: compiled, it has no closure
        if c[face]:
            bits |= 1 << face
    # the kinds with a play, for the compiled loop of card_ids (pure Python goes by the hand)
    playable = tuple([k for k in range(t.n) if plays[k]]) if _BY_INDEX else ()
    return tuple(plays), bits, playable


def _has_effect(s: DuelState, p: int, ability: int) -> bool:
    """A card is offered only when its effect has something to act on (otherwise playing it changes nothing)."""
    if ability == A_BANISH:
        return bool(s.disp[1 - p])
    if ability == A_RECOVER:
        return not all(map(s.tables.is_event.__getitem__, s.discard[p]))
    if ability == A_TAKE_WILD:
        return s.wild[p] < WILD_CARDS
    return True


def effect_ids(s: DuelState) -> list[int]:
    """The targets of the Event being played."""
    t = s.tables
    p = s.active
    ability = t.ability[s.effect]
    layout = t.layout
    if ability == A_BANISH:
        other = 1 - p
        found: list[int] = []
        for k, d in zip(s.disp[other], s.dmg[other], strict=True):
            code = layout.banish(k, d)
            if code not in found:
                found.append(code)
        return found
    if ability == A_WILD_DIE:
        c = counts(s)
        return [SHORT_REST_BASE + face - 1 for face in range(1, 6) if c[face]]
    if ability == A_RECOVER:
        is_event = t.is_event
        return [layout.recover(k) for k in sorted(set(s.discard[p])) if not is_event[k]]
    return []
