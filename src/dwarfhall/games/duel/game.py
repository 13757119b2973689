"""The Dwarves: The Duel on the dwarfhall protocol."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dwarfhall.core.game import Game, State
from dwarfhall.core.info import Chance, GameInfo, Information
from dwarfhall.core.rng import Rng
from dwarfhall.core.tensors import Segment
from dwarfhall.core.webview import WebView
from dwarfhall.core.zones import ZoneSet

from . import flow, kit, scenario, tensor
from .components import SIDES, CardSet, load_cards
from .heuristic import DuelHeuristic
from .labels import catalog
from .options import DuelOptions
from .state import DuelState
from .tables import Tables, tables_for

if TYPE_CHECKING:
    from .textview import DuelTextView

HAND_SIZE = 4


class DuelGame(Game[DuelOptions]):
    """Two players, Forces of Good against Forces of Evil, one 35-card deck each."""

    name = "duel"
    title = catalog().text("title")
    options_type = DuelOptions
    # every tensor entry counts cards (or dice) within one 35-card deck
    info = GameInfo(
        Information.IMPERFECT, Chance.SAMPLED, 2, 2, observation_bounds=(0.0, 35.0), minutes=(20, 40), lobby_order=1
    )

    def __init__(self, options: DuelOptions | Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        # a broken cards file fails here with a DataError naming the card
        self.cards: CardSet = load_cards(self.options.cards)
        self.tables: Tables = tables_for(self.cards)
        self.zones: ZoneSet = kit.zones(self.tables.keys, len(self.tables.deck))

    def num_distinct_actions(self) -> int:
        return self.tables.layout.space.size

    def tensor_segments(self) -> list[Segment]:
        return tensor.tensor_segments(self)

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
        from .textview import DuelTextView  # the terminal's drawing loads only where a terminal plays

        return DuelTextView(self.cards)

    def web_view(self) -> WebView:
        from .webview import DuelWebView  # the page's drawing loads only where a page is served

        return DuelWebView(self.cards)

    def heuristic(self) -> DuelHeuristic:
        return DuelHeuristic()

    # -- names for reports ------------------------------------------------------------------
    def component_name(self, key: str, lang: str = "en", group: str | None = None) -> str:
        """A card by its name on `group`'s side; without a side, both names ("Bavragor / Bogglin")."""
        try:
            kind = self.cards.by_key(key)
        except KeyError:
            return key  # a card of another cards file, e.g. in an older run
        if group in SIDES:
            return kind.name(group, lang)
        names = dict.fromkeys(kind.name(side, lang) for side in SIDES)
        return " / ".join(names)

    def components_alike_on_every_side(self) -> bool:
        """The two decks are the same cards under two names (cards.toml gives the mechanics once per entry)."""
        return True

    def group_name(self, group: str, lang: str = "en") -> str:
        return catalog().t(f"side_{group}", lang) if group in SIDES else group

    def seat_group(self, seat: int, state: State[Any] | None = None) -> str | None:
        """The deck a seat plays: the state's sides when given, else the option seat0_side."""
        sides = getattr(state, "sides", None)
        if isinstance(sides, tuple) and 0 <= seat < len(sides):
            return str(sides[seat])
        if seat not in (0, 1):
            return None
        side0 = self.options.seat0_side
        return side0 if seat == 0 else ("evil" if side0 == "good" else "good")
