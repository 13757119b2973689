"""Every game's rules stand apart from its views: a game played, described and saved, with its sides named,
loads neither the terminal view nor the web page of any game (nor anything of play/)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from dwarfhall.core import game_names

CODE = """\
import sys
from dwarfhall.core import Rng, load_game
game = load_game({name!r})
state = game.new_state(3)
rng = Rng(4)
while not state.is_terminal and len(state.history) < 400:
    state.describe_action(state.legal_action_ids()[0])
    state.apply(rng.choice(state.legal_action_ids()))
state.to_json(); state.observation(0); game.seat_name(0, 'de', state)
views = ('textview', 'webview', 'narration')
game_views = [m for m in sys.modules if m.startswith('dwarfhall.games') and m.endswith(views)]
print([m for m in sys.modules if m.startswith('dwarfhall.play')] + game_views)
"""


@pytest.mark.parametrize("name", game_names())
def test_the_rules_play_without_loading_a_view(name: str) -> None:
    done = subprocess.run([sys.executable, "-c", CODE.format(name=name)], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
