"""Spring's web view: every legal move sits on something the page shows, the view hides other hands, the log's
outcomes and the board's victory points agree with the rules (R36)."""

from __future__ import annotations

import random
import re

from dwarfhall.core.registry import load_game
from dwarfhall.games.spring.state import SpringState
from dwarfhall.games.spring.webview import SpringWebView


def _ids_on_the_page(html: str) -> set[int]:
    return {int(i) for attr in re.findall(r'data-action="([0-9 ]+)"', html) for i in attr.split()}


def test_every_legal_move_is_clickable_and_no_other_hand_is_shown_in_a_random_game() -> None:
    game = load_game("spring", {"players": 3, "eras": 2})
    view = game.web_view()
    assert isinstance(view, SpringWebView)
    state = game.new_state(11)
    assert isinstance(state, SpringState)
    rng = random.Random(3)
    outcomes = []
    while not state.is_terminal:
        seat = state.current_player
        actions = state.legal_actions()
        html = view.render(state.observation(seat), actions, "de" if len(state.history) % 2 else "en")
        assert _ids_on_the_page(html) == {a.id for a in actions}
        mine = state.observation(seat)["faerie_hand"][seat]["cards"]
        assert html.count('class="scard faerie"') == len(set(mine))  # faerie faces: only the viewer's own
        public = view.render(state.observation(None), [], "en")
        assert 'class="scard faerie"' not in public and "data-action" not in public
        before = state.observation(None)
        state.apply(rng.choice(actions).id)
        outcomes.append(view.outcome(before, state.observation(None), "en"))
    final = state.observation(None)
    assert [view.score(final, p) for p in range(3)] == [int(s) for s in state.scores()]  # R36
    assert outcomes[-1].startswith("final scores") or "final scores" in outcomes[-1]
    assert any("era 2 begins" in o for o in outcomes)
    assert any(re.search(r"Player \d: \+\d", o) for o in outcomes)  # resources gained
