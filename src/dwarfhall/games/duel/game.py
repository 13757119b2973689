"""The Dwarves: The Duel on the dwarfhall protocol."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dwarfhall.core.game import Game
from dwarfhall.core.rng import Rng
from dwarfhall.core.webview import WebView

from . import flow, scenario
from .cards import CardSet, load_cards
from .heuristic import DuelHeuristic
from .options import DuelOptions
from .state import DuelState
from .tables import Tables, tables_for
from .textview import DuelTextView

HAND_SIZE = 4


class DuelGame(Game[DuelOptions]):
    """Two players, Forces of Good against Forces of Evil, one 35-card deck each."""

    name = "duel"
    title = {"en": "The Dwarves: The Duel", "de": "Die Zwerge – Das Duell"}
    options_type = DuelOptions

    def __init__(self, options: DuelOptions | Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        # a broken cards file fails here with a DataError naming the card
        self.cards: CardSet = load_cards(self.options.cards)
        self.tables: Tables = tables_for(self.cards)

    def num_distinct_actions(self) -> int:
        return self.tables.layout.total

    def _initial_state(self, rng: Rng) -> DuelState:
        s = DuelState(self, rng)
        side0 = self.options.seat0_side
        s.sides = (side0, "evil" if side0 == "good" else "good")
        for p in (0, 1):
            pile = list(self.tables.deck)
            rng.shuffle(pile)
            s.pile[p] = pile
            for _ in range(HAND_SIZE):
                s.hand[p][pile.pop()] += 1
            s.hand_n[p] = HAND_SIZE
        first = self.options.first_seat()
        s.active = rng.below(2) if first is None else first
        flow.settle(s)
        return s

    def _state_from_json(self, body: Mapping[str, Any], rng: Rng) -> DuelState:
        return scenario.parse(self, body, rng)

    def scenario_from_dict(self, data: Mapping[str, Any]) -> DuelState:
        """A position in the friendly scenario format (docs/rules/duel.md); the game then runs on from it."""
        s = scenario.parse(self, data, None)
        flow.settle(s)
        return s

    def text_view(self) -> DuelTextView:
        return DuelTextView(self.cards)

    def web_view(self) -> WebView:
        from .webview import DuelWebView  # the page's drawing loads only where a page is served

        return DuelWebView(self.cards)

    def heuristic(self) -> DuelHeuristic:
        return DuelHeuristic()
