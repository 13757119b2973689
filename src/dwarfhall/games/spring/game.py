"""The Dwar7s Spring game class: its options, components, lookup tables, zones (kit.py) and views."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from dwarfhall.core import Catalog, Game, Rng, State, Statistic, TextView, WebView
from dwarfhall.core.info import Chance, GameInfo, Information
from dwarfhall.core.tensors import Segment

from . import kit, scenario, snapshot, statistics, tensor, usage
from .components import Components, MonsterKind, load_components
from .heuristic import STYLES, SpringHeuristic
from .kinds import CardKinds, card_kinds
from .options import SpringOptions
from .setup import deal
from .state import SpringState
from .tables import GameTables

MESSAGES = Path(__file__).with_name("messages.toml")


@cache
def catalog() -> Catalog:
    """Spring's messages, read once (each game made shares them, as the Duel's games do)."""
    return Catalog.load(MESSAGES)


class SpringGame(Game[SpringOptions]):
    name = "spring"
    title = catalog().text("game_title")
    min_players = 2
    max_players = 4
    options_type = SpringOptions
    # the range of the tensor's segments (tensor.py): place numbers + 1 reach 133, the zones hold fewer cards
    info = GameInfo(
        Information.IMPERFECT, Chance.SAMPLED, 2, 4, observation_bounds=(0.0, 133.0), minutes=(45, 90), lobby_order=3
    )

    def __init__(self, options: SpringOptions | Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.components: Components = load_components(self.options.components)
        self.kinds: CardKinds = card_kinds(self.components)
        kinds_by_id = self.components.monster_kinds
        self.monster_kind_of: tuple[MonsterKind, ...] = tuple(kinds_by_id[m.kind] for m in self.components.monsters)
        self.messages = catalog()
        # per card kind: the symbols it shows in a heroes deck (monsters and quests show none)
        self.card_axes = [0] * self.kinds.count
        self.card_backpacks = [0] * self.kinds.count
        for hero_kind, hero in zip(self.kinds.heroes, self.components.heroes, strict=True):
            self.card_axes[hero_kind] = hero.axes
            self.card_backpacks[hero_kind] = hero.backpacks
        self.tables = GameTables(
            self.components, self.kinds, self.options, self.monster_kind_of, self.card_axes, self.card_backpacks
        )
        # the bit of each board spot in `SpringState.spots_used` (worked out with the tables, which the rules read)
        self.build_bits = self.tables.build_bits
        self.fortress_bit = self.tables.fortress_bit
        self.faerie_bit = self.tables.faerie_bit
        self.dragon_bits = self.tables.dragon_bits
        self.expedition_bits = self.tables.expedition_bits
        # the set-up's piles before shuffling, the same for every game (setup.deal copies them)
        dragons = self.components.dragons
        self.white_ribbons = tuple([d for d, dragon in enumerate(dragons) if dragon.white_ribbon])
        self.plain_eggs = tuple(
            [self.kinds.dragons.start + d for d, dragon in enumerate(dragons) if not dragon.white_ribbon]
        )
        self.faerie_cards = tuple([self.kinds.faeries.start + f for f in self.components.faerie_deck()])
        self.start_heroes = [0] * self.kinds.count  # a heroes deck at the start: one of each hero kind
        for kind in self.kinds.heroes:
            self.start_heroes[kind] += 1
        self.ordered_expeditions = self.tables.ordered_expeditions  # R24's option
        self.zones = kit.zones(self.num_players, self.kinds.keys)
        self.zones = kit.zones(self.num_players, self.kinds.keys, tensor.zone_bound(self))  # bounds for tensors

    @property
    def num_players(self) -> int:
        return self.options.players

    def tensor_segments(self) -> list[Segment]:
        return tensor.tensor_segments(self)

    def num_distinct_actions(self) -> int:
        return kit.SPACE.size

    def heuristic(self) -> SpringHeuristic:
        return SpringHeuristic()

    def heuristic_styles(self) -> dict[str, str]:
        return {name: text for name, (text, _) in STYLES.items()}

    def styled_heuristic(self, style: str) -> SpringHeuristic:
        return SpringHeuristic(style=style)

    def text_view(self) -> TextView:
        from .textview import SpringTextView  # the terminal's drawing loads only where a terminal plays

        return SpringTextView(self.components, self.messages)

    def web_view(self) -> WebView:
        from .webview import SpringWebView  # the page's drawing loads only where a server runs

        return SpringWebView(self.components, self.messages)

    def _initial_state(self, rng: Rng) -> SpringState:
        return deal(self, rng)

    def _state_from_json(self, body: Mapping[str, Any], rng: Rng) -> SpringState:
        state = SpringState(self, rng, snapshot.world_of(self.components, body))
        snapshot.load(state, body)
        return state

    def scenario_from_dict(self, data: Mapping[str, Any]) -> SpringState:
        """A saved state (with a "state" key), or a position in the readable scenario format (scenario.py,
        docs/rules/spring.md "Scenarios"); the game then runs on from it."""
        if "state" in data:
            loaded = self.state_from_json(data)
            assert isinstance(loaded, SpringState)
            return loaded
        return scenario.parse(self, data)

    # -- balance reports: component names and groups (usage.py), §12.3 figures (statistics.py) ----------
    def component_name(self, key: str, lang: str = "en", group: str | None = None) -> str:
        return usage.component_name(self, key, lang)

    def component_group(self, key: str) -> str | None:
        return usage.component_group(self, key)

    def group_name(self, group: str, lang: str = "en") -> str:
        return usage.group_name(self, group, lang)

    def statistics(self) -> tuple[Statistic, ...]:
        return statistics.declared(self)

    def game_statistics(self, final: State, actors: Sequence[int]) -> Mapping[str, float]:
        assert isinstance(final, SpringState)
        return statistics.game_statistics(final, actors)

    def length_statistics(self) -> tuple[str, ...]:
        return statistics.LENGTHS
