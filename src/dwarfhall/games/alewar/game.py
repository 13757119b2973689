"""Dwarves vs Goblins ("Ale War") on the dwarfhall protocol."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dwarfhall.core import Game, Rng, ScenarioError, WebView

from .action_ids import NUM_ACTIONS
from .components import Components, load_components
from .heuristic import AleWarHeuristic
from .options import AleWarOptions
from .serialize import state_from_body
from .state import AleWarState
from .textview import AleWarTextView


class AleWarGame(Game[AleWarOptions]):
    name = "alewar"
    title = {"en": "Dwarves vs Goblins (Ale War)", "de": "Zwerge gegen Goblins (Bierkrieg)"}
    min_players = 2
    max_players = 2
    options_type = AleWarOptions

    def __init__(self, options: AleWarOptions | Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        # loaded once per game object (and cached per file), so a bad file fails before any state exists
        self.components: Components = load_components(self.options.components)

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def _initial_state(self, rng: Rng) -> AleWarState:
        state = AleWarState(self, rng)
        state.begin()
        return state

    def _state_from_json(self, body: Mapping[str, Any], rng: Rng) -> AleWarState:
        return state_from_body(self, body, rng)

    def scenario_from_dict(self, data: Mapping[str, Any]) -> AleWarState:
        """A saved state (with a 'state' key), or a hand-written position such as

        {"terrain": {"c3": "lake"}, "units": {"axeman": "c4", "runner": "c2"}, "barrels": ["a1", "f1"]}

        where anything left out means: phase "move", Dwarves to act on turn 1, seat 0 plays the Dwarves,
        units not named are knocked out. An optional integer "rng" seeds the dice.
        """
        if "state" in data:
            return self.state_from_json(data)  # type: ignore[return-value]
        rng_state = data.get("rng", 0)
        if not isinstance(rng_state, int):
            raise ScenarioError("rng: must be an integer")
        body = {k: v for k, v in data.items() if k != "rng"}
        return state_from_body(self, body, Rng(rng_state), scenario=True)

    def heuristic(self) -> AleWarHeuristic:
        return AleWarHeuristic()

    def text_view(self) -> AleWarTextView:
        return AleWarTextView()

    def web_view(self) -> WebView:
        from .webview import AleWarWebView  # the page's drawing loads only where a page is served

        return AleWarWebView()
