"""Spring's `action_components` (one lookup per id) names what every legal action's payload names, at every
player count and with the optional rules."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from dwarfhall.core.actions import components_of
from dwarfhall.games.spring.game import SpringGame
from dwarfhall.games.spring.kit import IDLE
from tests.support.components import check_components


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 3, "layout": "balanced", "first_player": "random"},
        {"players": 2, "dragon_training": "gold_only", "expedition_order": "ordered"},
    ],
)
def test_components_match_the_payloads(options: dict[str, Any]) -> None:
    seen = check_components(SpringGame(options), range(6))
    assert {"build", "fortress", "explore", "quest", "command", "fight"} <= set(seen), seen


def test_every_kind_of_component_comes_up() -> None:
    """Over more games, the rarer moves that name a component are checked too."""
    seen: Counter[str] = Counter()
    for players in (2, 3, 4):
        seen += check_components(SpringGame({"players": players}), range(100, 106))
    expected = {"build", "fortress", "explore", "summon_faerie", "dragon_spot", "quest", "command", "train",
                "play_faerie", "trim", "fight"}  # fmt: skip
    assert expected <= set(seen), seen


def test_idle_names_its_dwarf_action() -> None:
    """Idling (legal only when no other dwarf action is) needs nothing from the state: both ways name it."""
    state = SpringGame({"players": 2}).new_state(1)
    assert state._action_components(IDLE) == components_of(state._describe_action(IDLE).payload) == ("action:idle",)
