"""determinize and the legal-action cache: kept when the sample is the position itself (nothing hidden was
re-dealt), dropped whenever hidden cards may have moved, so a sample never offers the real hands' moves."""

from __future__ import annotations

from dwarfhall.core import Rng, load_game
from tests.support.relay import RelayGame


def test_a_sample_with_redealt_hands_computes_its_own_legal_actions() -> None:
    game = RelayGame({"players": 4, "rounds": 6})
    checked = 0
    for seed in range(30):
        state = game.new_state(seed)
        rng = Rng(seed)
        for _ in range(seed % 9):
            state.apply(rng.choice(state.legal_action_ids()))
        state.legal_action_ids()  # fills the cache of the real position
        viewer = (state.current_player + 1) % 4  # the player to act holds cards this viewer cannot see
        sample = state.determinize(viewer, Rng(seed + 7))
        assert sample.legal_action_ids() == tuple(sample._legal_action_ids())
        checked += sample.legal_action_ids() != state.legal_action_ids()
    assert checked, "some sample should deal the player to act a different hand"


def test_a_sample_of_a_fully_seen_position_keeps_the_cache() -> None:
    """Ale War hides nothing but the dice: the sample's legal actions are the real ones, not computed again."""
    state = load_game("alewar").new_state(3)
    legal = state.legal_action_ids()
    sample = state.determinize(0, Rng(1))
    assert sample._legal is legal
    assert sample.legal_action_ids() == tuple(sample._legal_action_ids())
