"""The Duel's observation tensor: after the zones' segments (kit.zones), every field of `observation.observe`
they leave out, each a segment with bounds (core.tensors). The table is in docs/rules/duel.md ("Observation
tensor"); ordered lists (display, discard pile, dice, windows) keep their order as codes per position.

Every filler reads public parts of the state only; the hands come through the zones.
"""

from __future__ import annotations

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


def tensor_segments(game: DuelGame) -> list[Segment]:
    t = game.tables
    n, deck, depth = t.n, len(t.deck), t.layout.depth
    vp_total = float(sum(t.vp[k] for k in t.deck))
    rerolls_most = float(sum(t.support_amount[A_REROLL][k] for k in t.deck))
    segments = [
        numbers("turn", 1, _turn, 1.0, f"turn / (turn + {TURN_SCALE})"),
        one_hot("active", 2, _active, "active player (one-hot)"),
        one_hot("to_act", 2, _to_act, "player to act (one-hot; zeros at the end)"),
        one_hot("phase", len(PHASE_NAMES), _phase, f"phase (one-hot: {', '.join(PHASE_NAMES)})"),
        one_hot("seat0_good", 1, _seat0_good, "1 when seat 0 plays the good side"),
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
        numbers("vp", 2, _vp, vp_total, "victory points per player"),
        one_hot("dice_order", MAX_DICE * 7, _dice, "per die in order: face (one-hot 1..5, axe), used"),
        numbers("dice_to_roll", 1, _dice_to_roll, float(MAX_DICE), "dice the next roll will have (0 once rolled)"),
        numbers("rerolls_left", 1, _rerolls, rerolls_most, "re-rolls left"),
        one_hot("used_a_die", 1, _used_die, "a rolled die paid for something this turn"),
        one_hot("effect", n, _effect, "the Event awaiting its target (one-hot kind)"),
        numbers("windows_open", 1, _windows_open, 1.0, "response and damage windows open, n / (n + 2)"),
        numbers("windows", WINDOWS * FRAME, _windows, float(max(n, deck)),
                "per window from the top: owner (one-hot), a damage point, answer (one-hot unknown, roll, end, "
                "card), card answered or damage source + 1, aimed at the pile, at a card gone, at display slot + 1"),
        one_hot("winner", 2, _winner, "winner at the end (one-hot; zeros for a draw or before the end)"),
        one_hot("reason", len(REASONS), _reason, f"why the game ended (one-hot: {', '.join(REASONS)})"),
    ]  # fmt: skip
    return segments


def _turn(s: DuelState, viewer: int | None, out: memoryview[float]) -> None:
    out[0] = fraction(s.turn, TURN_SCALE)


def _active(s: DuelState, viewer: int | None, out: memoryview[float]) -> None:
    out[s.active] = 1.0


def _to_act(s: DuelState, viewer: int | None, out: memoryview[float]) -> None:
    if not s.is_terminal and 0 <= s.to_act < 2:
        out[s.to_act] = 1.0


def _phase(s: DuelState, viewer: int | None, out: memoryview[float]) -> None:
    out[s.phase] = 1.0


def _seat0_good(s: DuelState, viewer: int | None, out: memoryview[float]) -> None:
    out[0] = float(s.sides[0] == "good")


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


def _vp(s: DuelState, viewer: int | None, out: memoryview[float]) -> None:
    out[0] = vp(s, 0)
    out[1] = vp(s, 1)


def _dice(s: DuelState, viewer: int | None, out: memoryview[float]) -> None:
    dice = s.dice
    spent = s.spent
    for i in range(len(dice)):
        out[7 * i + dice[i] - 1] = 1.0
        out[7 * i + 6] = float(spent[i])


def _dice_to_roll(s: DuelState, viewer: int | None, out: memoryview[float]) -> None:
    if s.phase <= PREROLL and not s.is_terminal:
        out[0] = dice_to_roll(s, s.active)


def _rerolls(s: DuelState, viewer: int | None, out: memoryview[float]) -> None:
    out[0] = s.rerolls


def _used_die(s: DuelState, viewer: int | None, out: memoryview[float]) -> None:
    out[0] = float(s.used_die)


def _effect(s: DuelState, viewer: int | None, out: memoryview[float]) -> None:
    if s.effect >= 0:
        out[s.effect] = 1.0


def _windows_open(s: DuelState, viewer: int | None, out: memoryview[float]) -> None:
    out[0] = fraction(len(s.stack), 2)


def _windows(s: DuelState, viewer: int | None, out: memoryview[float]) -> None:
    stack = s.stack
    top = len(stack) - 1
    for i in range(min(top + 1, _WINDOWS)):  # from the top of the stack down
        owner, kind, slot, source = stack[top - i]
        at = _FRAME * i
        out[at + owner] = 1.0
        if kind == CANCEL:
            out[at + 2] = 1.0
            out[at + 7] = source + 1
            if slot == PILE:
                out[at + 8] = 1.0
            elif slot == GONE:
                out[at + 9] = 1.0
            else:
                out[at + 10] = slot + 1
            continue
        answer = slot & ANSWER_MASK
        out[at + 3 + answer] = 1.0
        if answer != ANSWERS_UNKNOWN:  # what a window answers is public once it says (observation._frame)
            out[at + 7] = source + 1


def _winner(s: DuelState, viewer: int | None, out: memoryview[float]) -> None:
    if s.is_terminal:
        w = winner(s)
        if w >= 0:
            out[w] = 1.0


def _reason(s: DuelState, viewer: int | None, out: memoryview[float]) -> None:
    if s.is_terminal and s.reason in REASONS:
        out[REASONS.index(s.reason)] = 1.0
