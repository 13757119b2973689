"""Ale War's `action_components` (read off the id) names what every legal action's payload names."""

from __future__ import annotations

import pytest

from dwarfhall.games.alewar.game import AleWarGame
from tests.support.components import check_components


@pytest.mark.parametrize("options", [{}, {"terrain_pick": "choose", "hit_rule": "at_least"}])
def test_components_match_the_payloads(options: dict[str, str]) -> None:
    seen = check_components(AleWarGame(options), range(25))
    assert {"place", "move", "attack", "reinforce"} <= set(seen), seen
