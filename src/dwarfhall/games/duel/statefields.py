"""The Duel state's fields, in a base class of `DuelState` of their own so that the compiled build can type them.

In the compiled build (`statefields.pxd`) they are C fields of an extension type (ints, flags and lists), which
the compiled rules modules read and write without attribute lookups; as plain Python this is a class with
`__slots__`. What each field holds is told where `DuelState.__init__` sets it.
"""

from __future__ import annotations

from dwarfhall.core.statebase import StateFields

from .phases import Frame
from .tables import Tables


class DuelFields(StateFields):
    """The Duel's part of a state (see `DuelState`)."""

    __slots__ = (
        "active",
        "bonus",
        "dice",
        "discard",
        "disp",
        "dmg",
        "effect",
        "fresh",
        "hand",
        "hand_n",
        "is_terminal",
        "known",
        "mode_always",
        "phase",
        "pile",
        "reason",
        "rerolls",
        "sides",
        "spent",
        "stack",
        "tables",
        "to_act",
        "turn",
        "used_die",
        "wild",
    )

    active: int
    bonus: list[int]
    dice: list[int]
    discard: list[list[int]]
    disp: list[list[int]]
    dmg: list[list[int]]
    effect: int
    fresh: int
    hand: list[list[int]]
    hand_n: list[int]
    is_terminal: bool
    known: list[list[int]]
    mode_always: bool
    phase: int
    pile: list[list[int]]
    reason: str
    rerolls: int
    sides: tuple[str, str]
    spent: list[bool]
    stack: list[Frame]
    tables: Tables  # the game's card tables (`game.tables`), read by every rule
    to_act: int
    turn: int
    used_die: bool
    wild: list[int]


def copy_fields(source: DuelFields, other: DuelFields) -> None:
    """Copies the Duel's fields of `source` into `other`, the lists too (a clone's own; the frames are tuples)."""
    other.tables = source.tables
    other.mode_always = source.mode_always
    other.sides = source.sides
    other.active = source.active
    other.phase = source.phase
    other.to_act = source.to_act
    other.turn = source.turn
    other.stack = source.stack[:]
    other.dice = source.dice[:]
    other.spent = source.spent[:]
    other.rerolls = source.rerolls
    other.used_die = source.used_die
    other.wild = source.wild[:]
    other.fresh = source.fresh
    other.bonus = source.bonus[:]
    other.effect = source.effect
    h, k, p, d, m, x = source.hand, source.known, source.pile, source.disp, source.dmg, source.discard
    other.hand = [h[0][:], h[1][:]]
    other.hand_n = source.hand_n[:]
    other.known = [k[0][:], k[1][:]]
    other.pile = [p[0][:], p[1][:]]
    other.disp = [d[0][:], d[1][:]]
    other.dmg = [m[0][:], m[1][:]]
    other.discard = [x[0][:], x[1][:]]
    other.is_terminal = source.is_terminal
    other.reason = source.reason
