"""The table-driven legal moves and credited Allies agree with a plain reading of the rules, state by state.

The engine's hot paths use precomputed tables (plays per dice, damage sources per mask, target codes,
rank of Allies); these tests recompute everything from the card data in the simplest way and compare.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dwarfhall.core import Rng
from dwarfhall.games.duel import damage
from dwarfhall.games.duel.dice import counts
from dwarfhall.games.duel.game import DuelGame
from dwarfhall.games.duel.layout import (
    AXE,
    DRAW_ALL,
    DRAW_ONE,
    END_TURN,
    KEEP_DICE,
    PASS,
    REROLL_BASE,
    ROLL,
    SHORT_REST_BASE,
    SRC_AXE,
    SRC_WILD,
)
from dwarfhall.games.duel.payments import FREE, payments
from dwarfhall.games.duel.phases import CANCEL, CARD, DRAW, EFFECT, FRESH_SHIFT, GONE, PREROLL, REROLL, RESPONSE
from dwarfhall.games.duel.state import DuelState
from dwarfhall.games.duel.tables import (
    A_BANISH,
    A_CANCEL,
    A_DAMAGE,
    A_GUARD,
    A_MORE_DICE,
    A_RECOVER,
    A_TAKE_WILD,
    A_THROW,
    A_WILD_DIE,
)

from .support import actions, position

GAME = DuelGame()
FAST = DuelGame({"response_windows": "when_able"})
SEEDS = st.integers(min_value=0, max_value=2**63 - 1)


def reference_targets(s: DuelState, dealer: int) -> list[int]:
    victim = 1 - dealer
    t = s.game.tables
    kinds = s.disp[victim]
    guarded = any(t.ability[k] == A_GUARD for k in kinds)
    found = {0}
    for k, d in zip(kinds, s.dmg[victim], strict=True):
        if t.health[k] and (not guarded or t.ability[k] == A_GUARD):
            found.add(t.layout.card_target(k, d))
    return sorted(found)


def reference_throw_targets(s: DuelState, dealer: int) -> list[int]:
    """Rulebook note on Throwing Axe / Dagger: a damage Twist in a window answering the play of the Dwarf King /
    Bislipur (an Ally taking every die value) may hit that card, guard or not."""
    victim = 1 - dealer
    t = s.game.tables
    fresh = {
        (slot >> FRESH_SHIFT) - 1 for owner, kind, slot, _ in s.stack if owner == dealer and kind == RESPONSE
    } - {-1}
    found = set(reference_targets(s, dealer))
    for k, d in zip(s.disp[victim], s.dmg[victim], strict=True):
        if k in fresh and t.health[k] and set(t.cards.kinds[k].damage_values) >= {1, 2, 3, 4, 5}:
            found.add(t.layout.card_target(k, d))
    return sorted(found)


def reference_twists(s: DuelState, player: int, cancel: bool) -> set[int]:
    t = s.game.tables
    found: set[int] = set()
    for k in t.twist_kinds:
        if not s.hand[player][k]:
            continue
        ability = t.ability[k]
        if ability == A_THROW:
            found.update(t.layout.damage(t.src_of_throw(k), x) for x in reference_throw_targets(s, player))
        elif (ability == A_CANCEL and cancel) or (ability == A_TAKE_WILD and s.wild[player] < 3):
            found.add(t.layout.play(k, FREE))
        elif ability == A_MORE_DICE and player == s.active:
            found.add(t.layout.play(k, FREE))
    return found


def reference_legal(s: DuelState) -> list[int]:
    t = s.game.tables
    layout = t.layout
    p = s.active
    c = counts(s)
    if s.is_terminal:
        return []
    if s.stack:
        owner, kind, slot, _ = s.stack[-1]
        return sorted({PASS} | reference_twists(s, owner, kind == CANCEL and slot != GONE))
    if s.phase == DRAW:
        return [DRAW_ONE, DRAW_ALL]
    if s.phase == PREROLL:
        return sorted({ROLL} | reference_twists(s, p, False))
    if s.phase == REROLL:
        return sorted({KEEP_DICE} | {REROLL_BASE + face - 1 for face in range(1, 7) if c[face]})
    if s.phase == EFFECT:
        ability = t.ability[s.effect]
        if ability == A_BANISH:
            return sorted({layout.banish(k, d) for k, d in zip(s.disp[1 - p], s.dmg[1 - p], strict=True)})
        if ability == A_WILD_DIE:
            return [SHORT_REST_BASE + face - 1 for face in range(1, 6) if c[face]]
        return sorted({layout.recover(k) for k in s.discard[p] if not t.is_event[k]})
    assert s.phase == CARD
    ids = {END_TURN}
    wilds = s.wild[p] - s.fresh
    for k, held in enumerate(s.hand[p]):
        if not held or t.is_twist[k]:
            continue
        ability = t.ability[k]
        if ability == A_BANISH and not s.disp[1 - p]:
            continue
        if ability == A_WILD_DIE and not any(c[1:6]):
            continue
        if ability == A_RECOVER and all(t.is_event[x] for x in s.discard[p]):
            continue
        for pay in payments(t.cost_kind[k], t.cost_value[k], t.cost_count[k], c, wilds):
            ids.add(layout.play(k, pay))
    allies = [k for k in s.disp[p] if t.ability[k] == A_DAMAGE]
    sources = [face - 1 for face in range(1, 6) if c[face] and any(t.damage_mask[k] >> face & 1 for k in allies)]
    if allies and c[AXE]:
        sources.append(SRC_AXE)
    if allies and wilds > 0:
        sources.append(SRC_WILD)
    for src in sources:
        ids.update(layout.damage(src, x) for x in reference_targets(s, p))
    return sorted(ids | reference_twists(s, p, False))


def reference_credit(s: DuelState, player: int, face: int) -> int:
    """The damage Ally with the fewest values that takes `face` (0: any), the lowest kind on a tie; -1 if none."""
    t = s.game.tables
    allies = [
        k for k in s.disp[player] if t.ability[k] == A_DAMAGE and (face == 0 or t.damage_mask[k] >> face & 1)
    ]
    return min(allies, key=lambda k: (t.damage_mask[k].bit_count(), k), default=-1)


def check_random_game(seed: int, game: DuelGame) -> None:
    state = game.new_state(seed)
    chooser = Rng(seed ^ 0x9E3779B9)
    while not state.is_terminal:
        assert list(state.legal_action_ids()) == reference_legal(state)
        for p in (0, 1):
            assert list(damage.targets(state, p)) == reference_targets(state, p)
            for face in range(6):
                assert damage.credited_ally(state, p, face) == reference_credit(state, p, face)
        state.apply(chooser.choice(state.legal_action_ids()))


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS)
def test_legal_moves_targets_and_credited_allies_match_the_plain_rules(seed: int) -> None:
    check_random_game(seed, GAME)


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS)
def test_the_same_holds_with_the_when_able_variant(seed: int) -> None:
    check_random_game(seed, FAST)


def test_the_wild_card_twist_is_offered_only_below_three_wild_cards() -> None:
    """Reading 19: the Wild-Card Twist while holding all 3 Wild Cards is not offered, in any phase."""
    for phase in ("pre_roll", "card"):
        dice = [] if phase == "pre_roll" else [1, 2, 3]
        for held, offered in ((2, True), (3, False)):
            s = position(
                {"phase": phase, "dice": dice, "players": [{"hand": ["twist_wild_card"], "wild_cards": held}, {}]}
            )
            assert bool(actions(s, move="play", card="twist_wild_card")) is offered, (phase, held)
            assert list(s.legal_action_ids()) == reference_legal(s)
