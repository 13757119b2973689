"""The rules: what may be played, what a play does and who wins; the state binds them as its methods.

Each player holds two hidden cards from a pile of 20 cards, numbered 1 to 20. On a turn the player lays one of
them face up in their area (its value goes onto their score counter) and draws the pile's top card. After three
turns each, the hands are shown and the player holding the highest card left scores a bonus; the highest score
wins (ties share the win).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dwarfhall.core import winner_returns

from .kit import HIGHER, LOWER

if TYPE_CHECKING:
    from .state import HighDrawState


def is_over(state: HighDrawState) -> bool:
    return state.turns >= state.game.components.turns * len(state.hands)


def legal_ids(state: HighDrawState) -> list[int]:
    hand = state.hands[state.current_player]
    return [LOWER, HIGHER] if len(hand) == state.game.components.hand_size else [LOWER]


def apply(state: HighDrawState, action_id: int) -> None:
    """Lays the chosen card face up and scores it, then draws a replacement (hands are kept sorted)."""
    player = state.current_player
    hand = state.hands[player]
    card = hand.pop(action_id)  # LOWER and HIGHER are the hand's slots 0 and 1
    state.areas[player].append(card)
    state.counters[player] += card
    if state.pile:
        hand.append(state.pile.pop())
        hand.sort()
    state.turns += 1


def final_scores(state: HighDrawState) -> list[int]:
    """The counters plus the bonus for the highest card left in hand (shown at the end)."""
    bonus = state.game.components.bonus
    best = max(max(hand) for hand in state.hands)
    pairs = zip(state.counters, state.hands, strict=True)
    return [score + (bonus if max(hand) == best else 0) for score, hand in pairs]


def scores(state: HighDrawState) -> list[float]:
    """The score counters, with the bonus once the game is over."""
    return [float(s) for s in (final_scores(state) if state.is_terminal else state.counters)]


def returns(state: HighDrawState) -> list[float]:
    if not state.is_terminal:
        return [0.0] * len(state.hands)
    final = final_scores(state)
    return winner_returns(len(final), [p for p, s in enumerate(final) if s == max(final)])
