"""The kit's zones: observation, determinize and tensors follow from declared visibility.

Checked on the 4-player test game (hands as counts, one shared hidden pile, public rows and counters).
"""

from __future__ import annotations

from collections import Counter

import pytest

from dwarfhall.core import Rng, Visibility, ZoneSet, area, hand, pile
from dwarfhall.core.game import State
from tests.support.relay import KINDS, RelayGame


def played(players: int, seed: int, moves: int) -> State:
    game = RelayGame({"players": players, "rounds": 6})
    state = game.new_state(seed)
    rng = Rng(seed + 99)
    for _ in range(moves):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_action_ids()))
    return state


def unseen(state: State, viewer: int) -> Counter[int]:
    """Every card the viewer cannot see: the pile and the other players' hands."""
    cards: Counter[int] = Counter(state.pile)  # type: ignore[attr-defined]
    for p, h in enumerate(state.hand):  # type: ignore[attr-defined]
        if p != viewer:
            cards.update({k: n for k, n in enumerate(h) if n})
    return cards


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(8))
def test_determinize_redeals_exactly_what_the_viewer_cannot_see(players: int, seed: int) -> None:
    state = played(players, seed, moves=seed * 2)
    for viewer in range(players):
        sample = state.determinize(viewer, Rng(seed * 7 + viewer))
        assert sample.observation(viewer) == state.observation(viewer)
        # nothing the viewer sees moved, and the unseen cards are the same multiset, re-dealt
        assert sample.hand[viewer] == state.hand[viewer]  # type: ignore[attr-defined]
        assert sample.row == state.row and sample.turns == state.turns  # type: ignore[attr-defined]
        assert unseen(sample, viewer) == unseen(state, viewer)
        for p in range(players):
            assert sum(sample.hand[p]) == sum(state.hand[p])  # type: ignore[attr-defined]
        assert sample.seed is None and sample.start is None and sample.history == state.history


def test_samples_differ_and_depend_only_on_what_the_viewer_sees() -> None:
    state = played(4, 3, moves=2)
    hands = {tuple(map(tuple, state.determinize(0, Rng(i)).hand)) for i in range(30)}  # type: ignore[attr-defined]
    assert len(hands) > 5
    # another world the viewer cannot tell apart gives the very same samples
    twin = state.determinize(0, Rng(12345))
    for i in range(5):
        a = state.determinize(0, Rng(i))
        b = twin.determinize(0, Rng(i))
        assert a.hand == b.hand and a.pile == b.pile  # type: ignore[attr-defined]


def test_observation_shows_own_hand_and_only_sizes_of_the_others() -> None:
    state = played(4, 1, moves=0)
    obs = state.observation(2)
    assert obs["hand"][2]["cards"] is not None and obs["hand"][2]["size"] == 3
    assert [obs["hand"][p]["cards"] for p in (0, 1, 3)] == [None, None, None]
    assert obs["pile"]["cards"] is None and obs["pile"]["size"] == 15 - 12
    assert state.observation(None)["hand"][2]["cards"] is None


def test_tensor_has_the_declared_size_and_hides_other_hands() -> None:
    state = played(4, 5, moves=3)
    game = state.game
    t = state.observation_tensor(1)
    assert t.shape == game.observation_tensor_shape()
    assert sum(w for _, w in game.observation_tensor_layout()) == t.shape[0]
    other = state.determinize(1, Rng(77))
    assert (other.observation_tensor(1) == t).all()
    assert t[1] == 1.0 and t[0] == 0.0


def test_known_cards_stay_in_the_hand_when_resampling() -> None:
    class Holder:
        pass

    zs = ZoneSet([pile("pile", "deck{p}"), hand("hand", "deck{p}", known="known", counts=True), area("row")], 2, 3)
    s = Holder()
    s.pile = [[0, 1], [2, 2, 0]]  # type: ignore[attr-defined]
    s.hand = [[1, 0, 0], [1, 1, 1]]  # type: ignore[attr-defined]
    s.known = [[0, 0, 0], [0, 1, 0]]  # type: ignore[attr-defined]
    s.row = [[], []]  # type: ignore[attr-defined]
    for i in range(20):
        zs.resample(s, 0, Rng(i))
        assert s.hand[1][1] >= 1 and sum(s.hand[1]) == 3  # type: ignore[attr-defined]
        assert sorted(s.pile[0]) == [0, 1]  # type: ignore[attr-defined]
        assert s.hand[0] == [1, 0, 0]  # type: ignore[attr-defined]


def test_a_hidden_zone_must_name_its_pool() -> None:
    from dwarfhall.core import Zone

    with pytest.raises(ValueError, match="names no pool"):
        ZoneSet([Zone("secret", Visibility.HIDDEN)], 2, KINDS)


def test_a_redeal_keeps_its_sorted_pools_only_for_the_same_contents() -> None:
    """The zones keep the last sorted pools per viewer; a sample of another position is dealt from its own cards."""
    game = RelayGame({"players": 3, "rounds": 6})
    first, second = game.new_state(5), game.new_state(6)
    rng = Rng(1)
    for _ in range(6):
        second.apply(rng.choice(second.legal_action_ids()))
    assert unseen(first, 0) != unseen(second, 0)

    def sample_hands(state: State) -> list[list[int]]:
        return state.determinize(0, Rng(77)).hand  # type: ignore[attr-defined,no-any-return]

    fresh = sample_hands(second)
    # dealt from the first position's own cards, not from the pools kept for the second
    assert unseen(first.determinize(0, Rng(78)), 0) == unseen(first, 0)
    assert sample_hands(second) == fresh  # rebuilt for the second position, the same sample as before
    assert sample_hands(second) == fresh  # and kept for it
    assert unseen(second.determinize(0, Rng(78)), 0) == unseen(second, 0)
