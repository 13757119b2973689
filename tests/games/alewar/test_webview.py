"""Ale War on the page: moves by the things they act on, small groups, a confirm only where a turn ends with an
attack left, previews that agree with the rules, and help on every element that reads only what the viewer sees.

Random games of every option set are checked at every decision, from both seats and in both languages."""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dwarfhall.core import Rng, load_game
from dwarfhall.core.rulebook import load_rulebook
from dwarfhall.core.webview import MoveUi
from dwarfhall.games.alewar import kit as A
from dwarfhall.games.alewar.board import parse_square
from dwarfhall.games.alewar.seen import Seen
from dwarfhall.games.alewar.state import AleWarState
from dwarfhall.games.alewar.webview import AleWarWebView

from .helpers import UNIT

RULES = {s.key for s in load_rulebook(
    Path(__file__).parents[3] / "src/dwarfhall/games/alewar/rules.toml").sections}
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"terrain_pick": "choose", "hit_rule": "at_least"},
    {"turn_limit": 6, "dwarf_seat": 1},
]
MAX_TOP_LEVEL = 12
ELEMENT = re.compile(r"<(td|span|h4|li)\b([^>]*)>")
ATTR = re.compile(r'([\w-]+)="([^"]*)"')


def decisions(options: dict[str, Any], seed: int) -> Iterator[AleWarState]:
    """Every decision of a random game (its moves biased towards attacks, so that games end)."""
    state = load_game("alewar", options).new_state(seed)
    assert isinstance(state, AleWarState)
    rng = Rng(seed)
    while not state.is_terminal:
        yield state
        ids = state.legal_action_ids()
        attacks = [i for i in ids if A.ATTACK <= i < A.REINFORCE]
        state.apply(rng.choice(attacks) if attacks and rng.below(4) else rng.choice(ids))
    yield state


def elements(page: str) -> list[dict[str, str]]:
    found = ELEMENT.findall(page)
    return [{k: html.unescape(v) for k, v in ATTR.findall(attrs)} | {"tag": tag} for tag, attrs in found]


def asks_first(state: AleWarState, p: dict[str, Any]) -> bool:
    """Issue 24: a confirm only where a click ends the turn with something left to do: declining an attack, or a
    unit staying put with nothing to attack while some unit could move."""
    if p["type"] == "no_attack":
        return True
    if p["type"] != "move" or p["from"] != p["to"]:
        return False
    after = state.clone()
    after.apply(A.move(UNIT[p["unit"]], parse_square(p["to"]) or 0))
    could_go = any(x.payload["type"] == "move" and x.payload["from"] != x.payload["to"] for x in state.legal_actions())
    return after.observation(None)["phase"] != "attack" and could_go


def assert_no_square_preselected(moves: list[tuple[str, ...]]) -> None:
    """The page preselects the rest of a move when every move with the thing just picked starts with it and none
    is that thing alone (the Duel's cheapest payment); Ale War has no cheapest square, so picking a unit never
    preselects one (picking a square first may preselect the unit to place there)."""
    for key in {k for things in moves for k in things if k.startswith("unit:")}:
        with_key = [t for t in moves if key in t]
        if all(t[0] == key for t in with_key) and (key,) not in with_key:
            assert all(len(t) == 1 for t in with_key), (key, with_key)


def top_level(ui: dict[int, MoveUi], ids: list[int]) -> int:
    """Buttons the move list shows at once: one per group, one per move outside a group."""
    return len({ui[i].group for i in ids if ui[i].group}) + sum(1 for i in ids if not ui[i].group)


GAMES = [(options, seed) for options in OPTION_SETS for seed in (1, 2, 3, 4)]


@pytest.mark.parametrize(("options", "seed"), GAMES)
def test_every_move_is_reached_by_its_things_in_small_groups(options: dict[str, Any], seed: int) -> None:
    view = AleWarWebView()
    kinds: Counter[str] = Counter()
    for state in decisions(options, seed):
        if state.is_terminal:
            break
        seat = state.current_player
        actions = state.legal_actions()
        ids = [a.id for a in actions]
        for lang in ("en", "de"):
            obs = state.observation(seat)
            ui = dict(view.move_ui(obs, actions, lang))
            assert set(ui) == set(ids)
            assert top_level(ui, ids) <= MAX_TOP_LEVEL, [ui[i].group for i in ids]
            page = view.render(obs, actions, lang)
            things = {e["data-thing"] for e in elements(page) if "data-thing" in e}
            by_things: dict[tuple[str, ...], int] = {}
            for a in actions:
                move = ui[a.id]
                kinds[a.payload["type"]] += 1
                assert move.preview and "web_" not in move.preview and "view_" not in move.preview, move
                assert bool(move.confirm) == asks_first(state, a.payload), (a.payload, move.confirm)
                # every move is on the board, or a top-level button (declining a reinforcement, a forced pass)
                assert set(move.things) <= things, (move.things, a.label(lang))
                if not move.things:
                    assert not move.group and a.payload["type"] in ("no_reinforcement", "pass"), a.payload
                    continue
                key = tuple(sorted(move.things))  # the page matches picks in any order
                assert key not in by_things, "two moves share their things"
                by_things[key] = a.id
            assert_no_square_preselected([ui[i].things for i in ids if ui[i].things])
    assert kinds["move"] and kinds["place"]


def test_units_are_moved_unit_then_square_and_attacks_are_attacker_then_target() -> None:
    """Moving: the unit, then the square (staying: the unit alone); an attack: the attacker, then the target
    (declining it: the attacker alone); placing and bringing back: the square and the unit."""
    view = AleWarWebView()
    seen_kinds: set[str] = set()
    for options, seed in GAMES:
        for state in decisions(options, seed):
            if state.is_terminal:
                break
            ui = view.move_ui(state.observation(state.current_player), state.legal_actions(), "en")
            for a in state.legal_actions():
                p = a.payload
                if p["type"] == "move" and p["from"] == p["to"]:
                    assert ui[a.id].things == (f"unit:{p['unit']}",)
                elif p["type"] == "move":
                    assert ui[a.id].things == (f"unit:{p['unit']}", f"square:{p['to']}")
                elif p["type"] in ("place", "reinforce"):
                    assert ui[a.id].things == (f"square:{p['square']}", f"unit:{p['unit']}")
                elif p["type"] == "no_attack":
                    assert ui[a.id].things == (f"unit:{state.observation(None)['moved_unit']}",)
                elif p["type"] == "attack":
                    seen = Seen(state.observation(None))
                    target = seen.occ[parse_square(p["square"]) or 0]
                    expected = f"barrel:{target - 5}" if p["target"] == "barrel" else f"unit:{p['target']}"
                    assert ui[a.id].things == (f"unit:{p['attacker']}", expected)
                seen_kinds.add(p["type"])
    assert {"move", "attack", "place", "barrel", "no_attack"} <= seen_kinds


@pytest.mark.parametrize(("options", "seed"), GAMES[:6])
def test_previews_agree_with_the_rules(options: dict[str, Any], seed: int) -> None:
    """A move's preview names exactly the attacks the rules then offer, with their odds; an attack's preview
    names the payload's roll and chance."""
    view = AleWarWebView()
    checked = 0
    for state in decisions(options, seed):
        if state.is_terminal:
            break
        obs = state.observation(state.current_player)
        seen = Seen(obs)
        actions = state.legal_actions()
        ui = view.move_ui(obs, actions, "en")
        for a in actions:
            p = a.payload
            if p["type"] == "move":
                after = state.clone()
                after.apply(a.id)
                dest = parse_square(p["to"])
                assert dest is not None
                mine = seen.attacks_from(seen.index[p["unit"]], dest, seen.moved_to(seen.index[p["unit"]], dest))
                offered = [x.payload for x in after.legal_actions() if x.payload["type"] == "attack"] \
                    if after.observation(None)["phase"] == "attack" else []
                assert [(x.square, x.modifier, x.armor, x.faces) for x in mine] == [
                    (parse_square(o["square"]), o["modifier"], o["armor"], o["faces"]) for o in offered
                ]
                assert ("may attack" in ui[a.id].preview) == bool(offered)
                checked += 1
            elif p["type"] == "attack":
                preview = ui[a.id].preview
                if 0 < p["faces"] < 6:
                    assert f"{p['needed']}" in preview and f"{p['faces']}/6" in preview, preview
                else:
                    assert ("6/6" in preview) == (p["faces"] == 6), preview
    assert checked


def test_help_is_on_every_element_with_a_rules_section() -> None:
    view = AleWarWebView()
    counted: Counter[str] = Counter()
    for options, seed in GAMES:
        for state in decisions(options, seed):
            seat = state.current_player if not state.is_terminal else 0
            actions = state.legal_actions() if not state.is_terminal else []
            for lang in ("en", "de"):
                page = view.render(state.observation(seat), actions, lang)
                for e in elements(page):
                    cls = e.get("class", "")
                    drawn = (e["tag"] == "td" and "sq" in cls) or "piece" in cls.split() or "counter" in cls.split() \
                        or e["tag"] == "h4" or "data-thing" in e
                    if not drawn:
                        continue
                    counted[cls.split()[0] if cls else e["tag"]] += 1
                    assert e.get("data-help") and e["data-rules"] in RULES, e
                    assert e.get("tabindex") == "0" and e.get("aria-label") == e["data-help"], e
                    assert "web_" not in e["data-help"] and "view_" not in e["data-help"], e
    assert {"sq", "piece", "counter", "h4"} <= set(counted)


def test_a_units_help_says_its_current_attack_with_its_bonuses() -> None:
    """Rule "Attacking": +1 per other friend next to the target, +1 from a hill, -1 on a tree."""
    from .helpers import position

    state = position(
        terrain={"c4": "hill", "c5": "tree"},
        units={"axeman": "c4", "shieldbearer": "d5", "spearman": "c5", "warrior": "a1", "brute": "f1"},
        barrels=["a3", "f3"],
    )
    page = AleWarWebView().render(state.observation(0), state.legal_actions(), "en")
    help_of = {e["data-thing"]: e["data-help"] for e in elements(page) if "data-thing" in e}
    axeman = help_of["unit:axeman"]
    assert "Goblin Spearman on c5 (+1 for Dwarf Shieldbearer next to the target, +1 from the hill, -1 for the tree" \
        in axeman, axeman
    # armor 4, modifier +1: the rulebook's exact hit needs a 3
    assert "hit on 3 (1/6)" in axeman
    assert "Attacks on it from where the enemies stand: Goblin Spearman from c5" in axeman


def test_help_and_previews_read_only_what_every_viewer_sees() -> None:
    """Ale War hides only the dice to come: the observation is the same for every viewer but its `viewer`
    field, and help and previews are the same from either seat, the public view and a determinized state."""
    view = AleWarWebView()
    for state in decisions({"terrain_pick": "choose"}, 11):
        if state.is_terminal:
            break
        seat = state.current_player
        mine = state.observation(seat)
        other = state.observation(1 - seat)
        assert {k: v for k, v in mine.items() if k != "viewer"} == {k: v for k, v in other.items() if k != "viewer"}
        actions = state.legal_actions()
        pages = {view.render(o, actions, "en") for o in (mine, other, state.observation(None))}
        assert len(pages) == 1
        sample = state.determinize(seat, Rng(5))
        assert view.render(sample.observation(seat), actions, "en") == view.render(mine, actions, "en")
        assert view.move_ui(sample.observation(seat), actions, "de") == view.move_ui(mine, actions, "de")
