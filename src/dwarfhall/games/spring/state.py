"""Spring's state: plain lists per player and for the table, so rules and search stay fast.

Cards are kind indices of `kinds.CardKinds`; map places are location indices of the laid-out map's geometry.
The zones (declared in `game.py`) say which of these lists hide their cards from whom.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dwarfhall.core import TERMINAL, Rng, State, winner_returns
from dwarfhall.core.errors import ScenarioError

from . import reveals, rules, scoring
from .phases import BEFORE, NO_ONE, OVER, PLACING, RESOURCES
from .worldmap import Placement, WorldMap

if TYPE_CHECKING:
    from .lookup import Occupancy
    from .targets import Targets

if TYPE_CHECKING:
    from .game import SpringGame


class SpringState(State):
    __slots__ = (
        "_occupancy",
        "_targets",
        "defeated",
        "dwarfs",
        "egg_pile",
        "era",
        "exhausted",
        "expedition_area",
        "expedition_deck",
        "faerie_deck",
        "faerie_discard",
        "faerie_hand",
        "faerie_power",
        "first",
        "fortress_at",
        "heroes",
        "home",
        "last_reveal",
        "line_left",
        "monster_at",
        "nest",
        "nest_level",
        "owner_at",
        "pending",
        "phase",
        "placing",
        "removed",
        "round",
        "settlement_line",
        "spots_used",
        "stage",
        "successes",
        "to_act",
        "treasury",
        "unused_monsters",
        "web_at",
        "world",
    )

    if TYPE_CHECKING:
        game: SpringGame  # the base class's slot, holding this game

    def __init__(self, game: SpringGame, rng: Rng, world: WorldMap) -> None:
        super().__init__(game, rng)
        n = game.num_players
        kinds = game.kinds.count
        locations = len(world.geometry.locations)
        self.world = world
        self._occupancy: Occupancy | None = None  # the last occupancy worked out here (checked before use)
        self._targets: Targets | None = None  # the last dwarf-action targets worked out here (checked before use)
        self.phase = PLACING
        self.era = 0
        self.round = 0
        self.first = 0
        self.to_act = 0
        self.placing: list[int] = []  # seats still to place a starting settlement, next first
        self.stage = BEFORE  # in a turn: before or after its dwarf action
        self.pending: list[list[int]] = []  # decisions inside the current dwarf action, the last one first
        # the table
        self.monster_at = [NO_ONE] * len(world.wildland_locations)  # per wildland (fixed order): monster card
        self.web_at = [NO_ONE] * locations  # per location: the spider card whose web lies there
        self.owner_at = [NO_ONE] * locations  # per location: the player whose settlement or fortress stands there
        self.settlement_line = [NO_ONE] * locations  # per location: the line the settlement came from
        self.expedition_deck: list[int] = []  # top = last
        self.unused_monsters: list[int] = []
        self.expedition_area: list[int] = []
        self.egg_pile: list[int] = []  # dragon indices, top = last
        self.faerie_deck: list[int] = []  # faerie kinds (card-kind indices), top = last
        self.faerie_discard: list[int] = []
        self.removed: list[int] = []  # cards trimmed from heroes decks, back in the box (R27; public)
        self.last_reveal: tuple[int, ...] = ()  # the last fight's or gathering's face-up cards (reveals.py)
        # the players
        self.treasury = [[0] * RESOURCES for _ in range(n)]
        self.line_left = [[4] * RESOURCES for _ in range(n)]  # settlements still on each line (wood, food, gold)
        self.fortress_at = [NO_ONE] * n
        self.home = [0] * n  # dwarfs in the bastion
        self.dwarfs: list[list[int]] = [[] for _ in range(n)]  # locations of the dwarfs on the map
        self.spots_used = [0] * n  # bit i: board spot i is taken this era
        self.nest: list[list[int]] = [[] for _ in range(n)]  # dragon indices
        self.nest_level: list[list[int]] = [[] for _ in range(n)]  # the level of each nest dragon (1-3)
        self.exhausted: list[list[bool]] = [[] for _ in range(n)]
        self.heroes = [[0] * kinds for _ in range(n)]  # the heroes deck as counts per card kind (public)
        self.faerie_hand = [[0] * kinds for _ in range(n)]  # counts per card kind (faerie kinds only)
        self.successes = [[0, 0] for _ in range(n)]  # axe, backpack
        self.defeated = [0] * n  # monsters ever defeated
        self.faerie_power = [1] * n

    # -- whose turn ---------------------------------------------------------------------
    @property
    def game_(self) -> SpringGame:
        return self.game

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.to_act

    # the rules' functions themselves serve as the methods (one call less on every move)
    _legal_action_ids = rules.legal_action_ids
    _describe_action = rules.describe_action
    _apply = rules.apply

    # -- results --------------------------------------------------------------------------
    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.num_players
        return winner_returns(self.num_players, scoring.winners(self))

    def scores(self) -> list[float]:
        return [float(scoring.score(self, p)) for p in range(self.num_players)]

    # -- information ----------------------------------------------------------------------
    def _observe(self, viewer: int | None) -> dict[str, Any]:
        obs = super()._observe(viewer)
        obs.update(self.public_json())
        return obs

    def public_json(self) -> dict[str, Any]:
        """Everything on the map and the boards: public to every player."""
        game = self.game_
        comps = game.components
        geometry = self.world.geometry
        return {
            "phase": ("placing", "actions", "over")[self.phase],
            "era": self.era,
            "round": self.round,
            "first": self.first,
            "to_act": self.current_player,
            "placing": list(self.placing),
            "stage": ("before", "after")[self.stage],
            "pending": [step[:] for step in self.pending],
            "map": self.world.to_json(),
            "monsters": {
                w.id: game.kinds.keys[card]
                for w, card in zip(self.world.wildland_order, self.monster_at, strict=True)
                if card != NO_ONE
            },
            "last_reveal": reveals.public(self),
            "webs": {geometry.locations[i].id: game.kinds.keys[c] for i, c in enumerate(self.web_at) if c != NO_ONE},
            "players": [
                {
                    "treasury": dict(zip(("wood", "food", "gold"), self.treasury[p], strict=True)),
                    "line_left": dict(zip(("wood", "food", "gold"), self.line_left[p], strict=True)),
                    "settlements": sorted(
                        geometry.locations[i].id
                        for i, owner in enumerate(self.owner_at)
                        if owner == p and i != self.fortress_at[p]
                    ),
                    "fortress": geometry.locations[self.fortress_at[p]].id if self.fortress_at[p] != NO_ONE else None,
                    "home": self.home[p],
                    "dwarfs": sorted(geometry.locations[i].id for i in self.dwarfs[p]),
                    "spots_used": [s.id for i, s in enumerate(comps.spots) if self.spots_used[p] >> i & 1],
                    "nest": [
                        {"dragon": comps.dragons[d].id, "level": lvl, "exhausted": ex}
                        for d, lvl, ex in zip(self.nest[p], self.nest_level[p], self.exhausted[p], strict=True)
                    ],
                    "successes": {"axe": self.successes[p][0], "backpack": self.successes[p][1]},
                    "defeated": self.defeated[p],
                    "faerie_power": self.faerie_power[p],
                }
                for p in range(self.num_players)
            ],
        }

    def _resample(self, sample: State, player: int, rng: Rng) -> None:
        """The unseen monsters may lie in the expedition deck or among the three left in the box: re-deal them
        between the two, since no player knows which are which."""
        assert isinstance(sample, SpringState)
        monsters = self.game_.kinds.monsters
        deck_monsters = [i for i, card in enumerate(sample.expedition_deck) if card in monsters]
        pool = [sample.expedition_deck[i] for i in deck_monsters] + sample.unused_monsters
        pool.sort()
        rng.shuffle_quick(pool)
        for slot, card in zip(deck_monsters, pool, strict=False):
            sample.expedition_deck[slot] = card
        sample.unused_monsters = pool[len(deck_monsters) :]

    def _legal_seen_by(self, player: int) -> bool:
        """The player to act knows their moves: they read only public parts and the player's own faerie hand,
        never the order of a pile nor another hand (sizes are public)."""
        return player == self.to_act and self.phase != OVER

    # -- copies and saving ----------------------------------------------------------------
    def _clone_body(self) -> SpringState:
        # field by field (the names of _INTS, _FLAT_LISTS and _NESTED_LISTS): a search clones every iteration
        other = SpringState.__new__(SpringState)
        other.game = self.game
        other.rng = Rng(self.rng.state)
        other.world = self.world
        other._occupancy = self._occupancy
        other._targets = targets = self._targets  # shared, so from now on never changed in place
        if targets is not None:
            targets.owned = False
        other.phase = self.phase
        other.era = self.era
        other.round = self.round
        other.first = self.first
        other.to_act = self.to_act
        other.stage = self.stage
        other.placing = self.placing[:]
        other.monster_at = self.monster_at[:]
        other.web_at = self.web_at[:]
        other.owner_at = self.owner_at[:]
        other.settlement_line = self.settlement_line[:]
        other.expedition_deck = self.expedition_deck[:]
        other.unused_monsters = self.unused_monsters[:]
        other.expedition_area = self.expedition_area[:]
        other.egg_pile = self.egg_pile[:]
        other.faerie_deck = self.faerie_deck[:]
        other.faerie_discard = self.faerie_discard[:]
        other.removed = self.removed[:]
        other.fortress_at = self.fortress_at[:]
        other.home = self.home[:]
        other.spots_used = self.spots_used[:]
        other.defeated = self.defeated[:]
        other.faerie_power = self.faerie_power[:]
        other.treasury = [row[:] for row in self.treasury]
        other.line_left = [row[:] for row in self.line_left]
        other.dwarfs = [row[:] for row in self.dwarfs]
        other.nest = [row[:] for row in self.nest]
        other.nest_level = [row[:] for row in self.nest_level]
        other.exhausted = [row[:] for row in self.exhausted]
        other.heroes = [row[:] for row in self.heroes]
        other.faerie_hand = [row[:] for row in self.faerie_hand]
        other.successes = [row[:] for row in self.successes]
        other.pending = [step[:] for step in self.pending]
        other.last_reveal = self.last_reveal  # a tuple: replaced, never changed in place
        return other

    def _to_json_body(self) -> dict[str, Any]:
        body: dict[str, Any] = {name: getattr(self, name) for name in _INTS}
        body["map"] = self.world.to_json()
        for name in _FLAT_LISTS:
            body[name] = getattr(self, name)[:]
        for name in _NESTED_LISTS:
            body[name] = [row[:] for row in getattr(self, name)]
        body["pending"] = [step[:] for step in self.pending]
        body["last_reveal"] = list(self.last_reveal)
        return body


_INTS = ("phase", "era", "round", "first", "to_act", "stage")
_FLAT_LISTS = (
    "placing",
    "monster_at",
    "web_at",
    "owner_at",
    "settlement_line",
    "expedition_deck",
    "unused_monsters",
    "expedition_area",
    "egg_pile",
    "faerie_deck",
    "faerie_discard",
    "removed",
    "fortress_at",
    "home",
    "spots_used",
    "defeated",
    "faerie_power",
)
_NESTED_LISTS = (
    "treasury",
    "line_left",
    "dwarfs",
    "nest",
    "nest_level",
    "exhausted",
    "heroes",
    "faerie_hand",
    "successes",
)  # one row per player


def state_from_json(game: SpringGame, body: Mapping[str, Any], rng: Rng) -> SpringState:
    """A state from `_to_json_body`; ScenarioError names the field at fault."""
    try:
        raw_map = body["map"]
        world = WorldMap(game.components, tuple(Placement(str(p["tile"]), int(p["rotation"])) for p in raw_map))
    except (KeyError, TypeError, ValueError) as exc:
        raise ScenarioError(f"state.map: {exc}") from exc
    state = SpringState(game, rng, world)
    for name in _INTS:
        value = body.get(name)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ScenarioError(f"state.{name}: must be a whole number, not {value!r}")
        setattr(state, name, value)
    for name in _FLAT_LISTS:
        setattr(state, name, _list(body, name, getattr(state, name)))
    for name in _NESTED_LISTS:
        rows = body.get(name)
        if not isinstance(rows, list) or len(rows) != game.num_players:
            raise ScenarioError(f"state.{name}: must be a list with one entry per player")
        setattr(state, name, [_list({name: row}, f"{name}", None, f"{name}[{p}]") for p, row in enumerate(rows)])
    steps = body.get("pending", [])
    if not isinstance(steps, list):
        raise ScenarioError("state.pending: must be a list")
    state.pending = [_list({"pending": step}, "pending", None, f"pending[{i}]") for i, step in enumerate(steps)]
    state.last_reveal = tuple(_list(body, "last_reveal", None) if "last_reveal" in body else ())  # older saves lack it
    if state.last_reveal and len(state.last_reveal) < reveals.CARDS:
        raise ScenarioError(f"state.last_reveal: must be empty or hold at least {reveals.CARDS} numbers")
    return state


def _list(body: Mapping[str, Any], name: str, like: list[Any] | None, where: str | None = None) -> list[Any]:
    value = body.get(name)
    label = where or name
    if not isinstance(value, list):
        raise ScenarioError(f"state.{label}: must be a list")
    if like is not None and like and len(value) != len(like):
        raise ScenarioError(f"state.{label}: must have {len(like)} entries, not {len(value)}")
    if not all(isinstance(v, (int, bool)) for v in value):
        raise ScenarioError(f"state.{label}: must hold whole numbers")
    return list(value)
