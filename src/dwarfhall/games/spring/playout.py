"""Spring's own random playout (`Rules.playout`): the core's loop calling the rules functions directly.

The same actions as `core.batch.random_playout`'s loop (`ids[rng.below(len(ids))]` of the legal ids, in their
order); compiled, the legal ids, the draw and the action are C calls, so a whole playout runs without returning
to Python per action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dwarfhall.core.rng import Rng

from .flow import apply
from .legal import legal_action_ids
from .phases import OVER

if TYPE_CHECKING:
    from .state import SpringState


def random_playout(state: SpringState, rng: Rng, cap: int) -> int:
    """Uniformly random legal actions until the end or `cap` actions (-1: no cap); returns how many were played."""
    history = state.history
    played = 0
    while played != cap and state.phase != OVER:  # `is_terminal`, read as the field
        ids = legal_action_ids(state)
        action = ids[rng.below(len(ids))]
        apply(state, action)
        history.append(action)
        played += 1
    return played
