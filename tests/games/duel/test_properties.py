"""Properties over many random legal games (seeds drawn by hypothesis)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from dwarfhall.core import GameRecord, Rng
from dwarfhall.games.duel.game import DuelGame
from dwarfhall.games.duel.state import DuelState

GAME = DuelGame()
FAST = DuelGame({"response_windows": "when_able"})
SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
DECK = Counter(GAME.tables.deck)


def states(seed: int, game: DuelGame = GAME, every: int = 1) -> Iterator[DuelState]:
    """Every `every`-th state of a random game (and the final one); the game continues from the yielded object."""
    state = game.new_state(seed)
    chooser = Rng(seed ^ 0x5DEECE66D)
    i = 0
    while not state.is_terminal:
        if i % every == 0:
            yield state
        state.apply(chooser.choice(state.legal_action_ids()))
        i += 1
    yield state


def check_invariants(s: DuelState) -> None:
    t = s.game.tables
    for p in (0, 1):
        cards = Counter(s.pile[p]) + Counter(s.disp[p]) + Counter(s.discard[p])
        cards.update({k: n for k, n in enumerate(s.hand[p]) if n})
        if s.effect >= 0 and p == s.active:
            cards[s.effect] += 1
        assert cards == DECK, f"player {p}'s 35 cards are not all accounted for"
        assert s.hand_n[p] == sum(s.hand[p])
        assert all(0 <= known <= held for known, held in zip(s.known[p], s.hand[p], strict=True))
        assert len(s.dmg[p]) == len(s.disp[p])
        assert all(0 <= d < max(1, t.health[k]) for k, d in zip(s.disp[p], s.dmg[p], strict=True))
        assert all(not t.is_event[k] and not t.is_twist[k] for k in s.disp[p])
    assert len(s.dice) <= 6 and len(s.dice) == len(s.spent)
    assert min(s.wild) >= 0 and sum(s.wild) <= 3, "there are 3 Wild Cards"
    assert 0 <= s.fresh <= s.wild[s.active]
    if s.is_terminal:
        assert not s.pile[0] or not s.pile[1], "the game ends only when a draw pile runs out"
        assert s.legal_action_ids() == ()
    else:
        assert s.pile[0] and s.pile[1]
        assert s.current_player in (0, 1) and s.legal_action_ids()


@settings(max_examples=150, deadline=None)
@given(seed=SEEDS)
def test_cards_dice_and_wild_cards_are_always_accounted_for(seed: int) -> None:
    """All 70 cards, at most 6 rolled dice and the 3 Wild Cards in every state of a random game."""
    for state in states(seed):
        check_invariants(state)


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS)
def test_invariants_hold_with_the_when_able_variant(seed: int) -> None:
    for state in states(seed, FAST):
        check_invariants(state)


@settings(max_examples=120, deadline=None)
@given(seed=SEEDS)
def test_game_record_replays_exactly(seed: int) -> None:
    """A GameRecord (seed and action ids) reproduces the game exactly."""
    final = list(states(seed, every=10_000))[-1]
    record = GameRecord.from_json(json.loads(json.dumps(GameRecord.of(final).to_json())))
    assert record.final_state().to_json() == final.to_json()


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS)
def test_json_round_trip(seed: int) -> None:
    """to_json / state_from_json give back the same state, with the same legal actions."""
    for state in states(seed, every=9):
        data = json.loads(json.dumps(state.to_json()))
        again = GAME.state_from_json(data)
        assert again.to_json() == data
        assert again.legal_action_ids() == state.legal_action_ids()
        assert again.observation(0) == state.observation(0)


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS)
def test_clone_is_independent_of_the_original(seed: int) -> None:
    """Playing on a clone never changes the original, and the clone starts equal."""
    for state in states(seed, every=11):
        if state.is_terminal:
            continue
        before = state.to_json()
        copy = state.clone()
        assert copy.to_json() == before
        while not copy.is_terminal and len(copy.history) < len(state.history) + 15:
            copy.apply(copy.legal_action_ids()[-1])
        assert state.to_json() == before


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS, sample_seed=st.integers(0, 2**32))
def test_determinize_is_consistent_with_the_observation(seed: int, sample_seed: int) -> None:
    """A determinized state looks the same to that player, keeps known cards and is a valid full state."""
    rng = Rng(sample_seed)
    for state in states(seed, every=13):
        for p in (0, 1):
            sample = state.determinize(p, rng)
            assert sample.observation(p) == state.observation(p)
            assert sample.observation(None) == state.observation(None)
            assert sample.hand[p] == state.hand[p]
            assert all(n >= k for n, k in zip(sample.hand[1 - p], state.known[1 - p], strict=True))
            check_invariants(sample)
            if state.current_player == p:
                assert sample.legal_action_ids() == state.legal_action_ids()
            if not sample.is_terminal:
                sample.apply(sample.legal_action_ids()[0])


def _hide_differently(state: DuelState, player: int, rng: Rng) -> DuelState:
    """The same position except for what `player` cannot see: the other hand's unseen cards, deck orders, the Rng."""
    other = state.clone()
    opp = 1 - player
    hand, known, pile = other.hand[opp], other.known[opp], other.pile[opp]
    # swap unseen hand cards with pile cards of another kind, where possible
    for k in range(len(hand)):
        if hand[k] - known[k] > 0:
            for i, card in enumerate(pile):
                if card != k:
                    hand[k] -= 1
                    hand[card] += 1
                    pile[i] = k
                    break
    rng.shuffle(other.pile[0])
    rng.shuffle(other.pile[1])
    other.rng = Rng(rng.next_u64())
    other._legal = None
    return other


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS, change_seed=st.integers(0, 2**32))
def test_no_leak_hidden_changes_never_change_a_players_observation(seed: int, change_seed: int) -> None:
    """No leak: what a player cannot see (other hand, deck orders, Rng) never changes their view or turn order."""
    rng = Rng(change_seed)
    for state in states(seed, every=7):
        for p in (0, 1):
            other = _hide_differently(state, p, rng)
            check_invariants(other)
            assert other.observation(p) == state.observation(p)
            assert other.observation(None) == state.observation(None)
            assert other.current_player == state.current_player
            if state.current_player == p:
                assert other.legal_action_ids() == state.legal_action_ids()
