"""Damage, one point at a time: targets (guard first), pile damage, defeat, removal from a display."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .phases import CANCEL, FRESH_SHIFT, GONE, OVER, PILE, RESPONSE
from .tables import NO_CREDIT

if TYPE_CHECKING:
    from .state import DuelState

# compiled (this module is then an extension, not the .py), a loop runs in C; in Python the set's method is faster
_BY_INDEX = not __file__.endswith((".py", ".pyc"))


def targets(s: DuelState, dealer: int) -> list[int]:
    """Target codes open to `dealer`, ascending: 0 the opponent's draw pile, else a display card (kind, damage so far).

    Copies of a card with equal damage are interchangeable, so each (kind, damage) is one target.
    While the opponent has a guard Ally in display, display-aimed damage may only hit a guard.
    """
    victim = 1 - dealer
    kinds = s.disp[victim]
    if not kinds:
        return [0]
    t = s.tables
    # code of each kind at 0 damage; 0 for a card that cannot be hit now (no health, or shielded by a guard)
    if _BY_INDEX:  # compiled: a C loop of set lookups, cheaper than calling the set's method
        guard_kinds = t.guard_kinds
        code = t.target_code
        for k in kinds:
            if k in guard_kinds:
                code = t.guard_target_code
                break
    else:
        code = t.target_code if t.guard_kinds.isdisjoint(kinds) else t.guard_target_code
    dmg = s.dmg[victim]
    found = [0]
    if _BY_INDEX:  # compiled: each code goes into its sorted place, compared as C ints (no boxing, no sort)
        for i, k in enumerate(kinds):
            base = code[k]
            if base:  # a shielded card may carry damage from before its guard arrived, so skip it
                target = base + dmg[i]
                j = len(found)
                while found[j - 1] > target:
                    j -= 1
                if found[j - 1] != target:
                    found.insert(j, target)
        return found
    for i, k in enumerate(kinds):  # plain loops beat map/sorted/set (and zip with strict=) on lists this short
        base = code[k]
        # a shielded card may carry damage from before its guard arrived, so skip it rather than add
        if base and base + dmg[i] not in found:
            found.append(base + dmg[i])
    found.sort()
    return found


def with_fresh_any_die_allies(s: DuelState, dealer: int, found: list[int]) -> list[int]:
    """`found` plus any-die Allies (the Dwarf King / Bislipur) whose play a window of `dealer` still answers.

    Rulebook, note on Throwing Axe / Dagger: answering the play of the Dwarf King / Bislipur, the Twist defeats
    it at once unless Chain Mail / Shadow Armor prevents it. A stated rule beats the reconstructed guard, so
    such a card can be aimed at by a damage Twist even behind a guard (for Ally damage the guard still holds).
    """
    t = s.tables
    fresh = [
        (frame[2] >> FRESH_SHIFT) - 1
        for frame in s.stack
        if frame[0] == dealer and frame[1] == RESPONSE and frame[2] >> FRESH_SHIFT
    ]
    if not fresh:
        return found
    victim = 1 - dealer
    extra = [
        t.target_code[k] + d
        for k, d in zip(s.disp[victim], s.dmg[victim], strict=True)
        if k in fresh and t.target_code[k] and t.target_code[k] + d not in found
    ]
    return sorted(set(found + extra)) if extra else found


def slot_of(s: DuelState, player: int, kind: int, damage: int) -> int:
    """The first display slot of `player` holding `kind` with `damage` this turn."""
    kinds, dmg = s.disp[player], s.dmg[player]
    for i, k in enumerate(kinds):
        if k == kind and dmg[i] == damage:
            return i
    raise AssertionError(f"no {s.tables.keys[kind]} with {damage} damage in display {player}")


def credited_ally(s: DuelState, player: int, face: int) -> int:
    """The Ally named for a point dealt with a die showing `face` (0: an axe or a Wild Card, any Ally accepts it).

    Which Ally deals a point changes nothing in the game, so the most specific one is named.
    """
    t = s.tables
    rank = t.credit_rank[face]
    best = NO_CREDIT
    for k in s.disp[player]:
        r = rank[k]  # a typed local compiled: a C comparison
        if r < best:
            best = r
    return -1 if best == NO_CREDIT else best % t.n


def declare(s: DuelState, dealer: int, target: int, source_kind: int) -> None:
    """A point is aimed; its target's owner gets a window to cancel it before it lands."""
    victim = 1 - dealer
    if target == 0:
        slot = PILE
    else:
        kind, damage = s.tables.layout.target_parts(target)
        slot = slot_of(s, victim, kind, damage)
    s.stack.append((victim, CANCEL, slot, source_kind))


def land(s: DuelState, victim: int, slot: int) -> None:
    """The point hits: the pile's top card goes face up to the discard pile, or the card takes 1 damage."""
    if slot == PILE:
        pile = s.pile[victim]
        s.discard[victim].append(pile.pop())
        if not pile:
            end_game(s, "pile_damaged")
    elif slot >= 0:
        dmg = s.dmg[victim]
        dmg[slot] += 1
        if dmg[slot] >= s.tables.health[s.disp[victim][slot]]:
            remove_from_display(s, victim, slot)


def remove_from_display(s: DuelState, player: int, slot: int) -> None:
    """A defeated or banished card goes to its owner's discard pile; pending points follow the slots."""
    kind = s.disp[player].pop(slot)
    s.dmg[player].pop(slot)
    s.discard[player].append(kind)
    stack = s.stack
    for i, (owner, frame_kind, target, src) in enumerate(stack):
        if frame_kind == CANCEL and owner == player and target >= 0:
            if target == slot:
                stack[i] = (owner, frame_kind, GONE, src)
            elif target > slot:
                stack[i] = (owner, frame_kind, target - 1, src)


def end_game(s: DuelState, reason: str) -> None:
    """A draw pile ran out: the game ends at once, whatever was pending."""
    s.is_terminal = True
    s.phase = OVER
    s.reason = reason
    s.stack = []
