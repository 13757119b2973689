"""Sampling a full state that a player cannot tell apart from the real one.

Hidden from `player`: the opponent's hand (except cards known to be there), the order of both
draw piles (nobody knows their own pile's order either) and the future of the Rng.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dwarfhall.core.rng import Rng

if TYPE_CHECKING:
    from .state import DuelState


def determinize(s: DuelState, player: int, rng: Rng) -> DuelState:
    other = s._clone_body()
    # the seed or the start position would let a searcher rebuild the real deal, so neither is kept
    other.seed = None
    other.history = list(s.history)
    other.start = None
    # shuffling starts from a sorted order, so the sample depends only on what the player can see
    other.pile[player].sort()
    rng.shuffle_quick(other.pile[player])
    opp = 1 - player
    hand, known = other.hand[opp], other.known[opp]
    # the opponent's unseen cards: their pile and the part of their hand nobody has seen
    pool = list(other.pile[opp])
    for k, n in enumerate(hand):
        pool.extend([k] * (n - known[k]))
    pool.sort()
    rng.shuffle_quick(pool)
    unseen_in_hand = other.hand_n[opp] - sum(known)
    new_hand = list(known)
    for k in pool[:unseen_in_hand]:
        new_hand[k] += 1
    other.hand[opp] = new_hand
    other.pile[opp] = pool[unseen_in_hand:]
    other.rng = Rng(rng.next_u64())
    return other
