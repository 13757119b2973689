"""Reads a position back (saved states and scenario files) on the kit's field readers: errors name the field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dwarfhall.core import Rng
from dwarfhall.core.fields import at, fail, items, known_fields, seat, whole

from .state import HighDrawState

if TYPE_CHECKING:
    from .game import HighDrawGame

FIELDS = ("pile", "hands", "areas", "scores", "first", "turns")


def _cards(value: Any, field: str, count: int) -> list[int]:
    return [whole(card, at(field, i), 1, count) for i, card in enumerate(items(value, field))]


def _per_seat(value: Any, field: str, players: int, count: int) -> list[list[int]]:
    return [_cards(cards, at(field, p), count) for p, cards in enumerate(items(value, field, players))]


def read_state(game: HighDrawGame, body: Mapping[str, Any], rng: Rng) -> HighDrawState:
    known_fields(body, FIELDS)
    players, count = game.num_players, game.components.count
    pile = _cards(body.get("pile", []), "pile", count)
    hands = [sorted(hand) for hand in _per_seat(body.get("hands"), "hands", players, count)]
    areas = _per_seat(body.get("areas", [[]] * players), "areas", players, count)
    every = pile + [card for cards in hands + areas for card in cards]
    if len(set(every)) != len(every):
        raise fail("", "a card lies in two places")
    scores = body.get("scores", [sum(area) for area in areas])
    counters = [whole(score, at("scores", p), 0) for p, score in enumerate(items(scores, "scores", players))]
    first = seat(body.get("first", 0), "first", players)
    turns = whole(body.get("turns", 0), "turns", 0, game.components.turns * players)
    return HighDrawState(game, rng, pile, hands, areas, counters, first, turns)
