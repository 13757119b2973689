"""Spring's state: plain lists per player and for the table, so rules and search stay fast.

Cards are kind indices of `kinds.CardKinds`; map places are location indices of the laid-out map's geometry.
The state holds data; the rules live in their modules (legal, flow, setup, fights, dragons, quests, faeries,
monsters, gains, scoring), the labels in labels.py, the observation in observation.py, saving in snapshot.py,
the zones and the action space in kit.py; the methods below are those modules' functions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dwarfhall.core import TERMINAL, Rng, Rules, State

from . import flow, labels, legal, observation, playout, scoring, snapshot
from .phases import BEFORE, NO_ONE, OVER, PLACING, RESOURCES
from .statefields import SpringFields, copy_fields
from .worldmap import WorldMap

if TYPE_CHECKING:
    from .game import SpringGame


# the rules modules' functions are the protocol methods themselves: one Python call less on every move
RULES = Rules(legal=legal.legal_action_ids, apply=flow.apply, describe=labels.describe_action, returns=scoring.returns,
              scores=scoring.scores, observe=observation.observe, to_json=snapshot.dump,
              playout=playout.random_playout, components=labels.components)  # fmt: skip


class SpringState(SpringFields, State["SpringGame"], rules=RULES):
    __slots__ = ()  # the fields are SpringFields' (C fields in the compiled build)

    def __init__(self, game: SpringGame, rng: Rng, world: WorldMap) -> None:
        super().__init__(game, rng)
        n = game.num_players
        kinds = game.kinds.count
        locations = len(world.geometry.locations)
        self.world = world
        self.tables = game.tables
        self._occupancy = None  # the last occupancy worked out here (checked before use)
        self._targets = None  # the last dwarf-action targets worked out here (checked before use)
        self.map_changes = 0  # bumped by every change of owner_at, web_at or dwarfs: see targets.targets_of
        self._targets_seen = 0
        self.phase = PLACING
        self.era = 0
        self.round = 0
        self.first = 0
        self.to_act = 0
        self.placing = []  # seats still to place a starting settlement, next first
        self.stage = BEFORE  # in a turn: before or after its dwarf action
        self.pending = []  # decisions inside the current dwarf action, the last one first
        # the table
        self.monster_at = [NO_ONE] * len(world.wildland_locations)  # per wildland (fixed order): monster card
        self.web_at = [NO_ONE] * locations  # per location: the spider card whose web lies there
        self.owner_at = [NO_ONE] * locations  # per location: the player whose settlement or fortress stands there
        self.settlement_line = [NO_ONE] * locations  # per location: the line the settlement came from
        self.expedition_deck = []  # top = last
        self.unused_monsters = []
        self.expedition_area = []
        self.egg_pile = []  # dragon indices, top = last
        self.faerie_deck = []  # faerie kinds (card-kind indices), top = last
        self.faerie_discard = []
        self.removed = []  # cards trimmed from heroes decks, back in the box (R27; public)
        self.last_reveal = ()  # the last fight's or gathering's face-up cards (reveals.py)
        # the players
        self.treasury = [[0] * RESOURCES for _ in range(n)]
        self.line_left = [[4] * RESOURCES for _ in range(n)]  # settlements still on each line (wood, food, gold)
        self.fortress_at = [NO_ONE] * n
        self.home = [0] * n  # dwarfs in the bastion
        self.dwarfs = [[] for _ in range(n)]  # locations of the dwarfs on the map
        self.spots_used = [0] * n  # bit i: board spot i is taken this era
        self.nest = [[] for _ in range(n)]  # dragon indices
        self.nest_level = [[] for _ in range(n)]  # the level of each nest dragon (1-3)
        self.exhausted = [[] for _ in range(n)]
        self.heroes = [[0] * kinds for _ in range(n)]  # the heroes deck as counts per card kind (public)
        self.faerie_hand = [[0] * kinds for _ in range(n)]  # counts per card kind (faerie kinds only)
        self.successes = [[0, 0] for _ in range(n)]  # axe, backpack
        self.defeated = [0] * n  # monsters ever defeated
        self.faerie_power = [1] * n

    score_sheet = scoring.score_sheet

    @property
    def turn_count(self) -> int:
        """Turns begun after the starting settlements, each player's turn counting one: every turn sends out one
        dwarf (R1), so an era has players x dwarfs turns, in rounds from the era's first player."""
        if self.era == 0:
            return 0
        n = len(self.home)
        per_era = n * self.game.components.pieces["dwarfs"]
        return (self.era - 1) * per_era + (self.round - 1) * n + (self.to_act - self.first) % n + 1

    # -- whose turn ---------------------------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.to_act

    # -- information ----------------------------------------------------------------------
    _resample = observation.resample  # the unseen monsters, beside what the zones re-deal

    def _legal_seen_by(self, player: int) -> bool:
        """The player to act knows their moves: they read only public parts and the player's own faerie hand,
        never the order of a pile nor another hand (sizes are public)."""
        return player == self.to_act and self.phase != OVER

    # -- copies and saving ----------------------------------------------------------------
    def _clone_body(self) -> SpringState:
        # the core's fields here, Spring's in C when compiled (statefields.copy_fields): a search clones every iteration
        other = SpringState.__new__(SpringState)
        other.game = self.game
        other.rng = Rng(self.rng.state)
        copy_fields(self, other)
        return other

