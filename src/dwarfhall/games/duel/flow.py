"""Carrying out an action, then running every automatic step up to the next decision."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dwarfhall.core.game import TERMINAL

from . import damage, dice, windows
from .layout import (
    AXE,
    DRAW_ALL,
    END_TURN,
    KEEP_DICE,
    NPAY,
    PASS,
    PAY_PARTS,
    PLAY_BASE,
    REROLL_BASE,
    ROLL,
    SHORT_REST_BASE,
    SRC_AXE,
    SRC_WILD,
)
from .legal import effect_ids
from .payments import naturals
from .phases import ANSWERS_CARD, ANSWERS_END, ANSWERS_ROLL, CANCEL, CARD, DRAW, EFFECT, ENDING, PREROLL, REROLL
from .tables import A_BANISH, A_CANCEL, A_EXTRA_DRAW, A_MORE_DICE, A_RECOVER, A_TAKE_WILD, A_WILD_DIE

if TYPE_CHECKING:
    from .state import DuelState


def apply(s: DuelState, action_id: int) -> None:
    """One legal action (the core has checked it), then the automatic steps that follow."""
    stack = s.stack
    if stack:
        if action_id == PASS:  # most actions of a game: a window closes (`_pass`, inlined)
            owner, kind, slot, _ = stack.pop()
            if kind == CANCEL:
                damage.land(s, owner, slot)
        else:
            _window_twist(s, stack[-1][0], action_id)
    else:
        _decide(s, s.phase, action_id)
    stack = s.stack
    if stack and s.mode_always and not s.is_terminal:
        s.to_act = stack[-1][0]  # settle's first case, the usual one, without a call
        return
    settle(s)


def settle(s: DuelState) -> None:
    """Run what happens by itself (the required draw, closing empty windows, the end of a turn)."""
    while True:
        if s.is_terminal:
            s.to_act = TERMINAL
            return
        stack = s.stack
        if stack:
            top = stack[-1]
            if s.mode_always or windows.can_act(s, top):
                s.to_act = top[0]
                return
            _pass(s)
            continue
        phase = s.phase
        if phase == ENDING:
            finish_turn(s)
            continue
        if phase == DRAW:
            if draw_choice_open(s):
                s.to_act = s.active
                return
            draw(s, 1)
            if not s.is_terminal:
                s.phase = PREROLL
            continue
        if phase == PREROLL and not s.mode_always and not windows.twist_ids(s, s.active, False):
            _roll(s)
            continue
        s.to_act = s.active
        return


# -- draw phase ------------------------------------------------------------------------------
def extra_draws(s: DuelState, player: int) -> int:
    return dice.support_total(s, player, A_EXTRA_DRAW)


def draw_choice_open(s: DuelState) -> bool:
    """All extra cards or none is a real choice only with an extra-draw support and 2+ cards in the pile."""
    return len(s.pile[s.active]) >= 2 and extra_draws(s, s.active) > 0


def draw(s: DuelState, n: int) -> None:
    """Draw one card at a time; drawing the last card of the pile ends the game at once."""
    p = s.active
    pile, hand = s.pile[p], s.hand[p]
    for _ in range(n):
        hand[pile.pop()] += 1
        s.hand_n[p] += 1
        if not pile:
            damage.end_game(s, "pile_drawn")
            return


def _draw_action(s: DuelState, a: int) -> None:
    draw(s, 1 + extra_draws(s, s.active) if a == DRAW_ALL else 1)
    if not s.is_terminal:
        s.phase = PREROLL


# -- dice phase ------------------------------------------------------------------------------
def _preroll_action(s: DuelState, a: int) -> None:
    if a == ROLL:
        _roll(s)
    else:
        _own_twist(s, a)


def _roll(s: DuelState) -> None:
    dice.roll(s)
    if s.rerolls:
        s.phase = REROLL
    else:
        _start_card_phase(s)


def _reroll_action(s: DuelState, a: int) -> None:
    if a == KEEP_DICE:
        s.rerolls = 0
    else:
        dice.reroll(s, a - REROLL_BASE + 1)
    if not s.rerolls:
        _start_card_phase(s)


def _start_card_phase(s: DuelState) -> None:
    s.phase = CARD
    windows.respond(s, s.active, ANSWERS_ROLL)


# -- card phase ------------------------------------------------------------------------------
def _card_action(s: DuelState, a: int) -> None:
    t = s.tables
    if a >= t.layout.damage_base:
        _damage(s, s.active, a)
    elif a == END_TURN:
        s.phase = ENDING
        windows.respond(s, s.active, ANSWERS_END)
    else:
        kind, pay = divmod(a - PLAY_BASE, NPAY)
        if t.is_twist[kind]:
            _play_twist(s, s.active, kind)
        else:
            _play_card(s, s.active, kind, pay)


def _own_twist(s: DuelState, a: int) -> None:
    if a >= s.tables.layout.damage_base:
        _damage(s, s.active, a)
    else:
        _play_twist(s, s.active, (a - PLAY_BASE) // NPAY)


def _play_card(s: DuelState, p: int, kind: int, pay: int) -> None:
    """Pay the cost, then an Event takes effect (and is discarded); any other card goes into the display."""
    t = s.tables
    value, axes, wilds = PAY_PARTS[pay]
    natural = naturals(t.cost_kind[kind], t.cost_count[kind], value, axes, wilds)
    if natural:
        dice.spend(s, value, natural)
    if axes:
        dice.spend(s, AXE, axes)
    if natural or axes:
        s.used_die = True
    if wilds:
        s.wild[p] -= wilds
    _from_hand(s, p, kind)
    if t.is_event[kind]:
        s.effect = kind
        s.phase = EFFECT
        if not effect_ids(s):
            _finish_effect(s)
    else:
        s.disp[p].append(kind)
        s.dmg[p].append(0)
        windows.respond(s, p, ANSWERS_CARD, kind)


def _play_twist(s: DuelState, p: int, kind: int) -> None:
    """A Twist of Fate takes effect at once and goes to the discard pile."""
    t = s.tables
    _from_hand(s, p, kind)
    s.discard[p].append(kind)
    ability = t.ability[kind]
    if ability == A_CANCEL:
        s.stack.pop()  # the owner's pending point never lands
    elif ability == A_TAKE_WILD:
        windows.take_wild(s, p)
    elif ability == A_MORE_DICE:
        s.bonus[p] += t.amount[kind]  # counts for the player's next roll, this turn's if not rolled yet
    windows.respond(s, p, ANSWERS_CARD, kind)


def _damage(s: DuelState, dealer: int, a: int) -> None:
    """Spend one die, axe, Wild Card or damage Twist for one point, and aim it."""
    t = s.tables
    layout = t.layout
    src, target = divmod(a - layout.damage_base, layout.targets)
    if src < SRC_AXE:
        face = src + 1
        dice.spend(s, face, 1)
        s.used_die = True
        source = damage.credited_ally(s, dealer, face)
    elif src == SRC_AXE:
        dice.spend(s, AXE, 1)
        s.used_die = True
        source = damage.credited_ally(s, dealer, 0)
    elif src == SRC_WILD:
        s.wild[dealer] -= 1
        source = damage.credited_ally(s, dealer, 0)
    else:
        source = t.throw_kinds[src - layout.first_throw_src]
        _from_hand(s, dealer, source)
        s.discard[dealer].append(source)
    damage.declare(s, dealer, target, source)


def _resolve_effect(s: DuelState, a: int) -> None:
    t = s.tables
    p = s.active
    ability = t.ability[s.effect]
    layout = t.layout
    if ability == A_BANISH:
        kind, dmg = divmod(a - layout.banish_base, layout.depth)
        damage.remove_from_display(s, 1 - p, damage.slot_of(s, 1 - p, kind, dmg))
    elif ability == A_WILD_DIE:
        dice.make_wild(s, a - SHORT_REST_BASE + 1)
    elif ability == A_RECOVER:
        kind = a - layout.recover_base
        pile = s.discard[p]
        del pile[len(pile) - 1 - pile[::-1].index(kind)]
        s.hand[p][kind] += 1
        s.hand_n[p] += 1
        s.known[p][kind] += 1  # the opponent saw which card came back
    _finish_effect(s)


def _finish_effect(s: DuelState) -> None:
    p = s.active
    event = s.effect
    s.discard[p].append(event)
    s.effect = -1
    s.phase = CARD
    windows.respond(s, p, ANSWERS_CARD, event)


def _from_hand(s: DuelState, p: int, kind: int) -> None:
    hand = s.hand[p]
    hand[kind] -= 1
    s.hand_n[p] -= 1
    known = s.known[p]
    if known[kind] > hand[kind]:
        known[kind] = hand[kind]


# -- windows -------------------------------------------------------------------------------
def _window_twist(s: DuelState, owner: int, a: int) -> None:
    if a >= s.tables.layout.damage_base:
        _damage(s, owner, a)
    else:
        _play_twist(s, owner, (a - PLAY_BASE) // NPAY)


def _pass(s: DuelState) -> None:
    owner, kind, slot, _ = s.stack.pop()
    if kind == CANCEL:
        damage.land(s, owner, slot)


# -- end of turn -----------------------------------------------------------------------------
def finish_turn(s: DuelState) -> None:
    """Use no dice, take a Wild Card; damage is forgotten; the dice go back; the other player's turn."""
    p = s.active
    if not s.used_die:
        windows.take_wild(s, p)
    s.dmg = [[0] * len(s.disp[0]), [0] * len(s.disp[1])]
    s.dice = []
    s.spent = []
    s.rerolls = 0
    s.used_die = False
    s.fresh = 0
    s.active = 1 - p
    s.turn += 1
    s.phase = DRAW


def _decide(s: DuelState, phase: int, a: int) -> None:
    """The decision of `phase` when no window is open; the ending and over phases offer none (no legal ids)."""
    if phase == CARD:  # the most frequent first
        _card_action(s, a)
    elif phase == PREROLL:
        _preroll_action(s, a)
    elif phase == DRAW:
        _draw_action(s, a)
    elif phase == REROLL:
        _reroll_action(s, a)
    elif phase == EFFECT:
        _resolve_effect(s, a)


__all__ = ["apply", "draw", "draw_choice_open", "extra_draws", "finish_turn", "settle"]
