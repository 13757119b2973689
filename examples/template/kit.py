"""The zones, declared once: from them the kit derives determinize's re-deal and the observation tensor."""

from __future__ import annotations

from dwarfhall.core import ZoneSet, area, counter, hand, pile

from .components import DECK, HAND_SIZE, TURNS

KINDS = len(DECK) + 1  # a card is its value 1..20 (kind 0 is unused)
MOST_SCORE = max(DECK) * TURNS


def zones(players: int) -> ZoneSet:
    """The pile (hidden), the hands (seen by their owner), the face-up areas and the score counters."""
    return ZoneSet(
        [
            pile("pile", "deck", per_player=False),
            hand("hands", "deck"),
            area("areas"),
            counter("counters", high=MOST_SCORE),
        ],
        players,
        KINDS,
        most=max(len(DECK), HAND_SIZE),
    )
