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


def test_the_map_shows_the_labels_moves_use_a_legend_and_marks_the_targets() -> None:
    """One notation: every spot shows the label the action labels and typed moves use ('H3'); a legend names the
    spot kinds by colour and the outline of a target; while a move acts on the map the other places are dimmed."""
    game = load_game("spring", {"players": 2})
    view = game.web_view()
    assert isinstance(view, SpringWebView)
    state = game.new_state(5)
    assert isinstance(state, SpringState)
    actions = state.legal_actions()  # the starting settlements: every free land spot is a target
    html = view.render(state.observation(state.current_player), actions, "en")
    drawn = set(re.findall(r'<text class="lbl"[^>]*>([A-S][0-6])</text>', html))
    spots = {loc.label for loc in state.world.geometry.locations if not loc.is_wildland}
    assert drawn == spots and len(spots) == 91
    label = actions[0].label("en")
    place = str(actions[0].payload["spot"])
    assert f" on {state.world.geometry.by_id(place).label} (" in label and place not in label
    legend = re.search(r'<ul class="spring-legend".*?</ul>', html)
    assert legend is not None and legend.group(0).count('class="sw k-') == 6 and "a move of yours" in legend.group(0)
    assert 'class="spring-map" data-targets=""' in html
    assert 'data-targets' not in view.render(state.observation(None), [], "en")


def test_dwarfs_in_a_wildland_leave_its_name_and_monster_free() -> None:
    """Up to 7 dwarf dots (radius 2.8) in a wildland lie clear of the name above the centre (5.5 high, ending
    11 above it), the monster's disc (radius 7.5) and the monster's name 15 below the centre."""
    from dwarfhall.games.spring.hexmap import petal_cells
    from dwarfhall.games.spring.webmap import centre, wild_dwarf_at

    cells = petal_cells(7)
    cx, cy = centre(cells[0])
    spots = {wild_dwarf_at(cells, k) for k in range(7)}
    assert len(spots) == 7
    for x, y in spots:
        dx, dy = x - cx, y - cy
        assert abs(dx) - 2.8 > 12.5 or not -16.5 <= dy <= -9.5 + 2.8  # the name: about 25 wide above the centre
        assert (dx * dx + dy * dy) ** 0.5 > 7.5 + 2.8  # the monster's disc
        assert dy + 2.8 < 15 - 5 or abs(dx) - 2.8 > 12.5  # the monster's name below
