"""Legal action ids for the current decision, in ascending order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import damage, windows
from .dice import counts
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
from .tables import A_BANISH, A_RECOVER, A_WILD_DIE

if TYPE_CHECKING:
    from .state import DuelState


def legal_ids(s: DuelState) -> list[int]:
    if s.stack:
        frame = s.stack[-1]
        hand = s.hand[frame[0]]
        if not any([hand[k] for k in s.t.twist_kinds]):
            return [PASS]  # the usual case: a window whose owner holds no Twist
        ids = [PASS, *windows.twist_ids(s, frame[0], windows.can_cancel(frame))]
    else:
        phase = s.phase
        if phase == CARD:
            ids = card_ids(s)
        elif phase == PREROLL:
            ids = [ROLL, *windows.twist_ids(s, s.active, False)]
        elif phase == REROLL:
            c = counts(s)
            ids = [KEEP_DICE] + [REROLL_BASE + face - 1 for face in range(1, 7) if c[face]]
        elif phase == EFFECT:
            ids = effect_ids(s)
        elif phase == DRAW:
            ids = [DRAW_ONE, DRAW_ALL]
        else:
            ids = []
    ids.sort()
    return ids


def card_ids(s: DuelState) -> list[int]:
    """Play a card (each distinct payment), deal damage with an Ally or a Twist, play a Twist, end the turn."""
    t = s.t
    p = s.active
    hand = s.hand[p]
    c = counts(s)
    wilds = s.wild[p] - s.fresh
    memo = t.pay_memo
    table = memo.get((c, wilds))
    if table is None:
        table = memo[(c, wilds)] = tuple(payments(kind, value, count, c, wilds) for kind, value, count in t.costs)
    ids = [END_TURN]
    is_twist, is_event, ability, cost_id, play_base = t.is_twist, t.is_event, t.ability, t.cost_id, t.play_base
    for k, held in enumerate(hand):
        if not held or is_twist[k]:
            continue
        pays = table[cost_id[k]]
        if not pays or (is_event[k] and not _event_has_effect(s, p, ability[k], c)):
            continue
        base = play_base[k]
        ids.extend([base + pay for pay in pays])
    mask = 0
    damage_mask = t.damage_mask
    for k in s.disp[p]:
        mask |= damage_mask[k]
    if mask:
        sources = [face - 1 for face in (1, 2, 3, 4, 5) if c[face] and mask >> face & 1]
        if c[AXE]:
            sources.append(SRC_AXE)
        if wilds > 0:
            sources.append(SRC_WILD)
        if sources:
            targets = damage.targets(s, p)
            layout = t.layout
            for src in sources:
                base = layout.damage_base + src * layout.targets
                ids.extend([base + target for target in targets])
    ids.extend(windows.twist_ids(s, p, False))
    return ids


def _event_has_effect(s: DuelState, p: int, ability: int, c: tuple[int, ...]) -> bool:
    """An Event is offered only when its effect has something to act on (otherwise playing it changes nothing)."""
    if ability == A_BANISH:
        return bool(s.disp[1 - p])
    if ability == A_WILD_DIE:
        return any(c[1:6])
    if ability == A_RECOVER:
        is_event = s.t.is_event
        return any(not is_event[k] for k in s.discard[p])
    return True


def effect_ids(s: DuelState) -> list[int]:
    """The targets of the Event being played."""
    t = s.t
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
