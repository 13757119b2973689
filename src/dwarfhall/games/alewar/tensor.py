"""Ale War's observation tensor: after the zones' 6 x 6 planes (kit.zones_for), every field of
`observation.observe` they leave out, each a segment with bounds (core.tensors): phase, seats, each unit's
square, status and ratings, the barrels, terrain still to place, the order terrain was laid in with its dice,
the roll-off, the last attack and the winner. The table is in docs/rules/alewar.md ("Observation tensor").

Ale War hides nothing but future dice, so every viewer's tensor is the same apart from the viewer's seat.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from dwarfhall.core.tensors import Segment, fraction, numbers, one_hot

from .board import HILL, LAKE, SQUARES, TREE, on_board, squares_with
from .phases import DRAW, OVER, PHASE_NAMES, PLACE_UNITS
from .pieces import BARRELS, DWARVES, FIRST_GOBLIN, GOBLINS, OUT, RESERVE, SIDE_NAMES, UNITS

if TYPE_CHECKING:
    from .game import AleWarGame
    from .state import AleWarState

MOVEMENT_SCALE = 10  # the highest movement rating a components file may give
ARMOR_SCALE = 6  # the highest armor rating
UNIT_WIDTH = SQUARES + 5  # square one-hot, reserve, out, moved this turn, movement, armor
ROLLS = 4  # dice pairs kept in order per roll (a roll-off, a terrain square); all are counted
ENTRY = 4 + 2 * ROLLS  # per terrain piece laid: seat (one-hot), kind + 1, square + 1, then its first dice pairs
ATTACK = UNITS + UNITS + BARRELS + SQUARES + 6 + 1  # attacker, target, square, die, hit
_SQUARES, _UNIT_WIDTH, _ROLLS, _ENTRY = SQUARES, UNIT_WIDTH, ROLLS, ENTRY  # C integers when compiled (tensor.pxd)
_PHASES, _UNITS, _BARRELS, _ATTACK = len(PHASE_NAMES), UNITS, BARRELS, ATTACK


def tensor_segments(game: AleWarGame) -> list[Segment]:
    """The segments; one filler (the first segment's) writes them all, in this order (`_fill`)."""
    comps = game.components
    pieces = sum(t.count for t in comps.terrain)
    counts = tuple(t.count for t in comps.terrain)
    movement = tuple(m / MOVEMENT_SCALE for m in comps.movement)  # each unit's ratings, scaled once
    armor = tuple(a / ARMOR_SCALE for a in comps.armor)
    rules = (comps.barrel.armor / ARMOR_SCALE, float(game.options.hit_rule == "at_least"))
    fill = partial(_fill, pieces, counts, movement, armor, rules)
    unit_what = ", ".join(f"{u.key} ({SIDE_NAMES[u.side]})" for u in comps.units)
    return [
        one_hot("phase", len(PHASE_NAMES), fill, f"phase (one-hot: {', '.join(PHASE_NAMES)})"),
        one_hot("side_to_act", 2, None, "side to act (one-hot: dwarves, goblins; zeros during terrain, sides, end)"),
        one_hot("dwarf_seat", 2, None, "seat playing the Dwarves (one-hot; zeros until chosen)"),
        one_hot("side_chooser", 2, None, "roll-off winner choosing a side (one-hot; zeros without a roll-off)"),
        one_hot("units", UNITS * UNIT_WIDTH, None,
                f"per unit ({unit_what}): square (one-hot a1..f6), not placed yet, knocked out, moved this turn, "
                f"movement / {MOVEMENT_SCALE}, armor / {ARMOR_SCALE}"),
        one_hot("barrels", 2 * BARRELS, None, "per barrel: not placed yet, destroyed"),
        one_hot("rules", 2, None, f"barrel armor / {ARMOR_SCALE}; hit rule at_least (1) or exact (0)"),
        one_hot("terrain_left", 3, None, "terrain pieces left per kind (tree, hill, lake) / that kind's"),
        numbers("terrain_log", pieces * ENTRY, None, float(SQUARES),
                f"per terrain piece laid, in order: seat (one-hot), kind + 1, square + 1, its first {ROLLS} dice "
                "pairs (column, row)"),
        numbers("terrain_rolls", pieces, None, 1.0, "per terrain piece laid: dice pairs rolled, n / (n + 1)"),
        numbers("roll_off", 2 * ROLLS, None, 6.0, f"the roll-off for the sides: its first {ROLLS} dice pairs"),
        numbers("roll_off_count", 1, None, 1.0, "dice pairs rolled in the roll-off, n / (n + 1)"),
        one_hot("last_attack", ATTACK, None,
                "the last attack: attacker (one-hot unit), target (one-hot unit, barrel), square (one-hot), die "
                "(one-hot), hit"),
        numbers("last_attack_numbers", 2, None, float(ARMOR_SCALE),
                "the last attack's modifier + 1 (0: a tree .. 4: two friends and a hill), armor"),
        one_hot("winner", 3, None, "winner at the end (one-hot: dwarves, goblins, draw)"),
    ]  # fmt: skip


# one module function writes every segment, each at its offset in the slice of them all: compiled (tensor.pxd) it
# runs with C integers and stores, and a tensor makes one call for Ale War's own part instead of fifteen
def _fill(
    pieces: int,
    counts: tuple[int, ...],
    movement: tuple[float, ...],
    armor: tuple[float, ...],
    rules: tuple[float, float],
    s: AleWarState,
    viewer: int | None,
    out: memoryview[float],
) -> None:
    phase = s.phase
    out[phase] = 1.0
    at = _PHASES
    if PLACE_UNITS <= phase < OVER:  # the side to act
        out[at + s.side] = 1.0
    at += 2
    seat = s.dwarf_seat
    if seat >= 0:
        out[at + seat] = 1.0
    at += 2
    seat = s.chooser
    if seat >= 0:
        out[at + seat] = 1.0
    at += 2
    at = _units(s.pos, s.moved, movement, armor, out, at)
    barrels = s.barrels
    for i in range(len(barrels)):
        sq = barrels[i]
        if sq == RESERVE:
            out[at + 2 * i] = 1.0
        elif sq == OUT:
            out[at + 2 * i + 1] = 1.0
    at += 2 * _BARRELS
    out[at] = rules[0]
    out[at + 1] = rules[1]
    at += 2
    left = s.terrain_left
    for kind in range(len(left)):
        n = left[kind]
        out[at + kind] = n / max(1, n, counts[kind])  # a scenario may hold more
    at += 3
    at = _terrain_log(s.terrain_log, pieces, out, at)
    at = _pairs(s.roll_off, out, at)
    out[at] = fraction(len(s.roll_off), 1)
    at += 1
    last: Any = s.last_attack
    if last is not None:
        _last_attack(last, out, at)
    at += _ATTACK + 2
    winner = s.winner
    if winner == DWARVES or winner == GOBLINS or winner == DRAW:
        out[at + winner] = 1.0


def _units(
    pos: list[int], moved: int, movement: tuple[float, ...], armor: tuple[float, ...], out: memoryview[float], at: int
) -> int:
    """Each unit's square (one-hot, or not placed yet, knocked out), moved this turn, its ratings; the next offset."""
    for unit in range(len(pos)):
        sq = pos[unit]
        if sq >= 0:
            out[at + sq] = 1.0
        elif sq == RESERVE:
            out[at + _SQUARES] = 1.0
        elif sq == OUT:
            out[at + _SQUARES + 1] = 1.0
        if unit == moved:  # set in the attack phase only
            out[at + _SQUARES + 2] = 1.0
        out[at + _SQUARES + 3] = movement[unit]
        out[at + _SQUARES + 4] = armor[unit]
        at += _UNIT_WIDTH
    return at


def _terrain_log(log: tuple[Any, ...], pieces: int, out: memoryview[float], at: int) -> int:
    """Each terrain piece laid, then the dice pairs each rolled (n / (n + 1)); the next offset.

    The log is fixed once the terrain is laid and every later state shares it (a tuple), so its entries are
    encoded once per log and copied whole.
    """
    last = _LOGS[0]
    if last[0] is not log or last[1] != pieces:
        fresh = np.zeros(pieces * (_ENTRY + 1), dtype=np.float32)
        _encode_log(log, pieces, cast("memoryview[float]", fresh.data), 0)
        last = _LOGS[0] = (log, pieces, fresh)  # one store: a thread reads the old entry or the new one whole
    encoded = last[2].data
    end = at + pieces * (_ENTRY + 1)
    out[at:end] = encoded
    return end


# the last terrain log encoded: (the log, the pieces of its game, its entries as float32)
_LOGS: list[tuple[Any, int, np.ndarray]] = [((), -1, np.zeros(0, dtype=np.float32))]


def _encode_log(log: tuple[Any, ...], pieces: int, out: memoryview[float], at: int) -> None:
    counts_at = at + pieces * _ENTRY
    for i, (seat, code, sq, rolls) in enumerate(log[:pieces]):
        here = at + i * _ENTRY
        out[here + seat] = 1.0
        out[here + 2] = code
        out[here + 3] = sq + 1
        here += 4
        for a, b in rolls[:_ROLLS]:
            out[here] = a
            out[here + 1] = b
            here += 2
        out[counts_at + i] = fraction(len(rolls), 1)


def _pairs(rolls: tuple[tuple[int, int], ...], out: memoryview[float], at: int) -> int:
    """The first ROLLS dice pairs of `rolls`; the offset after the ROLLS pairs' room."""
    here = at
    for a, b in rolls[:_ROLLS]:
        out[here] = a
        out[here + 1] = b
        here += 2
    return at + 2 * _ROLLS


def _last_attack(last: Any, out: memoryview[float], at: int) -> None:
    """The last attack's one-hot parts, then its modifier + 1 and the armor."""
    out[at + last[0]] = 1.0  # the attacker
    out[at + _UNITS + last[1]] = 1.0  # the target: a unit 0-5, or a barrel 6-7
    here = at + 2 * _UNITS + _BARRELS
    out[here + last[2]] = 1.0  # its square
    out[here + _SQUARES + last[3] - 1] = 1.0  # the die
    out[here + _SQUARES + 6] = float(last[6])  # hit
    out[at + _ATTACK] = last[4] + 1  # -1 (the target on a tree) .. +3, kept non-negative
    out[at + _ATTACK + 1] = last[5]


# the zones' views of the position as squares (the state's properties of these names, kit.PLANES): module functions,
# so that compiled a property's getter runs in C
def dwarf_squares(s: AleWarState) -> list[int]:
    return on_board(s.pos, 0, FIRST_GOBLIN)


def goblin_squares(s: AleWarState) -> list[int]:
    return on_board(s.pos, FIRST_GOBLIN, UNITS)


def barrel_squares(s: AleWarState) -> list[int]:
    return on_board(s.barrels, 0, BARRELS)


def tree_squares(s: AleWarState) -> list[int]:
    return squares_with(s.terrain, TREE)


def hill_squares(s: AleWarState) -> list[int]:
    return squares_with(s.terrain, HILL)


def lake_squares(s: AleWarState) -> list[int]:
    return squares_with(s.terrain, LAKE)
