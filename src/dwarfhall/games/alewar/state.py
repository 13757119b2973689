"""The rules of Ale War as a state machine: setup, turns, attacks, reinforcements and the end.

A position is a few flat lists indexed by square or unit, so a clone copies
three short lists and shares the immutable rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from dwarfhall.core import TERMINAL, Action, Rng, State

from . import action_ids as A
from .board import (
    FULL,
    HIGH,
    LAKE,
    LOW,
    MID,
    NEIGHBOURS,
    NOT_COLUMN_A,
    NOT_COLUMN_F,
    REINFORCEMENT_SQUARES,
    SETUP_SQUARES,
    SIZE,
    SQUARES,
    lake_bits,
    open_squares_connected,
    spread,
    square,
    squares_of,
)
from .combat import DWARVES, EMPTY, FIRST_BARREL, FIRST_GOBLIN, GOBLINS, attack_modifier, is_hit

if TYPE_CHECKING:
    from .components import Components
    from .game import AleWarGame

# phases: what the player to act decides
TERRAIN, SIDES, PLACE_UNITS, PLACE_BARRELS, REINFORCE, MOVE, ATTACK, OVER = range(8)
PHASE_NAMES: tuple[str, ...] = (
    "terrain", "sides", "place_units", "place_barrels", "reinforce", "move", "attack", "over"
)

# where a unit or barrel is when it is not on a square
RESERVE = -1  # not placed yet
OUT = -2  # knocked out (a unit) or destroyed (a barrel)

NO_WINNER, DRAW = -1, 2  # winner is DWARVES, GOBLINS, DRAW or NO_WINNER

DWARF_UNITS = range(0, FIRST_GOBLIN)
GOBLIN_UNITS = range(FIRST_GOBLIN, FIRST_BARREL)
UNITS_OF_SIDE = (DWARF_UNITS, GOBLIN_UNITS)

# one terrain placement: (seat, kind code, square, ((column, row), ...) every roll including re-rolls)
TerrainEntry = tuple[int, int, int, tuple[tuple[int, int], ...]]
# the last attack: (attacker unit, target code, target square, die, modifier, armor, hit)
AttackEntry = tuple[int, int, int, int, int, int, bool]


class AleWarState(State):
    __slots__ = (
        "barrels",
        "chooser",
        "comps",
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

    game: AleWarGame

    def __init__(self, game: AleWarGame, rng: Rng) -> None:
        super().__init__(game, rng)
        self.comps: Components = game.components
        self.phase = TERRAIN
        self.terrain: tuple[int, ...] = (0,) * SQUARES
        self.lakes = 0  # bitboard of the lake squares, kept in step with `terrain`
        self.terrain_left: tuple[int, ...] = self.comps.terrain_counts
        self.terrain_log: tuple[TerrainEntry, ...] = ()
        self.roll_off: tuple[tuple[int, int], ...] = ()
        self.chooser = -1  # the roll-off winner, who chooses a side
        self.dwarf_seat = -1  # the seat playing the Dwarves, once decided
        self.pos: list[int] = [RESERVE] * A.UNITS
        self.barrels: list[int] = [RESERVE] * 2
        self.occ: list[int] = [EMPTY] * SQUARES  # unit index, FIRST_BARREL + barrel index, or EMPTY
        self.side = DWARVES  # the side whose turn (or placement) it is
        self.turn = 0  # 0 during setup, then 1, 2, ... (each side's turn counts one)
        self.moved = -1  # the unit moved this turn, which may attack
        self.last_attack: AttackEntry | None = None
        self.winner = NO_WINNER

    # -- setup ------------------------------------------------------------------------
    def begin(self) -> None:
        """The first decision: the chance steps before it (random terrain, roll-off) are resolved now."""
        if self.game.options.terrain_pick == "random":
            while sum(self.terrain_left):
                self._place_terrain(self._draw_terrain_kind())
        self._after_terrain_step()

    def _draw_terrain_kind(self) -> int:
        """A random piece from those left (each piece equally likely): kind index 0-2."""
        r = self.rng.below(sum(self.terrain_left))
        for kind, count in enumerate(self.terrain_left):
            if r < count:
                return kind
            r -= count
        raise AssertionError("unreachable: r is below the number of pieces left")

    def _place_terrain(self, kind: int) -> None:
        """Rolls column and row until the square is free of terrain (and a lake would cut nothing off)."""
        code = kind + 1
        terrain = list(self.terrain)
        free = sum(1 for t in terrain if not t)
        cuts_off: dict[int, bool] = {}  # lake squares checked so far, lazily: most rolls need one check
        rolls: list[tuple[int, int]] = []
        while True:
            column, row = self.rng.die(), self.rng.die()
            rolls.append((column, row))
            sq = square(column, row)
            if terrain[sq]:
                continue
            if code == LAKE:
                if sq not in cuts_off:
                    cuts_off[sq] = not open_squares_connected(_with(terrain, sq, LAKE))
                # when every free square would cut something off, the rulebook's rule alone applies
                if cuts_off[sq] and not (len(cuts_off) == free and all(cuts_off.values())):
                    continue
            break
        seat = len(self.terrain_log) % 2
        terrain[sq] = code
        self.terrain = tuple(terrain)
        self.lakes = lake_bits(terrain)
        left = list(self.terrain_left)
        left[kind] -= 1
        self.terrain_left = tuple(left)
        self.terrain_log = (*self.terrain_log, (seat, code, sq, tuple(rolls)))

    def _after_terrain_step(self) -> None:
        if sum(self.terrain_left):
            self.phase = TERRAIN
            return
        fixed = self.game.options.dwarf_seat
        if fixed is not None:
            self.dwarf_seat = fixed
            self._begin_placement()
            return
        rolls: list[tuple[int, int]] = []
        while True:  # re-roll ties
            a, b = self.rng.die(), self.rng.die()
            rolls.append((a, b))
            if a != b:
                break
        self.roll_off = tuple(rolls)
        self.chooser = 0 if a > b else 1
        self.phase = SIDES

    def _begin_placement(self) -> None:
        self.phase = PLACE_UNITS
        self.side = DWARVES

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

    # -- legal actions ------------------------------------------------------------------
    def _legal_action_ids(self) -> list[int]:
        phase = self.phase
        if phase == MOVE:
            return self._move_ids()
        if phase == ATTACK:
            return [A.NO_ATTACK, *(A.ATTACK + t for t in self.targets(self.moved))]
        if phase == REINFORCE:
            return [A.NO_REINFORCEMENT, *self._reinforce_ids()]
        if phase == PLACE_UNITS:
            return self._place_unit_ids()
        if phase == PLACE_BARRELS:
            terrain, occ = self.terrain, self.occ
            return [A.PLACE_BARREL + s for s in range(SQUARES) if terrain[s] != LAKE and occ[s] == EMPTY]
        if phase == SIDES:
            return [A.CHOOSE_DWARVES, A.CHOOSE_GOBLINS]
        if phase == TERRAIN:
            return [A.PICK_TERRAIN + k for k, n in enumerate(self.terrain_left) if n]
        return []

    def _move_ids(self) -> list[int]:
        # the hottest path of a random game: _flood and squares_of inlined
        ids: list[int] = []
        passable, free = self._movement_bits(self.side)
        movement, pos = self.comps.movement, self.pos
        for unit in UNITS_OF_SIDE[self.side]:
            start = pos[unit]
            if start < 0:
                continue
            reached = frontier = 1 << start
            for _ in range(movement[unit]):
                frontier = (
                    ((frontier << SIZE) & FULL) | (frontier >> SIZE)
                    | ((frontier & NOT_COLUMN_F) << 1) | ((frontier & NOT_COLUMN_A) >> 1)
                ) & passable & ~reached
                if not frontier:
                    break
                reached |= frontier
            bits = (reached & free) | (1 << start)
            base = A.MOVE + unit * SQUARES
            ids += [base + d for d in (*LOW[bits & 0xFFF], *MID[(bits >> 12) & 0xFFF], *HIGH[bits >> 24])]
        return ids or [A.PASS]

    def _movement_bits(self, side: int) -> tuple[int, int]:
        """(squares the side may pass through, squares it may end on) as bitboards."""
        friends = enemies = 0
        for unit, sq in enumerate(self.pos):
            if sq >= 0:
                if (unit < FIRST_GOBLIN) == (side == DWARVES):
                    friends |= 1 << sq
                else:
                    enemies |= 1 << sq
        barrels = 0
        for sq in self.barrels:
            if sq >= 0:
                barrels |= 1 << sq
        blocked = self.lakes | enemies | (barrels if side == DWARVES else 0)
        passable = ((1 << SQUARES) - 1) & ~blocked  # friends (and, for Goblins, their barrels) are passed
        free = passable & ~friends & ~barrels
        return passable, free

    def _place_unit_ids(self) -> list[int]:
        terrain, occ, pos = self.terrain, self.occ, self.pos
        free = [s for s in SETUP_SQUARES[self.side] if terrain[s] != LAKE and occ[s] == EMPTY]
        ids: list[int] = []
        for unit in UNITS_OF_SIDE[self.side]:
            if pos[unit] == RESERVE:
                base = A.PLACE_UNIT + unit * SQUARES
                ids.extend(base + s for s in free)
        return ids

    def _reinforce_ids(self) -> list[int]:
        free = self.free_reinforcement_squares()
        return [A.reinforce(u, s) for u in GOBLIN_UNITS if self.pos[u] == OUT for s in free]

    def free_reinforcement_squares(self) -> list[int]:
        terrain, occ = self.terrain, self.occ
        return [s for s in REINFORCEMENT_SQUARES if terrain[s] != LAKE and occ[s] == EMPTY]

    def reach(self, unit: int) -> list[int]:
        """Every square the unit may end on, in increasing order: its own (moving 0) and all reachable free ones."""
        passable, free = self._movement_bits(DWARVES if unit < FIRST_GOBLIN else GOBLINS)
        return squares_of(_flood(1 << self.pos[unit], self.comps.movement[unit], passable, free))

    def targets(self, unit: int) -> list[int]:
        """Squares next to the unit holding something it may attack (Dwarves: Goblins and barrels), in order."""
        occ = self.occ
        if unit < FIRST_GOBLIN:  # NEIGHBOURS lists squares in increasing order
            return [n for n in NEIGHBOURS[self.pos[unit]] if occ[n] >= FIRST_GOBLIN]
        return [n for n in NEIGHBOURS[self.pos[unit]] if 0 <= occ[n] < FIRST_GOBLIN]

    # -- playing -----------------------------------------------------------------------
    def _apply(self, action_id: int) -> None:
        if action_id >= A.MOVE:
            if action_id < A.ATTACK:
                self._move(*divmod(action_id - A.MOVE, SQUARES))
            elif action_id < A.REINFORCE:
                self._attack(action_id - A.ATTACK)
                if self.phase != OVER:
                    self._end_turn()
            else:
                slot, sq = divmod(action_id - A.REINFORCE, 6)
                self._put(FIRST_GOBLIN + slot, sq)
                self.phase = MOVE
        elif action_id >= A.PLACE_UNIT:
            if action_id < A.PLACE_BARREL:
                unit, sq = divmod(action_id - A.PLACE_UNIT, SQUARES)
                self._put(unit, sq)
                placed = sum(1 for p in self.pos if p != RESERVE)
                if placed == A.UNITS:
                    self.phase, self.side = PLACE_BARRELS, GOBLINS
                else:
                    self.side = placed % 2  # Dwarves first, then alternating
            else:
                sq = action_id - A.PLACE_BARREL
                barrel = self.barrels.index(RESERVE)
                self.barrels[barrel] = sq
                self.occ[sq] = FIRST_BARREL + barrel
                if RESERVE not in self.barrels:
                    self.turn, self.side = 1, DWARVES
                    self._start_turn()
        elif action_id == A.NO_ATTACK or action_id == A.PASS:
            self._end_turn()
        elif action_id == A.NO_REINFORCEMENT:
            self.phase = MOVE
        elif action_id <= A.CHOOSE_GOBLINS:
            self.dwarf_seat = self.chooser if action_id == A.CHOOSE_DWARVES else 1 - self.chooser
            self._begin_placement()
        else:
            self._place_terrain(action_id - A.PICK_TERRAIN)
            self._after_terrain_step()

    def _put(self, unit: int, sq: int) -> None:
        self.pos[unit] = sq
        self.occ[sq] = unit

    def _move(self, unit: int, dest: int) -> None:
        start = self.pos[unit]
        if dest != start:
            self.occ[start] = EMPTY
            self._put(unit, dest)
        self.moved = unit
        if self.targets(unit):
            self.phase = ATTACK
        else:
            self._end_turn()

    def _attack(self, target_sq: int) -> None:
        attacker = self.moved
        code = self.occ[target_sq]
        side = DWARVES if attacker < FIRST_GOBLIN else GOBLINS
        modifier = attack_modifier(self.pos[attacker], target_sq, side, self.occ, self.terrain)
        armor = self.comps.barrel.armor if code >= FIRST_BARREL else self.comps.armor[code]
        die = self.rng.die()
        hit = is_hit(die, modifier, armor, self.game.options.hit_rule)
        self.last_attack = (attacker, code, target_sq, die, modifier, armor, hit)
        if not hit:
            return
        self.occ[target_sq] = EMPTY
        if code >= FIRST_BARREL:
            self.barrels[code - FIRST_BARREL] = OUT
            if self.barrels[0] == OUT and self.barrels[1] == OUT:
                self._finish(DWARVES)
        else:
            self.pos[code] = OUT
            if all(self.pos[u] == OUT for u in DWARF_UNITS):
                self._finish(GOBLINS)

    def _finish(self, winner: int) -> None:
        self.winner = winner
        self.phase = OVER
        self.moved = -1

    def _start_turn(self) -> None:
        if (
            self.side == GOBLINS
            and any(self.pos[u] == OUT for u in GOBLIN_UNITS)
            and self.free_reinforcement_squares()
        ):
            self.phase = REINFORCE
        else:
            self.phase = MOVE

    def _end_turn(self) -> None:
        self.moved = -1
        limit = self.game.options.turn_limit
        if limit is not None and self.turn >= limit:
            self._finish(DRAW)
            return
        self.turn += 1
        self.side ^= 1
        self._start_turn()

    # -- results -----------------------------------------------------------------------
    def returns(self) -> list[float]:
        if self.winner in (NO_WINNER, DRAW):
            return [0.0, 0.0]
        result = [-1.0, -1.0]
        result[self.seat_of(self.winner)] = 1.0
        return result

    def scores(self) -> list[float]:
        """The Dwarf seat scores barrels destroyed (0-2), the Goblin seat Dwarves knocked out (0-3)."""
        if self.dwarf_seat < 0:
            return [0.0, 0.0]
        result = [0.0, 0.0]
        result[self.dwarf_seat] = float(self.barrels.count(OUT))
        result[1 - self.dwarf_seat] = float(sum(1 for u in DWARF_UNITS if self.pos[u] == OUT))
        return result

    # -- information ---------------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        from .serialize import observation  # imported here: serialize builds on this module

        return observation(self, player)

    def determinize(self, player: int, rng: Rng) -> AleWarState:
        """Nothing is hidden but the future dice: a copy whose Rng is re-seeded from `rng`."""
        other = cast(AleWarState, self.clone())
        other.rng = rng.spawn()
        # the seed would let a searcher replay the real dice, so a sampled world has none
        other.seed = None
        other.start = None
        return other

    def _describe_action(self, action_id: int) -> Action:
        from .labels import describe

        return describe(self, action_id)

    # -- copies and saving ----------------------------------------------------------------
    def _clone_body(self) -> AleWarState:
        other = AleWarState.__new__(AleWarState)
        other.game = self.game
        other.rng = Rng(self.rng.state)
        other.comps = self.comps
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
        other.seed = None
        other.history = []
        other.start = None
        other._legal = None
        return other

    def _to_json_body(self) -> dict[str, Any]:
        from .serialize import state_body

        return state_body(self)

    def __str__(self) -> str:
        from .textview import render_plain

        return render_plain(self.observation(None))


def _flood(start: int, steps: int, passable: int, free: int) -> int:
    """Bitboard of the squares a unit on `start` ends on within `steps` orthogonal steps (its own included)."""
    reached = frontier = start
    for _ in range(steps):
        frontier = spread(frontier) & passable & ~reached
        if not frontier:
            break
        reached |= frontier
    return (reached & free) | start


def _with(terrain: list[int], sq: int, code: int) -> list[int]:
    copy = terrain.copy()
    copy[sq] = code
    return copy


def rebuild_occupancy(pos: list[int], barrels: list[int]) -> list[int]:
    occ = [EMPTY] * SQUARES
    for unit, sq in enumerate(pos):
        if sq >= 0:
            occ[sq] = unit
    for barrel, sq in enumerate(barrels):
        if sq >= 0:
            occ[sq] = FIRST_BARREL + barrel
    return occ
