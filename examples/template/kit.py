"""The zones and the action space, declared once: from them the kit derives determinize's re-deal, the
observation tensor and the ids of the moves."""

from __future__ import annotations

from dwarfhall.core import ZoneSet, area, counter, hand, pile
from dwarfhall.core.spaces import ActionSpace

from .components import Components

SPACE = ActionSpace()
PLAY = SPACE.block("play", slot=2)  # slot 0 plays the lower card of the hand, slot 1 the higher
LOWER, HIGHER = PLAY.encode(0), PLAY.encode(1)


def zones(players: int, components: Components) -> ZoneSet:
    """The pile (hidden), the hands (seen by their owner), the face-up areas and the score counters."""
    cards = components.count
    return ZoneSet(
        [
            pile("pile", "deck", per_player=False),
            hand("hands", "deck"),
            area("areas"),
            counter("counters", high=cards * components.turns),
        ],
        players,
        cards + 1,  # a card is its value 1..count (kind 0 is unused)
        most=max(cards, components.hand_size),
    )
