"""The Duel's `action_components` (read off the id) names what every legal action's payload names."""

from __future__ import annotations

import pytest

from dwarfhall.core.errors import IllegalAction
from dwarfhall.games.duel.game import DuelGame
from tests.support.components import check_components


@pytest.mark.parametrize("options", [{}, {"response_windows": "when_able", "seat0_side": "evil"}])
def test_components_match_the_payloads(options: dict[str, str]) -> None:
    seen = check_components(DuelGame(options), range(40))
    # every kind of action that names a card came up, the ones read off the state's effect and display too
    assert {"play", "damage", "reroll", "draw", "short_rest", "banish", "recover"} <= set(seen), seen


def test_an_illegal_id_is_refused() -> None:
    state = DuelGame().new_state(3)
    illegal = next(a for a in range(DuelGame().num_distinct_actions()) if a not in state.legal_action_ids())
    with pytest.raises(IllegalAction):
        state.action_components(illegal)
