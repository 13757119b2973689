"""Dwarves vs Goblins ("Ale War") on the dwarfhall protocol."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dwarfhall.core import Game, Rng, ScenarioError, WebView
from dwarfhall.core.game import State
from dwarfhall.core.info import Chance, GameInfo, Information, TurnLimit
from dwarfhall.core.tensors import Segment

from .components import SIDE_KEYS, Components, load_components
from .heuristic import AleWarHeuristic
from .kit import SPACE, zones_for
from .labels import MESSAGES
from .options import AleWarOptions
from .scenario import state_from_body
from .state import AleWarState
from .tensor import tensor_segments

if TYPE_CHECKING:
    from .textview import AleWarTextView


class AleWarGame(Game[AleWarOptions]):
    name = "alewar"
    title = MESSAGES.text("view_title")
    min_players = 2
    max_players = 2
    options_type = AleWarOptions
    # nothing is hidden but the dice to come; two cautious players could stay apart for ever, hence the limit;
    # tensor entries are 0..1 but for each plane's count of squares (at most 36)
    info = GameInfo(
        Information.PERFECT,
        Chance.SAMPLED,
        2,
        2,
        turn_limit=TurnLimit("turn_limit", 300),
        observation_bounds=(0.0, 36.0),
        minutes=(30, 60),
        lobby_order=2,
    )

    def __init__(self, options: AleWarOptions | Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        # loaded once per game object (and cached per file), so a bad file fails before any state exists
        self.components: Components = load_components(self.options.components)
        self.zones = zones_for(self.num_players, self.options.turn_limit)

    def num_distinct_actions(self) -> int:
        return SPACE.size

    def tensor_segments(self) -> list[Segment]:
        return tensor_segments(self)

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
        from .textview import AleWarTextView  # the terminal's drawing loads only where a terminal plays

        return AleWarTextView(self.components)

    # -- names for reports ------------------------------------------------------------------
    def component_name(self, key: str, lang: str = "en", group: str | None = None) -> str:
        """A unit by its name in the components file."""
        index = self.components.unit_index(key)
        if index is None:
            return key  # a unit of another components file, e.g. in an older run
        name = self.components.units[index].name
        return name.form(lang)

    def component_group(self, key: str) -> str | None:
        index = self.components.unit_index(key)
        return None if index is None else SIDE_KEYS[self.components.units[index].side]

    def group_name(self, group: str, lang: str = "en") -> str:
        if group not in SIDE_KEYS:
            return group
        return self.components.side_name(group).form(lang)

    def seat_group(self, seat: int, state: State[Any] | None = None) -> str | None:
        """Dwarves or Goblins: decided by the roll-off (read from `state`) unless the option dwarf_seat fixes it."""
        dwarf_seat = getattr(state, "dwarf_seat", -1)
        if not isinstance(dwarf_seat, int) or dwarf_seat < 0:
            dwarf_seat = self.options.dwarf_seat if self.options.dwarf_seat is not None else -1
        if dwarf_seat < 0 or seat not in (0, 1):
            return None
        return SIDE_KEYS[0] if seat == dwarf_seat else SIDE_KEYS[1]

    def web_view(self) -> WebView:
        from .webview import AleWarWebView  # the page's drawing loads only where a page is served

        return AleWarWebView(self.components)
