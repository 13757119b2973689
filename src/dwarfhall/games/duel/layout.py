"""The action ids, read off the Duel's action space (kit.action_space) as plain ints for the hot paths.

    0 PASS        close a response window (or let a point of damage through)
    1 END_TURN    end the card phase
    2 ROLL        roll the dice (the decision point before the dice phase)
    3 KEEP_DICE   stop re-rolling
    4 DRAW_ONE    draw only the required card
    5 DRAW_ALL    draw the required card and every extra card
    6..11         REROLL a die showing face 1..5, or the axe (6)
    12..16        SHORT_REST: a die showing face 1..5 becomes the axe
    PLAY          play card kind k with payment p:  play_base + k * NPAY + p
    BANISH        put the opponent's display card (kind k, d damage this turn) on their discard pile
    RECOVER       take card kind k from the own discard pile into the hand
    DAMAGE        1 point from source s to target t:  damage_base + s * targets + t

The blocks before PLAY do not depend on the card set, so their ids are module constants.
"""

from __future__ import annotations

from dwarfhall.core.spaces import ActionSpace

from .kit import action_space

AXE = 6  # the wild face of a die
MAX_AXES = 4  # a cost never asks for more than 4 dice
MAX_WILDS = 3  # there are 3 Wild Cards
NPAY = 6 * (MAX_AXES + 1) * (MAX_WILDS + 1)

# damage sources: 0..4 a die showing 1..5, 5 an axe face, 6 a Wild Card, 7.. a damage Twist from the hand
SRC_AXE = 5
SRC_WILD = 6
FIRST_THROW_SRC = 7


_AXE_STEP = MAX_AXES + 1  # private aliases that layout.pxd types as C ints (the public names stay attributes)
_WILD_STEP = MAX_WILDS + 1


def pay_code(value: int, axes: int, wilds: int) -> int:
    """A payment: `value` (0 when no die shows a number) with some axes and Wild Cards filling in."""
    return (value * _AXE_STEP + axes) * _WILD_STEP + wilds


def pay_parts(code: int) -> tuple[int, int, int]:
    rest, wilds = divmod(code, MAX_WILDS + 1)
    value, axes = divmod(rest, MAX_AXES + 1)
    return value, axes, wilds


PAY_PARTS: tuple[tuple[int, int, int], ...] = tuple(pay_parts(code) for code in range(NPAY))
"""`pay_parts` of every payment code, looked up when a card is played."""


def space_for(kinds: int, depth: int, throws: int) -> ActionSpace:
    return action_space(kinds, depth, throws, NPAY, FIRST_THROW_SRC)


# the fixed ids are the same in every card set's space; read them off the smallest one
_FIXED = space_for(1, 1, 0)
PASS = _FIXED["pass"].base
END_TURN = _FIXED["end_turn"].base
ROLL = _FIXED["roll"].base
KEEP_DICE = _FIXED["keep_dice"].base
DRAW_ONE = _FIXED["draw_one"].base
DRAW_ALL = _FIXED["draw_all"].base
REROLL_BASE = _FIXED["reroll"].base  # + face - 1, face 1..6 (6 is the axe)
SHORT_REST_BASE = _FIXED["short_rest"].base  # + face - 1, face 1..5
PLAY_BASE = _FIXED["play"].base


class Layout:
    """The action space of a card set of `kinds` kinds, health at most `depth`, `throws` damage Twists.

    Offsets are plain attributes (read off the space once) because the hot paths read them on every action;
    the number of ids is `space.size`.
    """

    __slots__ = ("banish_base", "damage_base", "depth", "first_throw_src", "kinds", "recover_base", "sources",
                 "space", "targets", "throws")

    def __init__(self, kinds: int, depth: int, throws: int) -> None:
        self.kinds = kinds
        self.depth = depth
        self.throws = throws
        self.space = space = space_for(kinds, depth, throws)
        damage = space["damage"]
        # damage targets: 0 the draw pile, 1 + k * depth + d a display card of kind k with d damage
        self.targets = damage.strides[0]
        self.banish_base = space["banish"].base
        self.recover_base = space["recover"].base
        self.damage_base = damage.base
        self.first_throw_src = FIRST_THROW_SRC
        self.sources = dict(damage.dims)["source"]
        # the hot paths' formulas below must name the same ids as the space
        assert space["play"].base == PLAY_BASE and space["play"].strides == (NPAY, 1)
        assert space["banish"].strides == (depth, 1) and damage.strides == (self.targets, 1)

    def __repr__(self) -> str:
        return f"Layout(kinds={self.kinds}, depth={self.depth}, throws={self.throws})"

    def play(self, kind: int, pay: int) -> int:
        return PLAY_BASE + kind * NPAY + pay

    def banish(self, kind: int, damage: int) -> int:
        return self.banish_base + kind * self.depth + damage

    def recover(self, kind: int) -> int:
        return self.recover_base + kind

    def damage(self, src: int, target: int) -> int:
        return self.damage_base + src * self.targets + target

    def card_target(self, kind: int, damage: int) -> int:
        return 1 + kind * self.depth + damage

    def target_parts(self, target: int) -> tuple[int, int]:
        """(kind, damage) of a display target; target 0 (the pile) is not a card."""
        return divmod(target - 1, self.depth)
