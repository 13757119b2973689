"""Spring's tensor fillers: the one the compiled build uses (`_grouped`, which calls `_seats` and `_webs_and_reveal`)
writes exactly what the per-segment ones pure Python uses write, over the states of seeded random games of every
player count."""

from __future__ import annotations

import numpy as np
import pytest

from dwarfhall.core import Rng, load_game
from dwarfhall.core.tensors import TensorLayout
from dwarfhall.games.spring import tensor


@pytest.mark.parametrize("players", [2, 3, 4])
def test_grouped_fillers_write_what_the_per_segment_ones_write(players: int) -> None:
    game = load_game("spring", {"players": players, "eras": 1})
    segments = game.observation_layout().segments
    own = tensor.tensor_segments(game, grouped=False)
    zones = segments[: len(segments) - len(own)]
    one_each = TensorLayout([*zones, *own])
    in_groups = TensorLayout([*zones, *tensor.tensor_segments(game, grouped=True)])
    assert len(in_groups._parts) == len(TensorLayout(zones)._parts) + 1
    assert len(one_each._parts) > len(in_groups._parts) + 10
    assert [(s.name, s.size) for s in in_groups.segments] == [(s.name, s.size) for s in segments]
    revealed = 0
    for seed in range(3):
        state, rng = game.new_state(seed), Rng(seed + 5)
        while not state.is_terminal:
            revealed += bool(state.last_reveal)
            for viewer in (None, *range(players)):
                assert np.array_equal(one_each.tensor(state, viewer), in_groups.tensor(state, viewer))
            state.apply(rng.choice(state.legal_action_ids()))
    assert revealed > 0, "the games reached a fight or a gathering"
