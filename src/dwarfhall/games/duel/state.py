"""The Duel's state: flat lists and counts, so cloning and legal-action generation stay cheap.

The state holds data; the rules live in their modules (flow, legal, dice, damage, windows, payments,
scoring), the labels in labels.py, the observation in observation.py, the zones and the action space in
kit.py; `RULES` binds those modules' functions as the protocol methods. Determinize comes from the core: the
zones re-deal what a player cannot see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dwarfhall.core.game import Rules, State
from dwarfhall.core.rng import Rng

from . import flow, labels, legal, observation, playout, scoring, snapshot, usage
from .phases import DRAW, PHASE_NAMES, Frame
from .statefields import DuelFields, copy_fields

if TYPE_CHECKING:
    from .game import DuelGame

# the rules modules' functions are the protocol methods themselves: one Python call less per action
RULES = Rules(legal=legal.legal_ids, apply=flow.apply, describe=labels.describe, returns=scoring.returns,
              scores=scoring.scores, observe=observation.observe, to_json=snapshot.dump,
              playout=playout.random_playout, components=usage.components)


class DuelState(DuelFields, State["DuelGame"], rules=RULES):
    """A position of the Duel. Player 0 and 1 are seats; `sides[p]` names the deck each plays."""

    __slots__ = ()  # the fields are DuelFields' (C fields in the compiled build)

    def __init__(self, game: DuelGame, rng: Rng) -> None:
        super().__init__(game, rng)
        self.tables = game.tables
        self.mode_always: bool = game.options.response_windows == "always"
        self.sides: tuple[str, str] = ("good", "evil")
        self.active = 0
        self.phase = DRAW
        self.to_act = 0
        self.turn = 1
        self.stack: list[Frame] = []
        self.dice: list[int] = []  # faces of the dice rolled this turn (6 = axe)
        self.spent: list[bool] = []
        self.rerolls = 0
        self.used_die = False  # a rolled die paid for a card or an effect this turn
        self.wild = [0, 0]  # Wild Cards held; the rest lie in the middle
        self.fresh = 0  # Wild Cards the active player gained this turn (usable from their next turn)
        self.bonus = [0, 0]  # extra dice for each player's next roll (Andôkai's Power / Surround)
        self.effect = -1  # kind of the Event awaiting its target
        n = game.tables.n
        self.hand = [[0] * n, [0] * n]  # counts per card kind
        self.hand_n = [0, 0]
        self.known = [[0] * n, [0] * n]  # cards the opponent knows to be in this hand
        self.pile: list[list[int]] = [[], []]  # top of the pile is the end of the list
        self.disp: list[list[int]] = [[], []]
        self.dmg: list[list[int]] = [[], []]  # damage this turn, parallel to disp
        self.discard: list[list[int]] = [[], []]  # top is the end of the list
        self.is_terminal = False
        self.reason = ""

    # -- protocol: whose turn and what is legal ------------------------------------------
    @property
    def current_player(self) -> int:
        return self.to_act

    # a field (DuelFields) rather than the base class's property: drivers read it before every action
    is_terminal: bool

    @property
    def over(self) -> bool:
        """The game has ended (the same as `is_terminal`)."""
        return self.is_terminal

    @over.setter
    def over(self, value: bool) -> None:
        self.is_terminal = value

    # -- results beyond the protocol's ---------------------------------------------------------
    vp = scoring.vp
    winner = scoring.winner
    score_sheet = scoring.score_sheet

    @property
    def turn_count(self) -> int:
        """Turns begun: the first player's first turn is turn 1, each player's turn counts one."""
        return self.turn

    # -- information ------------------------------------------------------------------------
    def _legal_seen_by(self, player: int) -> bool:
        """The player to act knows their moves: they read their own hand and public parts only (the displays,
        discard piles, dice, Wild Cards, the windows and the piles' sizes), never the other hand or a pile's order."""
        return player == self.to_act and not self.is_terminal

    # -- copies and saving -----------------------------------------------------------------
    def _clone_body(self) -> DuelState:
        other = DuelState.__new__(DuelState)
        other.game = self.game
        other.rng = Rng(self.rng.state)
        copy_fields(self, other)
        return other

    def __str__(self) -> str:
        if self.is_terminal:
            return f"duel, over after turn {self.turn} ({self.reason}); victory points {self.vp(0)}:{self.vp(1)}"
        return (
            f"duel, turn {self.turn}, seat {self.active} ({self.sides[self.active]}) in {PHASE_NAMES[self.phase]}, "
            f"seat {self.to_act} to act"
        )

