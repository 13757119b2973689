"""Spring's tensor fillers: the grouped ones the compiled build uses (`_seats`, `_webs_and_reveal`) write exactly what
the per-segment ones pure Python uses write, over the states of seeded random games of every player count."""

from __future__ import annotations

import dataclasses
from functools import partial

import numpy as np
import pytest

from dwarfhall.core import Rng, load_game
from dwarfhall.core.tensors import TensorLayout
from dwarfhall.games.spring import tensor

SEATS = ("treasury", "line_left", "settlements", "fortress", "home", "dwarfs", "spots_used", "nest", "successes",
         "defeated", "faerie_power")  # fmt: skip
REVEAL = ("webs", "last_reveal", "last_reveal_counts", "last_reveal_cards")
FILLERS = (tensor._treasury, tensor._line_left, tensor._settlements, tensor._fortress, tensor._home, tensor._dwarfs,
           tensor._spots_used, tensor._nest, tensor._successes, tensor._defeated, tensor._faerie_power, tensor._webs,
           tensor._reveal_head, tensor._reveal_counts, tensor._reveal_cards)  # fmt: skip
PER_SEGMENT = dict(zip(SEATS + REVEAL, FILLERS, strict=True))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_grouped_fillers_write_what_the_per_segment_ones_write(players: int) -> None:
    game = load_game("spring", {"players": players, "eras": 1})
    segments = game.observation_layout().segments
    spots = len(game.components.spots)
    grouped = {"treasury": partial(tensor._seats, players, spots), "webs": tensor._webs_and_reveal}
    one_each = TensorLayout(dataclasses.replace(s, fill=PER_SEGMENT.get(s.name, s.fill)) for s in segments)
    in_groups = TensorLayout(
        dataclasses.replace(s, fill=grouped.get(s.name)) if s.name in PER_SEGMENT else s for s in segments
    )
    assert len(in_groups._parts) == len(one_each._parts) - len(SEATS) - len(REVEAL) + 2
    revealed = 0
    for seed in range(3):
        state, rng = game.new_state(seed), Rng(seed + 5)
        while not state.is_terminal:
            revealed += bool(state.last_reveal)
            for viewer in (None, *range(players)):
                assert np.array_equal(one_each.tensor(state, viewer), in_groups.tensor(state, viewer))
            state.apply(rng.choice(state.legal_action_ids()))
    assert revealed > 0, "the games reached a fight or a gathering"
