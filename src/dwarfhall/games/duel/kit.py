"""The Duel's declarations for the core's kit, in one place: its zones and its action-id space.

The state keeps each zone in a plain attribute (`state.pile[p]`, `state.hand[p]`, ...); the zones say who sees
what, and the core derives hiding, determinize and the flat observation tensor from them. The action space
names every block of ids; `layout.py` reads the plain offsets the hot paths use off it.
"""

from __future__ import annotations

from collections.abc import Sequence

from dwarfhall.core.spaces import ActionSpace
from dwarfhall.core.zones import ZoneSet, area, counter, hand, pile

PLAYERS = 2
FACES = 6  # die faces 1..5 and the axe (6)
NUMBERED_FACES = 5
WILD_CARDS = 3  # Wild Cards in the game, held by the players or in the middle
MAX_BONUS_DICE = 4  # bonus dice one player usually gathers (scales the tensor only; they may add up beyond)


def zones(keys: Sequence[str], deck: int) -> ZoneSet:
    """The Duel's zones for a card set whose kinds are named by `keys`, with `deck` cards per side.

    Each player's draw pile is hidden from both players (its order too); the hand is the owner's, with the
    cards the opponent saw come back (`known`) public; display and discard pile are face up. A seat's pile and
    hand are one pool: determinize re-deals the unseen cards of both.
    """
    return ZoneSet(
        [
            pile("pile", "deck{p}"),
            hand("hand", "deck{p}", known="known", counts=True),
            area("disp"),
            area("discard"),
            counter("wild", high=WILD_CARDS),
            counter("bonus", high=MAX_BONUS_DICE, bounded=False),
            area("dice", per_player=False, kinds=FACES + 1),  # faces index 1..6
            counter("fresh", per_player=False, high=WILD_CARDS),
        ],
        PLAYERS,
        len(keys),
        keys,
        most=deck,
    )


def action_space(kinds: int, depth: int, throws: int, payments: int, first_throw_source: int) -> ActionSpace:
    """Every action id of a card set with `kinds` kinds, health at most `depth`, `throws` damage Twists.

    The order of the blocks fixes the ids (records and golden files depend on it): never reorder them.
    Damage targets: 0 the opponent's draw pile, 1 + kind * depth + damage a display card. Damage sources:
    0..4 a die showing 1..5, 5 an axe face, 6 a Wild Card, 7.. a damage Twist from the hand.
    """
    space = ActionSpace()
    space.single("pass")  # close a response window (or let a point of damage through)
    space.single("end_turn")  # end the card phase
    space.single("roll")  # roll the dice (the decision point before the dice phase)
    space.single("keep_dice")  # stop re-rolling
    space.single("draw_one")  # draw only the required card
    space.single("draw_all")  # draw the required card and every extra card
    space.block("reroll", face=FACES)  # re-roll a die showing face + 1 (6: the axe)
    space.block("short_rest", face=NUMBERED_FACES)  # a die showing face + 1 becomes the axe
    space.block("play", kind=kinds, payment=payments)  # a card kind with a payment code (layout.pay_code)
    space.block("banish", kind=kinds, damage=depth)  # the opponent's display card of a kind and damage
    space.block("recover", kind=kinds)  # a card kind from the own discard pile into the hand
    space.block("damage", source=first_throw_source + throws, target=1 + kinds * depth)
    return space
