"""What a player gains from the table: faerie cards drawn (R19, R20), what a settlement's spot gives (R17, R18),
production at the start of an era (R6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .monsters import monster_in_play_caps
from .phases import RESOURCE_INDEX

if TYPE_CHECKING:
    from .state import SpringState


def draw_faeries(state: SpringState, player: int, count: int) -> int:
    """Draws up to `count` faerie cards, never beyond the hand limit (R19); an empty deck is refilled from the
    played cards (R20). Returns how many were drawn."""
    limit = state.game.components.limits["faerie_hand"]
    hand = state.faerie_hand[player]
    drawn = 0
    for _ in range(count):
        if sum(hand) >= limit:
            break
        if not state.faerie_deck:
            if not state.faerie_discard:
                break
            state.faerie_deck = state.faerie_discard
            state.faerie_discard = []
            state.rng.shuffle(state.faerie_deck)
        hand[state.faerie_deck.pop()] += 1
        drawn += 1
    return drawn


def place_gain(state: SpringState, player: int, location: int, fortress: bool = False) -> None:
    """What placing a settlement (or the fortress) on a spot gains: its printed amount, cut to 1 while a matching
    monster is in play (never for the fortress) (R17, R18)."""
    slot = state.world.slots[location]
    if slot is None or not slot.is_resource:
        return
    amount = slot.amount
    if not fortress and monster_in_play_caps(state, slot.kind):
        amount = min(amount, 1)
    if slot.kind == "faerie":
        draw_faeries(state, player, amount)
    else:
        state.treasury[player][RESOURCE_INDEX[slot.kind]] += amount


def produce(state: SpringState, player: int) -> None:
    """Production: every icon revealed on the player's lines, then the warehouse limit (R6)."""
    tables = state.tables
    treasury = state.treasury[player]
    left = state.line_left[player]
    for r, by_taken in enumerate(tables.production):
        taken = len(by_taken) - 1 - left[r]
        if 0 <= taken < len(by_taken):
            w, f, g = by_taken[taken]
            treasury[0] += w
            treasury[1] += f
            treasury[2] += g
        else:  # never by the rules: a line with more or fewer settlements than it holds, read as the slice does
            for icons in state.game.components.lines[r].positions[:taken]:
                for resource, amount in icons.items():
                    treasury[RESOURCE_INDEX[resource]] += amount
    cap = tables.warehouse
    for r in range(len(treasury)):
        treasury[r] = min(treasury[r], cap)
