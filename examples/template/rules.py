"""The rules: whose turn it is, what may be played, what a play does and who wins.

Each player holds two hidden cards. On a turn the player lays one of them face up in their area (its value
goes onto their score counter) and draws the pile's top card. After three turns each, the hands are shown and
the player holding the highest card left scores a bonus; the highest score wins (ties share the win).
"""

from __future__ import annotations

from .components import BONUS, HAND_SIZE, TURNS

LOWER, HIGHER = 0, 1


def is_over(turns_taken: int, players: int) -> bool:
    return turns_taken >= TURNS * players


def legal_slots(hand: list[int]) -> list[int]:
    return [LOWER, HIGHER] if len(hand) == HAND_SIZE else [LOWER]


def play(hand: list[int], area: list[int], pile: list[int], slot: int) -> int:
    """Lays the chosen card face up, draws a replacement; returns the card's value for the score counter."""
    card = sorted(hand)[slot]
    hand.remove(card)
    area.append(card)
    if pile:
        hand.append(pile.pop())
    hand.sort()
    return card


def final_scores(scores: list[int], hands: list[list[int]]) -> list[int]:
    """The counters plus the bonus for the highest card left in hand (shown at the end)."""
    best = max(max(hand) for hand in hands)
    return [score + (BONUS if max(hand) == best else 0) for score, hand in zip(scores, hands, strict=True)]
