"""Ale War playing advice for the heuristic agent: a position score and a few rules of thumb."""

from __future__ import annotations

import math

from dwarfhall.core import Rng, State
from dwarfhall.core.heuristic import Heuristic

from . import kit as A
from .board import LAKE, NEIGHBOURS, REINFORCEMENT_SQUARES, SIZE, SQUARES, TREE, distance, spread
from .book import goblin_setup
from .combat import attack_modifier, hitting_faces, targets
from .phases import ATTACK, MOVE, OVER, REINFORCE, SIDES
from .pieces import DWARVES, FIRST_BARREL, FIRST_GOBLIN, GOBLINS, OUT
from .state import AleWarState

# the kit's ids as module names (C integers when compiled)
ATTACK_ID, MOVE_ID, NO_ATTACK, PASS = A.ATTACK, A.MOVE, A.NO_ATTACK, A.PASS
ONE = 1  # a square's bit is ONE << square: an unsigned 64-bit integer when compiled, so that it reaches bit 35

# weights of the position score, in "barrels" (destroying one barrel is worth 1.0)
W_BARREL = 1.0
W_DWARF = 0.7  # a Dwarf lost for good
W_GOBLIN = 0.12  # a Goblin off the board: it may come back next turn
W_THREAT = 0.45  # times the hit chance of an attack the side can make next turn
W_APPROACH = 0.04  # per square between the Dwarves and the nearest barrel
W_GUARD = 0.05  # a Goblin standing next to a barrel it defends
# per square a Dwarf could strike a standing barrel from (not a lake, not a barrel): barrels with few such squares
# can be walled in by three Goblins; in games between searches the Goblins scored about 0.75 with 3-4 such squares
# and 0.43 with 6 (BENCHMARKS.md, "Ale War: where the barrels stand")
W_OPEN = 0.1
MOVER_FACTOR = 1.0  # threats of the side to act are immediate
WAITING_FACTOR = 0.5  # the other side's threats may be parried first
SCALE = 0.9  # squashes the score into (-1, 1)


def dwarf_score(state: AleWarState) -> float:
    """How well the Dwarves stand, in barrels: positive favours the Dwarves."""
    # threats ignore a hill or support (cheap and cautious): an attack next to a target, -1 on a tree
    pos, barrels, terrain, comps = state.pos, state.barrels, state.terrain, state.game.components
    movement, armor = comps.movement, comps.armor
    rule = state.game.options.hit_rule
    dwarves_standing = dwarves_out = goblins_out = 0
    for u in range(FIRST_GOBLIN):
        sq = pos[u]
        if sq >= 0:
            dwarves_standing += 1
        elif sq == OUT:
            dwarves_out += 1
    for u in range(FIRST_GOBLIN, FIRST_BARREL):
        if pos[u] == OUT:
            goblins_out += 1
    barrels_out = barrels_standing = 0
    for sq in barrels:
        if sq >= 0:
            barrels_standing += 1
        elif sq == OUT:
            barrels_out += 1
    score = W_BARREL * barrels_out
    score -= W_DWARF * dwarves_out
    score += W_GOBLIN * goblins_out
    dwarf_factor = MOVER_FACTOR if state.side == DWARVES else WAITING_FACTOR
    goblin_factor = MOVER_FACTOR if state.side == GOBLINS else WAITING_FACTOR

    if barrels_standing:
        barrel_armor = comps.barrel.armor
        best = 0
        nearest = SQUARES
        for u in range(FIRST_GOBLIN):
            sq = pos[u]
            if sq < 0:
                continue
            for b in barrels:
                if b < 0:
                    continue
                gap = abs(sq % SIZE - b % SIZE) + abs(sq // SIZE - b // SIZE) - 1
                if gap < nearest:
                    nearest = gap
                if gap <= movement[u]:
                    faces = hitting_faces(barrel_armor, -1 if terrain[b] == TREE else 0, rule)
                    if faces > best:
                        best = faces
        score += dwarf_factor * W_THREAT * best / 6
        if dwarves_standing:
            score -= W_APPROACH * nearest
        guards = 0
        for u in range(FIRST_GOBLIN, FIRST_BARREL):
            sq = pos[u]
            if sq < 0:
                continue
            for b in barrels:
                if b >= 0 and abs(sq % SIZE - b % SIZE) + abs(sq // SIZE - b // SIZE) == 1:
                    guards += 1
        score -= W_GUARD * guards
        # the squares next to a standing barrel, each counted once: fixed once the barrels stand, so during play
        # the term moves only when a barrel falls
        sides = 0
        open_mask = 0
        for b in barrels:
            if b < 0:
                continue
            for n in NEIGHBOURS[b]:
                if terrain[n] != LAKE and not (open_mask >> n & 1) and n not in barrels:
                    open_mask |= ONE << n
                    sides += 1
        score += W_OPEN * sides

    best = 0
    for u in range(FIRST_GOBLIN, FIRST_BARREL):
        sq = pos[u]
        if sq < 0:
            continue
        for d in range(FIRST_GOBLIN):
            dsq = pos[d]
            if dsq >= 0 and abs(sq % SIZE - dsq % SIZE) + abs(sq // SIZE - dsq // SIZE) - 1 <= movement[u]:
                faces = hitting_faces(armor[d], -1 if terrain[dsq] == TREE else 0, rule)
                if faces > best:
                    best = faces
    score -= goblin_factor * W_THREAT * best / 6
    return score


def evaluate(state: State, player: int) -> float:
    """A score in [-1, 1] for `player`: material (barrels, Dwarves, Goblins), threats, approach, guards."""
    if not isinstance(state, AleWarState):
        raise TypeError("evaluate() needs an Ale War state")
    if state.is_terminal:
        return state.returns()[player]
    if state.dwarf_seat < 0:
        return 0.0
    value = math.tanh(SCALE * dwarf_score(state))
    return value if player == state.dwarf_seat else -value


def evaluate_both(state: State) -> list[float]:
    """`evaluate` for seats 0 and 1, scoring the position once."""
    if not isinstance(state, AleWarState):
        raise TypeError("evaluate() needs an Ale War state")
    if state.is_terminal:
        return list(state.returns())
    if state.dwarf_seat < 0:
        return [0.0, 0.0]
    value = math.tanh(SCALE * dwarf_score(state))
    both = [-value, -value]
    both[state.dwarf_seat] = value
    return both


class AleWarHeuristic(Heuristic):
    """The interface the heuristic agent uses: `evaluate` and `choose` (None: let the agent search)."""

    def evaluate(self, state: State, player: int) -> float:
        return evaluate(state, player)

    def evaluate_all(self, state: State) -> list[float]:
        return evaluate_both(state)

    def choose(self, state: State, player: int, rng: Rng) -> int | None:
        if not isinstance(state, AleWarState):
            return None
        phase = state.phase
        if phase == OVER or state.current_player != player:
            return None
        if phase == MOVE:
            return _move_to_strike(state, rng)
        if phase == ATTACK:
            return _best_attack(state, rng)
        if phase == REINFORCE:
            return _reinforcement(state)
        if phase == SIDES:
            # measured in self-play: about even with exact hits, the Goblins ahead with the house rule
            return A.CHOOSE_GOBLINS if state.game.options.hit_rule == "at_least" else A.CHOOSE_DWARVES
        return None

    def book_move(self, state: State, player: int, rng: Rng) -> int | None:
        # the Goblins' units and barrels placed so that they wall the barrels in before the first turn
        return goblin_setup(state, player, rng) if isinstance(state, AleWarState) else None


def _faces_from(state: AleWarState, unit: int, from_sq: int, target_sq: int) -> int:
    """Hit faces for `unit` standing on from_sq against whatever stands on target_sq."""
    occ = state.occ
    code = occ[target_sq]
    side = DWARVES if unit < FIRST_GOBLIN else GOBLINS
    comps = state.game.components
    armor = comps.barrel.armor if code >= FIRST_BARREL else comps.armor[code]
    # the unit's own square counts as left when it attacks from another one
    modifier = attack_modifier(from_sq, target_sq, side, occ, state.terrain, state.pos[unit])
    return hitting_faces(armor, modifier, state.game.options.hit_rule)


def _best_attack(state: AleWarState, rng: Rng) -> int:
    """Attack whatever has the best chance (a barrel first for the Dwarves); attacking never costs anything."""
    unit = state.moved
    occ = state.occ
    start = state.pos[unit]
    best: list[int] = []
    best_key = 0  # hit faces * 2, + 1 for a barrel: the order of (faces, barrel) pairs
    for target in targets(state, unit):
        faces = _faces_from(state, unit, start, target)
        if not faces:
            continue
        key = faces * 2 + (1 if occ[target] >= FIRST_BARREL else 0)
        if key > best_key:
            best, best_key = [target], key
        elif key == best_key:
            best.append(target)
    if not best:
        return NO_ATTACK
    return ATTACK_ID + rng.choice(best)


def _reinforcement(state: AleWarState) -> int:
    """Always bring back the strongest Goblin, on the row-1 square nearest the most threatened barrel."""
    comps = state.game.components
    out = [u for u in range(FIRST_GOBLIN, FIRST_BARREL) if state.pos[u] == OUT]
    unit = max(out, key=lambda u: (comps.armor[u] + comps.movement[u], -u))
    free = state.free_reinforcement_squares()
    dwarves = [state.pos[d] for d in range(FIRST_GOBLIN) if state.pos[d] >= 0]
    barrels = [b for b in state.barrels if b >= 0]
    if barrels and dwarves:
        focus = min(barrels, key=lambda b: (min(distance(b, d) for d in dwarves), b))
    elif barrels:
        focus = barrels[0]
    else:
        focus = REINFORCEMENT_SQUARES[len(REINFORCEMENT_SQUARES) // 2]
    sq = min(free, key=lambda s: (distance(s, focus), s))
    return A.reinforce(unit, sq)


def _move_to_strike(state: AleWarState, rng: Rng) -> int | None:
    """Dwarves: a move that can then hit a barrel. Goblins: a move that can hit a Dwarf next to a barrel."""
    occ, pos, side = state.occ, state.pos, state.side
    # what may be struck: the barrels (Dwarves), or Dwarves next to a barrel (Goblins); then the squares next to it
    aims = 0
    if side == DWARVES:
        for b in state.barrels:
            if b >= 0:
                aims |= ONE << b
    else:
        for d in range(FIRST_GOBLIN):
            sq = pos[d]
            if sq >= 0:
                for m in NEIGHBOURS[sq]:
                    if occ[m] >= FIRST_BARREL:
                        aims |= ONE << sq
                        break
    legal = state.legal_action_ids()
    if not aims:
        return PASS if legal[0] == PASS else None  # the pass is only ever legal alone
    strike = spread(aims)
    terrain, comps = state.terrain, state.game.components
    armor, barrel_armor, rule = comps.armor, comps.barrel.armor, state.game.options.hit_rule
    options: list[tuple[int, int]] = []
    top = 0
    for action in legal:
        if action == PASS:
            return PASS
        offset = action - MOVE_ID
        unit = offset // SQUARES
        dest = offset % SQUARES
        if not strike >> dest & 1:
            continue  # nothing to strike from there
        for n in NEIGHBOURS[dest]:
            code = occ[n]
            if side == DWARVES:
                wanted = code >= FIRST_BARREL
            else:
                wanted = False
                if 0 <= code < FIRST_GOBLIN:
                    for m in NEIGHBOURS[n]:
                        if occ[m] >= FIRST_BARREL:
                            wanted = True
                            break
            if wanted:
                # as _faces_from, with the unit's own square left for dest
                modifier = attack_modifier(dest, n, side, occ, terrain, pos[unit])
                faces = hitting_faces(barrel_armor if code >= FIRST_BARREL else armor[code], modifier, rule)
                if faces:
                    options.append((faces, action))
                    if faces > top:
                        top = faces
    if not options:
        return None
    return rng.choice([a for f, a in options if f == top])
