"""The Duel's own random playout (`Rules.playout`): the core's loop calling the rules functions directly.

The same actions as `core.batch.random_playout`'s loop (`ids[rng.below(len(ids))]` of the legal ids, in their
order, which `legal.random_id` draws without building the list where it can); compiled, the pick and the action
are C calls, so a whole playout runs without returning
to Python per action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dwarfhall.core.rng import Rng

from .flow import apply
from .legal import random_id

if TYPE_CHECKING:
    from .state import DuelState


def random_playout(s: DuelState, rng: Rng, cap: int) -> int:
    """Uniformly random legal actions until the end or `cap` actions (-1: no cap); returns how many were played."""
    history = s.history
    played = 0
    while played != cap and not s.is_terminal:
        action = random_id(s, rng)
        apply(s, action)
        history.append(action)
        played += 1
    return played
