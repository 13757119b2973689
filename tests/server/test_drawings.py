"""The server keeps what a game's web view drew (WebView.memo): the same page either way, and bounded."""

from __future__ import annotations

from dwarfhall.core import Rng
from dwarfhall.core.registry import load_game
from dwarfhall.core.webview import WebView
from dwarfhall.server.drawings import Drawings


def test_a_kept_drawing_is_drawn_once() -> None:
    view = WebView()
    calls: list[int] = []

    def draw() -> str:
        calls.append(1)
        return "<b>piece</b>"

    assert view.drawn("k", draw) == view.drawn("k", draw) == "<b>piece</b>"
    assert len(calls) == 2  # no memo: drawn each time
    view.memo = Drawings()
    assert view.drawn("k", draw) == view.drawn("k", draw) == "<b>piece</b>"
    assert len(calls) == 3


def test_the_drawings_are_bounded() -> None:
    drawings = Drawings(size=3)
    for i in range(7):
        drawings[i] = str(i)
        assert len(drawings) <= 3
    assert drawings[6] == "6"


def test_the_duel_draws_the_same_page_with_and_without_kept_drawings() -> None:
    game = load_game("duel")
    plain, kept = game.web_view(), game.web_view()
    kept.memo = Drawings(size=50)  # small: it is emptied during the game too
    state = game.new_state(5)
    rng = Rng(5)
    while not state.is_terminal:
        for seat in (0, 1):
            obs = state.observation(seat)
            actions = state.legal_actions() if seat == state.current_player else []
            for lang in ("en", "de"):
                assert kept.render(obs, actions, lang) == plain.render(obs, actions, lang)
        state.apply(rng.choice(state.legal_action_ids()))
    assert kept.memo
