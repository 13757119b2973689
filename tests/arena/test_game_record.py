"""The arena reads the game's declared record (core.info): its maximum length bounds every game it plays."""

from __future__ import annotations

from dataclasses import replace

import pytest
from examples.template import HighDrawGame

from dwarfhall.arena.plan import GameTask
from dwarfhall.arena.play import play_one


class ShortHighDraw(HighDrawGame):
    info = replace(HighDrawGame.info, max_length=3)


def test_a_game_longer_than_its_declared_maximum_length_is_stopped() -> None:
    task = GameTask("0-1", 0, (0, 1), 5)
    assert play_one(HighDrawGame(), ("random", "random"), task).length == 6  # three turns each
    with pytest.raises(RuntimeError, match="did not end within 3 actions"):
        play_one(ShortHighDraw(), ("random", "random"), task)
