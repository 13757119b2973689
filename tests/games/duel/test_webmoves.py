"""The Duel's moves on the page (WebView.move_ui): every legal move can be picked by the things it acts on, no
decision shows more than a dozen top-level buttons, a confirm only before ending a turn with moves left, and
nothing the viewer may not see reaches the page (two states that differ only in the opponent's hand look alike)."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator

import pytest

from dwarfhall.core import Action, load_game
from dwarfhall.core.rng import Rng
from dwarfhall.games.duel.state import DuelState
from dwarfhall.games.duel.webmoves import BASIC, TOP_LEVEL
from dwarfhall.games.duel.webview import DuelWebView

GAME = load_game("duel", {})
VIEW = GAME.web_view()
assert isinstance(VIEW, DuelWebView)


def decisions(games: int, seed: int) -> Iterator[tuple[DuelState, int, list[Action]]]:
    """Every decision of `games` random games: the state, who decides, their legal moves."""
    rng = random.Random(seed)
    for g in range(games):
        state = GAME.new_state(seed=seed * 100 + g)
        assert isinstance(state, DuelState)
        while not state.is_terminal:
            player = state.current_player
            actions = state.legal_actions()
            yield state, player, actions
            state.apply(rng.choice(actions).id)


def top_level(groups: list[str]) -> int:
    return sum(1 for g in groups if not g) + len({g for g in groups if g})


def board_things(html: str) -> Counter[str]:
    return Counter(re.findall(r'data-thing="([^"]+)"', html))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_move_is_reached_by_its_things_or_a_top_level_button(lang: str) -> None:
    seen = Counter[str]()
    for state, player, actions in decisions(6, 7 if lang == "en" else 8):
        obs = state.observation(player)
        ui = VIEW.move_ui(obs, actions, lang)
        html = VIEW.render(obs, actions, lang)
        on_board = board_things(html)
        assert set(ui) == {a.id for a in actions}
        picks = Counter[tuple[str, ...]]()
        for a in actions:
            move = a.payload["move"]
            seen[move] += 1
            things = ui[a.id].things
            if move in BASIC:
                assert not ui[a.id].group, f"{a.label('en')} must stay one click at the top level"
                continue
            assert things, f"{a.label('en')} has no things"
            picks[tuple(sorted(things))] += 1
            # the board shows each thing as often as the move names it (two dice showing 4 for a 4-4 payment)
            for key, n in Counter(things).items():
                assert on_board[key] >= n, f"{a.label('en')}: {key} x{n} not on the board ({on_board[key]})"
        clash = [k for k, n in picks.items() if n > 1]
        assert not clash, f"two moves share the things {clash}"
        groups = [ui[a.id].group for a in actions]
        assert top_level(groups) <= TOP_LEVEL, (len(actions), sorted(set(groups)))
    # the walk met every kind of move the page offers by things
    assert {"play", "damage", "reroll", "pass", "end_turn", "roll"} <= set(seen), seen


def test_a_payment_names_the_card_first_then_one_key_per_die_or_wild_card() -> None:
    for state, player, actions in decisions(3, 11):
        ui = VIEW.move_ui(state.observation(player), actions, "en")
        for a in actions:
            if a.payload["move"] != "play":
                continue
            pay = a.payload["payment"]
            things = ui[a.id].things
            assert things[0] == f"hand:{a.payload['card']}"
            assert len(things) == 1 + pay["dice"] + pay["axes"] + pay["wild_cards"]
            assert things.count("wild") == pay["wild_cards"]
            assert things.count("die:axe") == pay["axes"]
            assert "pays" in ui[a.id].preview or "free" in ui[a.id].preview


def test_an_allys_damage_is_the_die_then_the_target() -> None:
    found = 0
    for state, player, actions in decisions(6, 5):
        ui = VIEW.move_ui(state.observation(player), actions, "en")
        for a in actions:
            p = a.payload
            if p["move"] == "damage" and p["source"] == "die":
                target = p["target"]
                seat = target["player"]
                last = f"pile:{seat}" if target.get("pile") else f"card:{seat}:{target['card']}:{target['damage']}"
                assert ui[a.id].things == (f"die:{p['face']}", last)
                assert "damage" in ui[a.id].preview or "pile" in ui[a.id].preview or "defeats" in ui[a.id].preview
                found += 1
    assert found > 10


def test_a_confirm_only_before_ending_a_turn_with_moves_left() -> None:
    asked = plain = 0
    for state, player, actions in decisions(4, 3):
        ui = VIEW.move_ui(state.observation(player), actions, "en")
        for a in actions:
            if a.payload["move"] == "end_turn":
                others = len(actions) > 1
                assert bool(ui[a.id].confirm) == others
                asked += others
                plain += not others
            else:
                assert not ui[a.id].confirm, a.label("en")
    assert asked and plain


def test_two_states_that_differ_in_the_opponents_hand_show_the_viewer_the_same_page() -> None:
    compared = 0
    rng = Rng(5)
    for state, player, actions in decisions(4, 21):
        if state.turn < 2 or compared > 150:
            continue
        other = 1 - player
        sample = state.determinize(player, rng)
        if sample.hand[other] == state.hand[other]:
            continue  # the re-deal left the hand as it was; nothing to compare
        moves = sample.legal_actions()
        assert [a.id for a in moves] == [a.id for a in actions]
        for lang in ("en", "de"):
            seen, real = sample.observation(player), state.observation(player)
            assert VIEW.move_ui(seen, moves, lang) == VIEW.move_ui(real, actions, lang)
            assert VIEW.render(seen, moves, lang) == VIEW.render(real, actions, lang)
        compared += 1
    assert compared > 20


def test_every_card_die_and_pile_has_help_a_rules_section_and_a_label() -> None:
    sections = {"goal", "setup", "turn", "paying", "cards", "damage", "wild", "twists", "end"}
    for state, player, actions in decisions(2, 9):
        html = VIEW.render(state.observation(player), actions, "en")
        things = r'<[^>]*class="(?:dcard|die-wrap|pile|wild|wild-middle|vp vp-count|backs)[ "][^>]*>'
        for tag in re.findall(things, html):
            assert "data-help=" in tag and "aria-label=" in tag and "tabindex=" in tag, tag
            rules = re.search(r'data-rules="([^"]+)"', tag)
            assert rules and rules.group(1) in sections, tag
