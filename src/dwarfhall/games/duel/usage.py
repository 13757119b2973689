"""What balance reports count as a component a player used: the card an action names, read off its id.

`labels.describe` names it in the payload's "component"; `components` (the protocol's `_action_components`) gives
the same keys without building the payload or its label. Compiled (`usage.pxd`) it reads the state's C fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .damage import credited_ally
from .layout import DRAW_ALL, NPAY, PLAY_BASE, REROLL_BASE, SHORT_REST_BASE, SRC_AXE
from .tables import A_EXTRA_DRAW, A_REROLL

if TYPE_CHECKING:
    from .state import DuelState


def components(s: DuelState, action_id: int) -> tuple[str, ...]:
    """The card key `labels.describe` names as the action's "component", found by the id's block (the blocks'
    order is kit.action_space's): () for an action that names none."""
    t = s.tables
    if action_id >= PLAY_BASE:
        layout = t.layout
        if action_id < layout.banish_base:  # play: the card played
            return (t.keys[(action_id - PLAY_BASE) // NPAY],)
        if action_id < layout.damage_base:  # banish and recover: the card whose effect does it
            return (t.keys[s.effect],)
        src = (action_id - layout.damage_base) // layout.targets
        if src >= layout.first_throw_src:  # a damage Twist thrown from the hand
            return (t.keys[t.throw_kinds[src - layout.first_throw_src]],)
        actor = s.to_act if s.to_act >= 0 else s.active
        return (t.keys[credited_ally(s, actor, src + 1 if src < SRC_AXE else 0)],)
    if action_id >= SHORT_REST_BASE:
        return (t.keys[s.effect],)
    if action_id >= REROLL_BASE:
        key = support_key(s, s.to_act if s.to_act >= 0 else s.active, A_REROLL)
    elif action_id == DRAW_ALL:
        key = support_key(s, s.active, A_EXTRA_DRAW)
    else:
        return ()
    return () if key is None else (key,)


def support_key(s: DuelState, player: int, ability: int) -> str | None:
    """The key of the first card on `player`'s display with the support `ability`, or None."""
    t = s.tables
    for k in s.disp[player]:
        if t.ability[k] == ability:
            return t.keys[k]
    return None
