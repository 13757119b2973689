"""Twists of Fate and the response windows in which they are played.

A window is a frame on `state.stack`; its owner decides until they pass. Windows open at fixed
moments whatever the owner holds, so whose decision it is never reveals a hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import damage
from .kit import WILD_CARDS
from .payments import FREE
from .phases import ANSWER_MASK, ANSWERS_CARD, CANCEL, ENDING, FRESH_SHIFT, GONE, RESPONSE, Frame
from .tables import A_CANCEL, A_MORE_DICE, A_TAKE_WILD, A_THROW

if TYPE_CHECKING:
    from .state import DuelState



def twist_ids(s: DuelState, player: int, cancel: bool) -> list[int]:
    """The Twists `player` may play now, ascending; `cancel` when a point aimed at them is pending."""
    t = s.tables
    hand = s.hand[player]
    for k in t.twist_kinds:  # a loop rather than any(twists_held(hand)): as fast in Python, a C loop compiled
        if hand[k]:
            break
    else:
        return []
    ability, play_base = t.ability, t.play_base
    found: list[int] = []
    throws: list[int] = []
    for k in t.twist_kinds:
        if not hand[k]:
            continue
        ab = ability[k]
        if ab == A_THROW:
            throws.append(t.throw_base[k])
        elif ab == A_CANCEL:
            if cancel:
                found.append(play_base[k] + FREE)
        elif ab == A_TAKE_WILD:
            if s.wild[player] < WILD_CARDS:
                found.append(play_base[k] + FREE)
        elif ab == A_MORE_DICE and player == s.active:  # only on the owner's own turn
            found.append(play_base[k] + FREE)
    if throws:  # damage ids come after every play id
        targets = damage.targets(s, player)
        if s.tables.guard_kinds:
            targets = damage.with_fresh_any_die_allies(s, player, targets)
        for base in throws:
            for target in targets:
                found.append(base + target)
    return found


def can_cancel(frame: Frame) -> bool:
    return frame[1] == CANCEL and frame[2] != GONE


def can_act(s: DuelState, frame: Frame) -> bool:
    """Whether a window's owner holds a Twist they could play in it (used by the `when_able` variant)."""
    return bool(twist_ids(s, frame[0], can_cancel(frame)))


def respond(s: DuelState, player: int, answers: int, card: int = -1) -> None:
    """After `player` acts, the other player gets a window, unless the next decision is theirs anyway.

    `answers` (ANSWERS_*) and `card` say what the window answers, so a screen can name it.
    """
    other = 1 - player
    stack = s.stack
    if stack:
        top = stack[-1]
        if top[0] == other:
            if top[1] == RESPONSE:  # their open window now answers this newer step (and keeps a fresh Ally)
                fresh = fresh_bits(s, answers, card) or top[2] & ~ANSWER_MASK
                stack[-1] = (other, RESPONSE, answers | fresh, card)
            return
    elif s.phase != ENDING and s.active == other:
        return
    stack.append((other, RESPONSE, answers | fresh_bits(s, answers, card), card))


def fresh_bits(s: DuelState, answers: int, card: int) -> int:
    """The slot bits marking a window that answers the play of an any-die Ally (phases.FRESH_SHIFT)."""
    if answers == ANSWERS_CARD and card in s.tables.any_die_allies:
        return (card + 1) << FRESH_SHIFT
    return 0


def take_wild(s: DuelState, player: int) -> None:
    """One Wild Card from the middle, else from the opponent; nobody holds more than 3."""
    wild = s.wild
    if wild[player] >= WILD_CARDS:
        return
    other = 1 - player
    if wild[0] + wild[1] >= WILD_CARDS:
        wild[other] -= 1
        if other == s.active and s.fresh:
            s.fresh -= 1  # the card taken is the one its holder got most recently
    wild[player] += 1
    if player == s.active:
        s.fresh += 1  # usable from the player's next turn on
