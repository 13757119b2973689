"""The action id space: fixed ids first, then blocks sized by the card set.

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
"""

from __future__ import annotations

PASS = 0
END_TURN = 1
ROLL = 2
KEEP_DICE = 3
DRAW_ONE = 4
DRAW_ALL = 5
REROLL_BASE = 6  # + face - 1, face 1..6 (6 is the axe)
SHORT_REST_BASE = 12  # + face - 1, face 1..5
PLAY_BASE = 17

AXE = 6  # the wild face of a die
MAX_AXES = 4  # a cost never asks for more than 4 dice
MAX_WILDS = 3  # there are 3 Wild Cards
NPAY = 6 * (MAX_AXES + 1) * (MAX_WILDS + 1)

# damage sources: 0..4 a die showing 1..5, 5 an axe face, 6 a Wild Card, 7.. a damage Twist from the hand
SRC_AXE = 5
SRC_WILD = 6
FIRST_THROW_SRC = 7


def pay_code(value: int, axes: int, wilds: int) -> int:
    """A payment: `value` (0 when no die shows a number) with some axes and Wild Cards filling in."""
    return (value * (MAX_AXES + 1) + axes) * (MAX_WILDS + 1) + wilds


def pay_parts(code: int) -> tuple[int, int, int]:
    rest, wilds = divmod(code, MAX_WILDS + 1)
    value, axes = divmod(rest, MAX_AXES + 1)
    return value, axes, wilds


PAY_PARTS: tuple[tuple[int, int, int], ...] = tuple(pay_parts(code) for code in range(NPAY))
"""`pay_parts` of every payment code, looked up when a card is played."""


class Layout:
    """Block offsets for a card set of `kinds` kinds, health at most `depth`, `throws` damage Twists.

    Offsets are plain attributes (computed once) because the hot paths read them on every action.
    """

    __slots__ = ("banish_base", "damage_base", "depth", "first_throw_src", "kinds", "recover_base", "sources",
                 "targets", "throws", "total")

    def __init__(self, kinds: int, depth: int, throws: int) -> None:
        self.kinds = kinds
        self.depth = depth
        self.throws = throws
        # damage targets: 0 the draw pile, 1 + k * depth + d a display card of kind k with d damage
        self.targets = 1 + kinds * depth
        self.banish_base = PLAY_BASE + kinds * NPAY
        self.recover_base = self.banish_base + kinds * depth
        self.damage_base = self.recover_base + kinds
        self.first_throw_src = FIRST_THROW_SRC
        self.sources = FIRST_THROW_SRC + throws
        self.total = self.damage_base + self.sources * self.targets

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
