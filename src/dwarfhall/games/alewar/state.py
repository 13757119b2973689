"""Ale War's state: a position as a few flat lists indexed by square or unit, and nothing else.

The rules live in their own modules (setup, movement, combat, reinforcement, turns, end, with flow
dispatching to them); `RULES` binds those modules' functions as the protocol methods, and a few more rules
functions are bound below as helpers. A clone copies three short lists and shares the immutable rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dwarfhall.core.game import TERMINAL, Rules, State
from dwarfhall.core.rng import Rng

from . import combat, end, flow, labels, movement, observation, reinforcement, setup, sheet, snapshot, tensor
from .board import SQUARES
from .kit import ATTACK as ATTACK_ID
from .kit import REINFORCE as REINFORCE_ID
from .phases import NO_WINNER, OVER, PLACE_UNITS, SIDES, TERRAIN, AttackEntry, TerrainEntry
from .pieces import BARRELS, DWARVES, EMPTY, RESERVE, UNITS

if TYPE_CHECKING:
    from .game import AleWarGame

# the rules modules' functions are the protocol methods themselves: one Python call less per action
RULES = Rules(legal=flow.legal_ids, apply=flow.apply, describe=labels.describe, returns=end.returns,
              scores=end.scores, observe=observation.observe, to_json=snapshot.state_body,
              components=labels.components)


class AleWarState(State["AleWarGame"], rules=RULES):
    __slots__ = (
        "barrels",
        "chooser",
        "dwarf_seat",
        "lakes",
        "last_attack",
        "moved",
        "occ",
        "phase",
        "pos",
        "roll_off",
        "side",
        "terrain",
        "terrain_left",
        "terrain_log",
        "turn",
        "winner",
    )

    def __init__(self, game: AleWarGame, rng: Rng) -> None:
        super().__init__(game, rng)
        self.phase = TERRAIN
        self.terrain: tuple[int, ...] = (0,) * SQUARES  # terrain kind code per square
        self.lakes = 0  # bitboard of the lake squares, kept in step with `terrain`
        self.terrain_left: tuple[int, ...] = game.components.terrain_counts
        self.terrain_log: tuple[TerrainEntry, ...] = ()
        self.roll_off: tuple[tuple[int, int], ...] = ()
        self.chooser = -1  # the roll-off winner, who chooses a side
        self.dwarf_seat = -1  # the seat playing the Dwarves, once decided
        self.pos: list[int] = [RESERVE] * UNITS  # square per unit, or RESERVE / OUT
        self.barrels: list[int] = [RESERVE] * BARRELS  # square per barrel, or RESERVE / OUT
        self.occ: list[int] = [EMPTY] * SQUARES  # unit index, FIRST_BARREL + barrel index, or EMPTY
        self.side = DWARVES  # the side whose turn (or placement) it is
        self.turn = 0  # 0 during setup, then 1, 2, ... (each side's turn counts one)
        self.moved = -1  # the unit moved this turn, which may attack
        self.last_attack: AttackEntry | None = None
        self.winner = NO_WINNER

    # -- whose turn ---------------------------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def current_player(self) -> int:
        phase = self.phase
        if phase >= PLACE_UNITS:
            if phase == OVER:
                return TERMINAL
            return self.dwarf_seat if self.side == DWARVES else 1 - self.dwarf_seat
        if phase == SIDES:
            return self.chooser
        return len(self.terrain_log) % 2

    def seat_of(self, side: int) -> int:
        """The seat playing a side, or -1 before the sides are chosen."""
        if self.dwarf_seat < 0:
            return -1
        return self.dwarf_seat if side == DWARVES else 1 - self.dwarf_seat

    # -- rules helpers (their modules' functions, bound as methods) ---------------------------
    begin = setup.begin
    score_sheet = sheet.score_sheet
    reach = movement.reach
    targets = combat.targets
    free_reinforcement_squares = reinforcement.free_squares

    # views of the position as squares, read by the zones (not by the rules)
    dwarf_squares = property(tensor.dwarf_squares)
    goblin_squares = property(tensor.goblin_squares)
    barrel_squares = property(tensor.barrel_squares)
    tree_squares = property(tensor.tree_squares)
    hill_squares = property(tensor.hill_squares)
    lake_squares = property(tensor.lake_squares)

    def chance_outcome(self, action_id: int) -> object:
        """After an attack, whether it hit: both players see the die, and a hit removes a piece."""
        attack = self.last_attack
        if ATTACK_ID <= action_id < REINFORCE_ID and attack is not None:
            return attack[6]
        return None

    @property
    def turn_count(self) -> int:
        """Turns begun after setup (each side's turn counts one), as the option turn_limit counts them."""
        return self.turn

    # -- copies and saving ----------------------------------------------------------------
    def _clone_body(self) -> AleWarState:
        other = AleWarState.__new__(AleWarState)
        other.game = self.game
        other.rng = self.rng.clone()
        other.phase = self.phase
        other.terrain = self.terrain
        other.lakes = self.lakes
        other.terrain_left = self.terrain_left
        other.terrain_log = self.terrain_log
        other.roll_off = self.roll_off
        other.chooser = self.chooser
        other.dwarf_seat = self.dwarf_seat
        other.pos = self.pos.copy()
        other.barrels = self.barrels.copy()
        other.occ = self.occ.copy()
        other.side = self.side
        other.turn = self.turn
        other.moved = self.moved
        other.last_attack = self.last_attack
        other.winner = self.winner
        return other

    def __str__(self) -> str:
        from .textview import render_plain  # the board as text, loaded only when a state is printed

        return render_plain(self.observation(None))
