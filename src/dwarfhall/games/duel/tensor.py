"""The Duel's observation tensor: after the zones' segments (kit.zones), every field of `observation.observe`
they leave out, each a segment with bounds (core.tensors). The table is in docs/rules/duel.md ("Observation
tensor"); ordered lists (display, discard pile, dice, windows) keep their order as codes per position.

Every filler reads public parts of the state only; the hands come through the zones.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from dwarfhall.core.tensors import Segment, codes, fraction, numbers, one_hot

from .dice import MAX_DICE, dice_to_roll
from .phases import ANSWER_MASK, ANSWERS_UNKNOWN, CANCEL, GONE, PHASE_NAMES, PILE, PREROLL
from .scoring import vp, winner
from .tables import A_REROLL

if TYPE_CHECKING:
    from .game import DuelGame
    from .state import DuelState

TURN_SCALE = 50  # turns seen in random games stay below this: the turn is held as turn / (turn + 50)
WINDOWS = 8  # open windows encoded, from the top of the stack (deeper ones only counted)
FRAME = 11  # per window: owner (2), cancel, answer (4), card, pile, gone, slot
REASONS = ("pile_damaged", "pile_drawn")
_WINDOWS, _FRAME = WINDOWS, FRAME  # private aliases: C integers when compiled (tensor.pxd)
_PHASES, _MAX_DICE = len(PHASE_NAMES), MAX_DICE


def tensor_segments(game: DuelGame) -> list[Segment]:
    t = game.tables
    n, deck, depth = t.n, len(t.deck), t.layout.depth
    vp_total = float(sum(t.vp[k] for k in t.deck))
    rerolls_most = float(sum(t.support_amount[A_REROLL][k] for k in t.deck))
    segments = [
        numbers("turn", 1, _head, 1.0, f"turn / (turn + {TURN_SCALE})"),  # _head writes the five first segments
        one_hot("active", 2, None, "active player (one-hot)"),
        one_hot("to_act", 2, None, "player to act (one-hot; zeros at the end)"),
        one_hot("phase", len(PHASE_NAMES), None, f"phase (one-hot: {', '.join(PHASE_NAMES)})"),
        one_hot("seat0_good", 1, None, "1 when seat 0 plays the good side"),
    ]
    segments += [
        numbers("display", 2 * 2 * deck, _display, float(max(n, depth)),
                f"per player, per display slot in order ({deck}): card kind + 1 (0: empty), damage on it"),
        numbers("display_damage", 2 * n, _display_damage, float(depth * max(t.copies)),
                "per player: damage on the display cards, per kind"),
        numbers("discard_order", 2 * deck, _discard_order, float(n),
                f"per player: discard pile in order ({deck}), card kind + 1 per position (0: empty)"),
    ]  # fmt: skip
    segments += [
        numbers("vp", 2, partial(_tail, n), vp_total, "victory points per player"),  # _tail writes the rest
        one_hot("dice_order", MAX_DICE * 7, None, "per die in order: face (one-hot 1..5, axe), used"),
        numbers("dice_to_roll", 1, None, float(MAX_DICE), "dice the next roll will have (0 once rolled)"),
        numbers("rerolls_left", 1, None, rerolls_most, "re-rolls left"),
        one_hot("used_a_die", 1, None, "a rolled die paid for something this turn"),
        one_hot("effect", n, None, "the Event awaiting its target (one-hot kind)"),
        numbers("windows_open", 1, None, 1.0, "response and damage windows open, n / (n + 2)"),
        numbers("windows", WINDOWS * FRAME, None, float(max(n, deck)),
                "per window from the top: owner (one-hot), a damage point, answer (one-hot unknown, roll, end, "
                "card), card answered or damage source + 1, aimed at the pile, at a card gone, at display slot + 1"),
        one_hot("winner", 2, None, "winner at the end (one-hot; zeros for a draw or before the end)"),
        one_hot("reason", len(REASONS), None, f"why the game ended (one-hot: {', '.join(REASONS)})"),
    ]  # fmt: skip
    return segments


# one filler writes several segments where each would write an entry or two (a call cost as much as that)
def _head(s: DuelState, viewer: int | None, out: memoryview[float]) -> None:
    """turn, active, to_act, phase and seat0_good."""
    out[0] = fraction(s.turn, TURN_SCALE)
    out[1 + s.active] = 1.0
    to_act = s.to_act
    if not s.is_terminal and 0 <= to_act < 2:
        out[3 + to_act] = 1.0
    out[5 + s.phase] = 1.0
    out[5 + _PHASES] = float(s.sides[0] == "good")


# the loops below go by index (no zip or enumerate): compiled with tensor.pxd they run in C
def _display(s: DuelState, viewer: int | None, out: memoryview[float]) -> None:
    half = len(out) // 2
    for p in range(2):
        kinds = s.disp[p]
        damage = s.dmg[p]
        at = p * half
        for i in range(len(kinds)):
            out[at] = kinds[i] + 1
            out[at + 1] = damage[i]
            at += 2


def _display_damage(s: DuelState, viewer: int | None, out: memoryview[float]) -> None:
    width = len(out) // 2
    for p in range(2):
        kinds = s.disp[p]
        damage = s.dmg[p]
        for i in range(len(kinds)):
            d = damage[i]
            if d:
                out[p * width + kinds[i]] += d


def _discard_order(s: DuelState, viewer: int | None, out: memoryview[float]) -> None:
    half = len(out) // 2
    codes(s.discard[0], out[:half])
    codes(s.discard[1], out[half:])


def _tail(n: int, s: DuelState, viewer: int | None, out: memoryview[float]) -> None:
    """vp, dice_order, dice_to_roll, rerolls_left, used_a_die, effect (`n` kinds), windows_open, windows, winner and
    reason."""
    out[0] = vp(s, 0)
    out[1] = vp(s, 1)
    dice = s.dice
    spent = s.spent
    for i in range(len(dice)):
        out[2 + 7 * i + dice[i] - 1] = 1.0
        out[2 + 7 * i + 6] = float(spent[i])
    at = 2 + _MAX_DICE * 7
    if s.phase <= PREROLL and not s.is_terminal:
        out[at] = dice_to_roll(s, s.active)
    out[at + 1] = s.rerolls
    out[at + 2] = float(s.used_die)
    at += 3
    if s.effect >= 0:
        out[at + s.effect] = 1.0
    at += n
    out[at] = fraction(len(s.stack), 2)
    at += 1
    _windows(s.stack, out, at)
    at += _WINDOWS * _FRAME
    if s.is_terminal:
        w = winner(s)
        if w >= 0:
            out[at + w] = 1.0
        if s.reason in REASONS:
            out[at + 2 + REASONS.index(s.reason)] = 1.0


def _windows(stack: list[tuple[int, int, int, int]], out: memoryview[float], at: int) -> None:
    top = len(stack) - 1
    for i in range(min(top + 1, _WINDOWS)):  # from the top of the stack down
        owner, kind, slot, source = stack[top - i]
        here = at + _FRAME * i
        out[here + owner] = 1.0
        if kind == CANCEL:
            out[here + 2] = 1.0
            out[here + 7] = source + 1
            if slot == PILE:
                out[here + 8] = 1.0
            elif slot == GONE:
                out[here + 9] = 1.0
            else:
                out[here + 10] = slot + 1
            continue
        answer = slot & ANSWER_MASK
        out[here + 3 + answer] = 1.0
        if answer != ANSWERS_UNKNOWN:  # what a window answers is public once it says (observation._frame)
            out[here + 7] = source + 1
