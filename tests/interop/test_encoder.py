"""The environments' tensor encoder: the same tensor as `observation_tensor`, a new array at every call."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from dwarfhall.core import Rng
from dwarfhall.interop.common import TensorEncoder, load, observation_tensor

from .conftest import WITH_TEST_GAMES


@pytest.mark.parametrize("name", WITH_TEST_GAMES)
def test_the_encoder_gives_each_seat_its_tensor_as_a_new_array(name: str) -> None:
    game = load(name)
    encode = TensorEncoder(game)
    state, mover = game.new_state(seed=3), Rng(5)
    for _ in range(40):
        if state.is_terminal:
            break
        for player in range(game.num_players):
            first, second = encode(state, player), encode(state, player)
            assert first is not second and first.dtype == np.float32
            assert np.array_equal(first, observation_tensor(state, player))
        legal = state.legal_action_ids()
        state.apply(legal[mover.below(len(legal))])


def test_a_state_class_with_its_own_tensor_is_asked_for_it() -> None:
    game = load("duel")
    state = game.new_state(seed=1)
    own_tensor = {"__slots__": (), "observation_tensor": lambda self, p: np.full(3, 7.0, np.float32)}
    own = type("OwnTensorState", (type(state),), own_tensor)
    odd: Any = state.clone()
    odd.__class__ = own
    encode = TensorEncoder(game)
    assert encode(state, 0).shape == (game.observation_layout().size,)
    assert list(encode(odd, 0)) == [7.0, 7.0, 7.0]  # not the layout's: the class answers for itself
