"""The Game class: name, titles, player counts, options, and the factories for states and views."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dwarfhall.core import Game, Rng, TextView, WebView
from dwarfhall.core.fields import whole
from dwarfhall.core.heuristic import Heuristic
from dwarfhall.core.info import Chance, GameInfo, Information

from .components import load_components
from .heuristic import HighDrawHeuristic
from .kit import SPACE, zones
from .labels import MESSAGES
from .options import HighDrawOptions
from .scenario import read_state
from .state import HighDrawState
from .textview import HighDrawTextView
from .webview import HighDrawWebView


class HighDrawGame(Game[HighDrawOptions]):
    name = "highdraw"
    title = MESSAGES.text("title")
    options_type = HighDrawOptions
    min_players = 2
    max_players = 4
    info = GameInfo(Information.IMPERFECT, Chance.SAMPLED, 2, 4)

    def __init__(self, options: HighDrawOptions | Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.components = load_components()  # the rules read it as `state.game.components`
        self.zones = zones(self.num_players, self.components)

    @property
    def num_players(self) -> int:
        return self.options.player_count  # the `players` option decides

    def num_distinct_actions(self) -> int:
        return SPACE.size  # play the lower or the higher card

    def _initial_state(self, rng: Rng) -> HighDrawState:
        pile = list(self.components.deck)
        rng.shuffle(pile)
        players = self.num_players
        hands = [sorted(pile.pop() for _ in range(self.components.hand_size)) for _ in range(players)]
        first = self.options.first_seat()
        first = rng.below(players) if first is None else first
        return HighDrawState(self, rng, pile, hands, [[] for _ in hands], [0] * players, first, 0)

    def _state_from_json(self, body: Mapping[str, Any], rng: Rng) -> HighDrawState:
        return read_state(self, body, rng)

    def scenario_from_dict(self, data: Mapping[str, Any]) -> HighDrawState:
        """A scenario file holds the state's fields directly (hands, pile, areas...), plus an optional seed."""
        body = {key: value for key, value in data.items() if key != "seed"}
        return read_state(self, body, Rng(whole(data.get("seed", 0), "seed", 0)))

    def heuristic(self) -> Heuristic:
        return HighDrawHeuristic()

    def text_view(self) -> TextView:
        return HighDrawTextView()

    def web_view(self) -> WebView:
        return HighDrawWebView()
