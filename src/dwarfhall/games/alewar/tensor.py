"""Ale War's observation tensor: after the zones' 6 x 6 planes (kit.zones_for), every field of
`observation.observe` they leave out, each a segment with bounds (core.tensors): phase, seats, each unit's
square, status and ratings, the barrels, terrain still to place, the order terrain was laid in with its dice,
the roll-off, the last attack and the winner. The table is in docs/rules/alewar.md ("Observation tensor").

Ale War hides nothing but future dice, so every viewer's tensor is the same apart from the viewer's seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from dwarfhall.core.tensors import Segment, fraction, numbers, one_hot

from .board import SQUARES
from .phases import DRAW, OVER, PHASE_NAMES, PLACE_UNITS
from .pieces import BARRELS, DWARVES, GOBLINS, OUT, RESERVE, SIDE_NAMES, UNITS

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


def tensor_segments(game: AleWarGame) -> list[Segment]:
    comps = game.components
    pieces = sum(t.count for t in comps.terrain)
    counts = tuple(t.count for t in comps.terrain)
    hit_rule = float(game.options.hit_rule == "at_least")

    def terrain_left(s: AleWarState, viewer: int | None, out: memoryview[float]) -> None:
        for kind, left in enumerate(s.terrain_left):
            out[kind] = left / max(1, left, counts[kind])  # a scenario may hold more

    movement = tuple(m / MOVEMENT_SCALE for m in comps.movement)  # each unit's ratings, scaled once
    armor = tuple(a / ARMOR_SCALE for a in comps.armor)

    def units(s: AleWarState, viewer: int | None, out: memoryview[float]) -> None:
        _units(s.pos, s.moved, movement, armor, out)

    def rules(s: AleWarState, viewer: int | None, out: memoryview[float]) -> None:
        out[0] = comps.barrel.armor / ARMOR_SCALE
        out[1] = hit_rule

    unit_what = ", ".join(f"{u.key} ({SIDE_NAMES[u.side]})" for u in comps.units)
    return [
        one_hot("phase", len(PHASE_NAMES), _phase, f"phase (one-hot: {', '.join(PHASE_NAMES)})"),
        one_hot("side_to_act", 2, _side, "side to act (one-hot: dwarves, goblins; zeros during terrain, sides, end)"),
        one_hot("dwarf_seat", 2, _dwarf_seat, "seat playing the Dwarves (one-hot; zeros until chosen)"),
        one_hot("side_chooser", 2, _chooser, "roll-off winner choosing a side (one-hot; zeros without a roll-off)"),
        one_hot("units", UNITS * UNIT_WIDTH, units,
                f"per unit ({unit_what}): square (one-hot a1..f6), not placed yet, knocked out, moved this turn, "
                f"movement / {MOVEMENT_SCALE}, armor / {ARMOR_SCALE}"),
        one_hot("barrels", 2 * BARRELS, _barrels, "per barrel: not placed yet, destroyed"),
        one_hot("rules", 2, rules, f"barrel armor / {ARMOR_SCALE}; hit rule at_least (1) or exact (0)"),
        one_hot("terrain_left", 3, terrain_left, "terrain pieces left per kind (tree, hill, lake) / that kind's"),
        numbers("terrain_log", pieces * ENTRY, _terrain_log, float(SQUARES),
                f"per terrain piece laid, in order: seat (one-hot), kind + 1, square + 1, its first {ROLLS} dice "
                "pairs (column, row)"),
        numbers("terrain_rolls", pieces, _terrain_rolls, 1.0, "per terrain piece laid: dice pairs rolled, n / (n + 1)"),
        numbers("roll_off", 2 * ROLLS, _roll_off, 6.0, f"the roll-off for the sides: its first {ROLLS} dice pairs"),
        numbers("roll_off_count", 1, _roll_off_count, 1.0, "dice pairs rolled in the roll-off, n / (n + 1)"),
        one_hot("last_attack", ATTACK, _last_attack,
                "the last attack: attacker (one-hot unit), target (one-hot unit, barrel), square (one-hot), die "
                "(one-hot), hit"),
        numbers("last_attack_numbers", 2, _last_attack_numbers, float(ARMOR_SCALE),
                "the last attack's modifier + 1 (0: a tree .. 4: two friends and a hill), armor"),
        one_hot("winner", 3, _winner, "winner at the end (one-hot: dwarves, goblins, draw)"),
    ]  # fmt: skip


def _phase(s: AleWarState, viewer: int | None, out: memoryview[float]) -> None:
    out[s.phase] = 1.0


def _side(s: AleWarState, viewer: int | None, out: memoryview[float]) -> None:
    if PLACE_UNITS <= s.phase < OVER:
        out[s.side] = 1.0


def _dwarf_seat(s: AleWarState, viewer: int | None, out: memoryview[float]) -> None:
    if s.dwarf_seat >= 0:
        out[s.dwarf_seat] = 1.0


def _chooser(s: AleWarState, viewer: int | None, out: memoryview[float]) -> None:
    if s.chooser >= 0:
        out[s.chooser] = 1.0


def _barrels(s: AleWarState, viewer: int | None, out: memoryview[float]) -> None:
    for i, sq in enumerate(s.barrels):
        out[2 * i] = float(sq == RESERVE)
        out[2 * i + 1] = float(sq == OUT)


# compiled (tensor.pxd), these loops run with C integers and write through a typed view
def _units(
    pos: Sequence[int], moved: int, movement: Sequence[float], armor: Sequence[float], out: memoryview[float]
) -> None:
    for unit in range(len(pos)):
        sq = pos[unit]
        at = unit * _UNIT_WIDTH
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


def _pairs(rolls: Sequence[Sequence[int]], out: memoryview[float]) -> None:
    for i, (a, b) in enumerate(rolls[:_ROLLS]):
        out[2 * i] = a
        out[2 * i + 1] = b


def _terrain_log(s: AleWarState, viewer: int | None, out: memoryview[float]) -> None:
    for i, (seat, code, sq, rolls) in enumerate(s.terrain_log[: len(out) // _ENTRY]):
        at = i * _ENTRY
        out[at + seat] = 1.0
        out[at + 2] = code
        out[at + 3] = sq + 1
        at += 4
        for a, b in rolls[:_ROLLS]:
            out[at] = a
            out[at + 1] = b
            at += 2


def _terrain_rolls(s: AleWarState, viewer: int | None, out: memoryview[float]) -> None:
    for i, entry in enumerate(s.terrain_log[: len(out)]):
        out[i] = fraction(len(entry[3]), 1)


def _roll_off(s: AleWarState, viewer: int | None, out: memoryview[float]) -> None:
    _pairs(s.roll_off, out)


def _roll_off_count(s: AleWarState, viewer: int | None, out: memoryview[float]) -> None:
    out[0] = fraction(len(s.roll_off), 1)


def _last_attack(s: AleWarState, viewer: int | None, out: memoryview[float]) -> None:
    last: Any = s.last_attack
    if last is None:
        return
    attacker, code, sq, die, _modifier, _armor, hit = last
    out[attacker] = 1.0
    out[UNITS + code] = 1.0  # a unit 0-5, or a barrel 6-7
    at = 2 * UNITS + BARRELS
    out[at + sq] = 1.0
    out[at + SQUARES + die - 1] = 1.0
    out[at + SQUARES + 6] = float(hit)


def _last_attack_numbers(s: AleWarState, viewer: int | None, out: memoryview[float]) -> None:
    if s.last_attack is not None:
        out[0] = s.last_attack[4] + 1  # -1 (the target on a tree) .. +3, kept non-negative
        out[1] = s.last_attack[5]


def _winner(s: AleWarState, viewer: int | None, out: memoryview[float]) -> None:
    if s.winner in (DWARVES, GOBLINS, DRAW):
        out[s.winner] = 1.0
