"""The Duel's playing advice: a fast position score and the rules of thumb of a good player.

Values are counted in victory points. Engine cards (supports, damage-dealing Allies), hand cards and
Wild Cards pay off over the turns still to come, so their worth shrinks as a draw pile runs low,
while a lead in victory points weighs more the nearer the end: ahead, a short game is welcome;
behind, it is not.
"""

from __future__ import annotations

import math

from dwarfhall.core.game import State
from dwarfhall.core.heuristic import Heuristic
from dwarfhall.core.rng import Rng

from . import scoring
from .dice import counts, support_total
from .layout import AXE, DRAW_ALL, DRAW_ONE, NPAY, PLAY_BASE, SRC_AXE, pay_parts
from .payments import FREE, naturals
from .phases import CANCEL, CARD, DRAW, EFFECT, ENDING, PILE, REROLL
from .state import DuelState
from .tables import (
    A_BANISH,
    A_CANCEL,
    A_DAMAGE,
    A_EXTRA_DIE,
    A_EXTRA_DRAW,
    A_GUARD,
    A_RECOVER,
    A_REROLL,
    A_WILD_DIE,
    Tables,
)

# worth of the engine cards over a whole game's remaining turns (scaled by `future`)
ENGINE = {A_EXTRA_DIE: 4.0, A_REROLL: 1.6, A_EXTRA_DRAW: 2.4, A_GUARD: 1.5}
ALLY_BASE = 0.4  # a damage-dealing Ally, plus ALLY_PER_FACE for each die value it uses
ALLY_PER_FACE = 0.35
HAND = 0.5  # a card in hand (both hands count by size only: the other one is a guess)
WILD = 0.6  # a Wild Card: a die of any value, kept until needed
BONUS_DIE = 0.35  # an extra die for the next roll
DIE = 0.05  # an unused numbered die this turn: worth little, spend it
AXE_DIE = 0.2  # an unused axe this turn: fits any cost, so spend numbers first
HORIZON = 6.0  # rounds over which an engine card pays off in full
LEAD_AT_END = 2.0  # a lead counts up to 1 + this as often when the game is about to end
SCALE = 8.0  # squashes the score into (-1, 1)
VALUABLE = 2.0  # a card worth saving or finishing off
END_ROUNDS = 2.0  # rounds left at which engine cards stop mattering and victory points decide
LASTING = 0.15  # the part of a hand card's or Wild Card's worth that does not depend on turns left


def engine_worth(t: Tables, k: int) -> float:
    """What a display card adds over the rest of a game, apart from its victory points."""
    ability = t.ability[k]
    if ability == A_DAMAGE:
        return ALLY_BASE + ALLY_PER_FACE * t.damage_mask[k].bit_count()
    return ENGINE.get(ability, 0.0) * max(1, t.amount[k])


_WORTH: dict[int, tuple[Tables, tuple[float, ...]]] = {}


def worth_table(t: Tables) -> tuple[float, ...]:
    """`engine_worth` of every card kind, worked out once per card set (evaluate runs in search loops)."""
    cached = _WORTH.get(id(t))
    if cached is None or cached[0] is not t:
        cached = _WORTH[id(t)] = (t, tuple([engine_worth(t, k) for k in range(t.n)]))
    return cached[1]


def rounds_left(s: DuelState) -> float:
    """Rounds until a draw pile runs out, if every player draws their extra cards (the last card ends the game)."""
    return min(_rounds(len(s.pile[0]), s, 0), _rounds(len(s.pile[1]), s, 1))


def _rounds(pile: int, s: DuelState, p: int) -> float:
    return max(0, pile - 1) / (1 + support_total(s, p, A_EXTRA_DRAW))


def damage_points(s: DuelState, player: int) -> int:
    """Points of damage `player` could still deal this turn with dice, axes and Wild Cards (not Twists)."""
    if player != s.active or s.phase not in (CARD, EFFECT):
        return 0
    t = s.tables
    mask = 0
    for k in s.disp[player]:
        mask |= t.damage_mask[k]
    if not mask:
        return 0
    c = counts(s)
    points = c[AXE]
    for face in range(1, 6):
        if mask >> face & 1:
            points += c[face]
    return points + s.wild[player] - s.fresh


class DuelHeuristic(Heuristic):
    """Position score and rules of thumb for the Duel; reads the (determinized) state directly."""

    def evaluate(self, state: State, player: int) -> float:
        if not isinstance(state, DuelState):
            raise TypeError("DuelHeuristic.evaluate needs a Duel state")
        if state.over:
            return state.returns()[player]
        value = math.tanh(score(state) / SCALE)
        return value if player == 0 else -value

    def evaluate_all(self, state: State) -> list[float]:
        """`evaluate` for both seats from one score (a search's every leaf asks for both)."""
        if not isinstance(state, DuelState):
            raise TypeError("DuelHeuristic.evaluate needs a Duel state")
        if state.over:
            return [float(r) for r in state.returns()]
        value = math.tanh(score(state) / SCALE)
        return [value, -value]

    def choose(self, state: State, player: int, rng: Rng) -> int | None:
        if not isinstance(state, DuelState) or state.over or state.current_player != player:
            return None
        return advise(state, player, state.legal_action_ids())


# -- the position score -----------------------------------------------------------------------
def score(s: DuelState) -> float:
    """The position in victory points from seat 0's side (seat 1's is its negative)."""
    t = s.tables
    health, vp, engine = t.health, t.vp, worth_table(t)
    piles = [len(s.pile[0]), len(s.pile[1])]
    extra = s.dmg
    if s.stack:
        extra = [list(s.dmg[0]), list(s.dmg[1])]
        for owner, kind, slot, _ in s.stack:
            if kind == CANCEL:  # a pending point is counted as landed: most are not cancelled
                if slot == PILE:
                    piles[owner] -= 1
                elif slot >= 0:
                    extra[owner][slot] += 1
    future = min(_rounds(piles[0], s, 0), _rounds(piles[1], s, 1), HORIZON) / HORIZON
    lasting = LASTING + (1.0 - LASTING) * future  # hand cards and Wild Cards still need turns to be used
    points = damage_points(s, s.active)
    victims_turn = 1 - s.active
    total = 0.0
    lead = 0.0
    for p in (0, 1):
        sign = 1.0 if p == 0 else -1.0
        own = 0.0
        hurt = extra[p]
        # each table entry read once into a local (C numbers compiled); the order of the float operations is kept
        for i, k in enumerate(s.disp[p]):
            dmg = hurt[i]
            card_vp = vp[k]
            hp = health[k]
            gain = engine[k]
            worth = card_vp + future * gain
            if dmg and hp:
                if dmg >= hp:
                    continue  # as good as defeated
                if p == victims_turn and hp - dmg <= points:
                    worth *= 1.0 - dmg / hp  # the attacker can still finish it this turn
            if card_vp:
                lead += sign * worth
            else:
                own += worth
        held, wilds, bonus = s.hand_n[p], s.wild[p], s.bonus[p]
        own += HAND * lasting * held + WILD * lasting * wilds + BONUS_DIE * bonus
        total += sign * own
    total += lead * (1.0 + LEAD_AT_END * (1.0 - future))
    total += _turn_resources(s, future) * (1.0 if s.active == 0 else -1.0)
    return total


def _turn_resources(s: DuelState, future: float) -> float:
    """What the active player still holds for this turn: unused dice, an Event awaiting its target, a Wild Card."""
    p = s.active
    phase = s.phase
    value = 0.0
    if phase in (CARD, EFFECT, REROLL):
        spent = s.spent
        for i, face in enumerate(s.dice):
            if not spent[i]:
                value += AXE_DIE if face == AXE else DIE
    if phase == EFFECT:
        value += _pending_effect(s, future)
    if phase in (CARD, EFFECT, REROLL, ENDING) and not s.used_die and s.wild[p] < 3:
        value += WILD * (LASTING + (1.0 - LASTING) * future)  # no die used: a Wild Card at the end of the turn
    return value


def _pending_effect(s: DuelState, future: float) -> float:
    t = s.tables
    ability = t.ability[s.effect]
    if ability == A_BANISH:
        other = s.disp[1 - s.active]
        engine = worth_table(t)
        return max((t.vp[k] + future * engine[k] for k in other), default=0.0)
    if ability == A_RECOVER:
        return HAND
    if ability == A_WILD_DIE:
        return AXE_DIE - DIE
    return 0.0


# -- rules of thumb -----------------------------------------------------------------------------
def advise(s: DuelState, player: int, legal: tuple[int, ...]) -> int | None:
    """The move of the first rule of thumb that advises a legal one, the rules in order of priority."""
    # each rule called by name rather than from a tuple of rules: compiled, these are C calls
    advised = save_card(s, player, legal)
    if advised is None or advised not in legal:
        advised = finish_off(s, player, legal)
    if advised is None or advised not in legal:
        advised = draw_choice(s, player, legal)
    if advised is None or advised not in legal:
        advised = close_out(s, player, legal)
    if advised is None or advised not in legal:
        advised = vp_at_the_end(s, player, legal)
    if advised is None or advised not in legal:
        advised = spend_leftovers(s, player, legal)
    return advised if advised is not None and advised in legal else None


def _vp_lead(s: DuelState, player: int) -> int:
    return scoring.vp(s, player) - scoring.vp(s, 1 - player)


def _source(a: int, s: DuelState) -> tuple[int, int]:
    """(source, target) of a damage action."""
    layout = s.tables.layout
    return divmod(a - layout.damage_base, layout.targets)


def _damage_ids(s: DuelState, legal: tuple[int, ...]) -> list[int]:
    base = s.tables.layout.damage_base
    return [a for a in legal if a >= base]


def _cheapest_source(ids: list[int]) -> int:
    """Numbered dice first, then axes, then Wild Cards, and Twists of Fate last (they work at any time).

    Damage ids count up by source, then by target (`_source`), so the lowest id has the cheapest source.
    """
    return min(ids)


def _card_worth(s: DuelState, k: int) -> float:
    future = min(rounds_left(s), HORIZON) / HORIZON
    return s.tables.vp[k] + future * worth_table(s.tables)[k]


def save_card(s: DuelState, player: int, legal: tuple[int, ...]) -> int | None:
    """Cancel a point that would defeat a valuable card, or empty the own pile while not ahead."""
    if not s.stack or s.stack[-1][1] != CANCEL:
        return None
    owner, _, slot, _ = s.stack[-1]
    if owner != player:
        return None
    t = s.tables
    hand = s.hand[player]
    cancel = None
    for k in t.twist_kinds:  # a loop rather than next(...) of a generator: compiled, it has no closure
        if t.ability[k] == A_CANCEL and hand[k]:
            cancel = t.layout.play(k, FREE)
            break
    if cancel is None or cancel not in legal:
        return None
    if slot == PILE:
        return cancel if len(s.pile[player]) <= 1 and _vp_lead(s, player) <= 0 else None
    if slot >= 0:
        k = s.disp[player][slot]
        if s.dmg[player][slot] + 1 >= t.health[k] and _card_worth(s, k) >= VALUABLE:
            return cancel
    return None


def _most_valuable(s: DuelState, ids: list[int], reach: int, floor: float) -> list[int]:
    """Damage actions aimed at the most valuable card (worth more than `floor`) that `reach` more points defeat."""
    t = s.tables
    health = t.health
    best: list[int] = []
    for a in ids:
        target = _source(a, s)[1]
        if target == 0:
            continue
        kind, dmg = t.layout.target_parts(target)
        if health[kind] - dmg > reach:
            continue
        worth = _card_worth(s, kind)
        if worth > floor + 1e-9:
            best, floor = [a], worth
        elif best and abs(worth - floor) <= 1e-9:
            best.append(a)
    return best


def finish_off(s: DuelState, player: int, legal: tuple[int, ...]) -> int | None:
    """One point defeats a valuable card (a freshly played Dwarf King, a wounded VP card): strike, cheapest first."""
    best = _most_valuable(s, _damage_ids(s, legal), 1, VALUABLE - 2e-9)
    return _cheapest_source(best) if best else None


def draw_choice(s: DuelState, player: int, legal: tuple[int, ...]) -> int | None:
    """When the extra cards would empty the own pile (which ends the game): draw them only to win."""
    if s.phase != DRAW or s.stack or DRAW_ALL not in legal:
        return None
    if 1 + support_total(s, player, A_EXTRA_DRAW) < len(s.pile[player]):
        return None  # a real choice between cards now and a longer game: the search weighs it
    return DRAW_ALL if _vp_lead(s, player) > 0 else DRAW_ONE


def close_out(s: DuelState, player: int, legal: tuple[int, ...]) -> int | None:
    """Ahead (or level: a tie goes to whoever still has cards) and able to empty their pile now: mill it."""
    if player != s.active or s.phase != CARD or s.stack:
        return None
    if _vp_lead(s, player) < 0:
        return None
    pile = len(s.pile[1 - player])
    if pile > damage_points(s, player) + _throws_in_hand(s, player):
        return None
    at_pile = [a for a in _damage_ids(s, legal) if _source(a, s)[1] == 0]
    return _cheapest_source(at_pile) if at_pile else None


def _throws_in_hand(s: DuelState, player: int) -> int:
    hand = s.hand[player]
    return sum([hand[k] for k in s.tables.throw_kinds])


def _plays(s: DuelState, legal: tuple[int, ...]) -> list[int]:
    """Play actions of the card phase (cards from the hand with their payments)."""
    end = s.tables.layout.banish_base
    return [a for a in legal if PLAY_BASE <= a < end]


def _payment_cost(a: int) -> tuple[int, int, int]:
    """Wild Cards, then axes spent by a play: fewer is better."""
    _, axes, wilds = pay_parts((a - PLAY_BASE) % NPAY)
    return wilds, axes, a


def vp_at_the_end(s: DuelState, player: int, legal: tuple[int, ...]) -> int | None:
    """Ahead as the game nears its end: victory points now beat any engine; the biggest card, dice before axes."""
    if player != s.active or s.phase != CARD or s.stack or rounds_left(s) > END_ROUNDS:
        return None
    if _vp_lead(s, player) <= 0:
        return None
    vp = s.tables.vp
    plays = [a for a in _plays(s, legal) if vp[(a - PLAY_BASE) // NPAY]]
    if not plays:
        return None
    top = max([vp[(a - PLAY_BASE) // NPAY] for a in plays])
    return min([a for a in plays if vp[(a - PLAY_BASE) // NPAY] == top], key=_payment_cost)


def spend_leftovers(s: DuelState, player: int, legal: tuple[int, ...]) -> int | None:
    """Dice that can pay for nothing more go into damage: a card they can defeat this turn, else the pile.

    Only once a die has been used (a turn without dice earns a Wild Card), and the pile only when not behind
    (milling hastens the end).
    """
    if player != s.active or s.phase != CARD or s.stack or not s.used_die:
        return None
    t = s.tables
    for a in _plays(s, legal):
        kind = (a - PLAY_BASE) // NPAY
        value, axes, wilds = pay_parts((a - PLAY_BASE) % NPAY)
        if axes or naturals(t.cost_kind[kind], t.cost_count[kind], value, axes, wilds):
            return None  # dice can still pay for a card: the search decides
    by_dice = [a for a in _damage_ids(s, legal) if _source(a, s)[0] <= SRC_AXE]
    if not by_dice:
        return None
    points = damage_points(s, player) - (s.wild[player] - s.fresh)
    # a card the dice left cannot defeat would only take damage that is forgotten at the end of the turn
    best = _most_valuable(s, by_dice, points, 0.0)
    if best:
        return _cheapest_source(best)
    if _vp_lead(s, player) >= 0:
        at_pile = [a for a in by_dice if _source(a, s)[1] == 0]
        if at_pile:
            return _cheapest_source(at_pile)
    return None


__all__ = ["DuelHeuristic", "damage_points", "engine_worth", "rounds_left", "score"]
