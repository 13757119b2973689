"""Spring's moves on the page (`move_ui`) and the help of every element, over random 2-4 player games: every legal
move is reached through things the board shows or through the list, no decision shows more than 12 top-level
entries, only ending a turn with free actions left asks first, previews and help say what the rules do (R14, R17)
and are the same in two positions that differ only in what the viewer may not see."""

from __future__ import annotations

import html as markup
import os
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

import pytest

import dwarfhall.games.spring as spring
from dwarfhall.core import Action, Rng
from dwarfhall.core.registry import load_game
from dwarfhall.core.rulebook import load_rulebook
from dwarfhall.core.webview import MoveUi
from dwarfhall.games.spring import fights
from dwarfhall.games.spring.state import SpringState
from dwarfhall.games.spring.webview import SpringWebView

TOP_LEVEL = 12  # top-level entries (buttons and headings) a decision may show (issue 24)


def _sections() -> set[str]:
    return {s.key for s in load_rulebook(Path(spring.__file__).with_name("rules.toml")).sections}


def _things_on_the_page(page: str) -> set[str]:
    return set(re.findall(r'data-thing="([^"]*)"', page))


def top_level(ui: Mapping[int, MoveUi]) -> int:
    """Top-level entries of the move list: each heading once, each move without one."""
    return len({u.group for u in ui.values() if u.group}) + sum(1 for u in ui.values() if not u.group)


def _games(players: Sequence[int], steps: int) -> Iterator[tuple[SpringState, SpringWebView, list[Action]]]:
    """Every decision of random games (the first `steps` of each), with the view and the legal moves."""
    for seed, n in enumerate(players):
        game = load_game("spring", {"players": n, "eras": 2})
        view = game.web_view()
        assert isinstance(view, SpringWebView)
        state = game.new_state(40 + seed)
        assert isinstance(state, SpringState)
        rng = random.Random(seed)
        for _ in range(steps):
            if state.is_terminal:
                break
            actions = state.legal_actions()
            yield state, view, actions
            state.apply(rng.choice(actions).id)


def test_every_move_is_reached_through_shown_things_or_the_list_and_the_top_level_stays_small() -> None:
    seen: list[int] = []
    for state, view, actions in _games((2, 3, 4), 160):
        seat = state.current_player
        obs = state.observation(seat)
        ui = view.move_ui(obs, actions, "en")
        assert set(ui) == {a.id for a in actions}  # every move has its entry: a button or a line in a group
        if len(seen) % 4 == 0:
            shown = _things_on_the_page(view.render(obs, actions, "en"))
            for a in actions:
                assert set(ui[a.id].things) <= shown, (a.label("en"), ui[a.id].things)
        for a in actions:  # a move on the map starts at its place (issue 24: the spot, then the line or dwarf)
            spot = a.payload.get("spot")
            if isinstance(spot, str):
                assert ui[a.id].things[0] == spot
        seen.append(top_level(ui))
        assert seen[-1] <= TOP_LEVEL, [(a.label("en"), ui[a.id].group) for a in actions]
    if os.environ.get("DWARFHALL_FIGURES"):  # the figures BENCHMARKS.md quotes
        print(f"spring decisions {len(seen)}: top-level max {max(seen)}, mean {sum(seen) / len(seen):.2f}")


def test_only_ending_a_turn_with_free_actions_left_asks_first() -> None:
    asked = 0
    for state, view, actions in _games((3,), 200):
        ui = view.move_ui(state.observation(state.current_player), actions, "en")
        free = any(a.payload.get("move") in ("train", "play_faerie") for a in actions)
        for a in actions:
            wants = a.payload.get("move") == "end_turn" and free
            assert bool(ui[a.id].confirm) == wants, a.label("en")
            asked += wants
    assert asked


def test_a_settlement_preview_and_its_spot_help_say_a_monster_cuts_the_gain_to_one() -> None:
    """R17: while a monster that caps a spot kind is in play, a settlement there gains 1, not the printed amount."""
    checked = 0
    for seed in range(12):
        game = load_game("spring", {"players": 4})
        view = game.web_view()
        assert isinstance(view, SpringWebView)
        state = game.new_state(seed)
        assert isinstance(state, SpringState)
        seat = state.current_player
        obs = state.observation(seat)
        actions = state.legal_actions()
        ui = view.move_ui(obs, actions, "en")
        page = markup.unescape(view.render(obs, actions, "en"))
        world = state.world
        caps = {game.components.monster_kinds[m.kind].cap: game.components.monster_kinds[m.kind].name["en"]
                for m in game.components.monsters if m.id in obs["monsters"].values()}
        for a in actions:
            location = world.geometry.by_id(a.payload["spot"]).index
            slot = world.slots[location]
            if slot.kind in caps and slot.amount > 1:
                assert f"Not {slot.amount}: the {caps[slot.kind]} is in play." in ui[a.id].preview
                if slot.kind != "faerie":  # the rules agree: the settlement gains 1
                    after = state.clone()
                    after.apply(a.id)
                    assert after.observation(seat)["players"][seat]["treasury"][slot.kind] == 1
                help_text = re.search(rf'data-thing="{a.payload["spot"]}" data-help="([^"]*)"', page)
                assert help_text and f"only 1, not {slot.amount}, while the {caps[slot.kind]}" in help_text[1]
                checked += 1
    assert checked


def test_a_fight_preview_reveals_as_many_cards_as_the_rules_do() -> None:
    """R14: one card per dwarf in the wildland (the new one too), per settlement around it, 2 for the fortress."""
    checked = 0
    for state, view, actions in _games((2, 3, 4), 300):
        seat = state.current_player
        ui = view.move_ui(state.observation(seat), actions, "en")
        for a in actions:
            if a.payload.get("move") != "explore":
                continue
            location = state.world.geometry.by_id(a.payload["spot"]).index
            if state.world.slots[location] is not None:
                continue
            deck = sum(state.heroes[seat])
            n = min(fights.reveal_count(state, seat, location) + 1, deck)
            assert f"you reveal {n} of the {deck} cards" in ui[a.id].preview
            checked += 1
    assert checked


def test_every_element_with_help_is_focusable_labelled_and_names_a_rules_section() -> None:
    sections = _sections()
    for state, view, actions in _games((4,), 80):
        seat = state.current_player
        page = view.render(state.observation(seat), actions, "de")
        tags = re.findall(r"<[^>]*data-help=[^>]*>", page)
        places = len(state.world.geometry.locations)
        assert len(re.findall(r'<g class="(?:spot|wild)[^>]*data-help=', page)) == places
        for tag in tags:
            assert 'tabindex="0"' in tag and "aria-label=" in tag and "data-thing=" in tag, tag
            rules = re.search(r'data-rules="([^"]*)"', tag)
            assert rules and rules[1] in sections, tag
        spots = re.findall(r'<span class="bspot[ "][^>]*>', page)
        assert spots and all("data-help=" in tag for tag in spots)


@pytest.mark.parametrize("players", [2, 4])
def test_previews_and_help_are_the_same_in_two_samples_of_what_the_viewer_cannot_see(players: int) -> None:
    game = load_game("spring", {"players": players})
    view = game.web_view()
    state = game.new_state(9)
    rng = random.Random(players)
    compared = 0
    for step in range(120):
        if state.is_terminal:
            break
        seat = state.current_player
        if step % 10 == 0:
            for viewer in {seat, (seat + 1) % players}:
                a, b = state.determinize(viewer, Rng(1)), state.determinize(viewer, Rng(2))
                obs_a, obs_b = a.observation(viewer), b.observation(viewer)
                assert obs_a == obs_b
                moves_a = a.legal_actions() if viewer == seat else []
                moves_b = b.legal_actions() if viewer == seat else []
                for lang in ("en", "de"):
                    assert view.render(obs_a, moves_a, lang) == view.render(obs_b, moves_b, lang)
                    assert view.move_ui(obs_a, moves_a, lang) == view.move_ui(obs_b, moves_b, lang)
                compared += 1
        state.apply(rng.choice(state.legal_actions()).id)
    assert compared >= 10
