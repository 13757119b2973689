"""Ale War on the core's kit: public zones and the default determinize, the board tensor, labels as messages
with inflected names, and a state that leaves the core's own fields to the core."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

from dwarfhall.core import DataError, Message, Rng, Visibility, load_game
from dwarfhall.games.alewar import kit as A
from dwarfhall.games.alewar import labels
from dwarfhall.games.alewar.board import SQUARE_NAMES, SQUARES
from dwarfhall.games.alewar.components import DEFAULT_COMPONENTS
from dwarfhall.games.alewar.state import AleWarState
from dwarfhall.games.alewar.tensor import UNIT_WIDTH

from .helpers import UNIT, position, sq
from .test_information import midgame

GAME_DIR = Path(A.__file__).resolve().parent
RULES_MODULES = ("combat", "end", "flow", "movement", "reinforcement", "setup", "state", "turns", "labels")


# -- zones and determinize ------------------------------------------------------------------------
def test_every_zone_is_public_so_determinize_only_reseeds_the_dice() -> None:
    """rulebook: nothing is hidden (only the dice to come are unknown)."""
    game = load_game("alewar")
    assert game.zones is not None
    assert all(z.visibility is Visibility.PUBLIC for z in game.zones.zones)
    assert game.zones.hides_nothing_from(0) and game.zones.hides_nothing_from(1)
    state = midgame()
    state.start = {"marker": True}
    sample = state.determinize(1, Rng(5))
    assert sample.to_json()["state"] == state.to_json()["state"]
    assert sample.seed is None and sample.start is None and sample.history == state.history
    assert sample.rng.state == Rng(Rng(5).next_u64()).state


def test_the_zones_views_agree_with_the_observation() -> None:
    for steps in (30, 60, 200):
        state = midgame(steps=steps)
        zones = state.game.zones
        assert zones is not None
        seen = zones.observe(state, None)
        obs = state.observation(None)
        for side, zone in (("dwarves", "dwarf_squares"), ("goblins", "goblin_squares")):
            on_board = sorted(u["square"] for u in obs["units"] if u["side"] == side and u["square"])
            assert sorted(seen[zone]["cards"]) == on_board
        assert sorted(seen["barrel_squares"]["cards"]) == sorted(b["square"] for b in obs["barrels"] if b["square"])
        for kind in ("tree", "hill", "lake"):
            assert sorted(seen[f"{kind}_squares"]["cards"]) == sorted(s for s, k in obs["terrain"].items() if k == kind)
        assert seen["turn"] == obs["turn"]


# -- the observation tensor ------------------------------------------------------------------------
def test_tensor_shape_follows_the_layout_and_values_stay_within_the_bounds() -> None:
    game = load_game("alewar", {"turn_limit": 50})
    layout = game.observation_layout()
    assert game.observation_tensor_shape() == (sum(w for _, w in game.observation_tensor_layout()),) == layout.shape
    for steps in (0, 20, 80, 300):
        state = game.new_state(steps)
        rng = Rng(steps)
        for _ in range(steps):
            if not state.is_terminal:
                state.apply(rng.choice(state.legal_action_ids()))
        for viewer in (None, 0, 1):
            t = state.observation_tensor(viewer)
            assert t.dtype == np.float32 and t.shape == game.observation_tensor_shape()
            assert (layout.low <= t).all() and (t <= layout.high).all()
    planes = layout.offset("dwarf_squares")
    assert layout.high[planes + SQUARES] == SQUARES  # a zone's size counts squares; the turn is bounded by its limit
    assert layout.high[layout.offset("turn")] == 1.0


def test_tensor_is_the_same_for_every_viewer_but_the_seat() -> None:
    state = midgame(steps=60)
    t0, t1, public = (state.observation_tensor(v) for v in (0, 1, None))
    assert list(t0[:2]) == [1.0, 0.0] and list(t1[:2]) == [0.0, 1.0] and list(public[:2]) == [0.0, 0.0]
    assert np.array_equal(t0[2:], t1[2:]) and np.array_equal(t0[2:], public[2:])
    assert np.array_equal(state.determinize(0, Rng(3)).observation_tensor(0), t0)


def test_tensor_encodes_a_known_position() -> None:
    state = position(
        units={"axeman": "c4", "scout": "d5", "brute": "c3"}, barrels=["a1", "f1"], terrain={"b2": "hill", "e5": "lake"}
    )
    layout = state.game.observation_layout()
    t = state.observation_tensor(0)
    dwarves = layout.offset("dwarf_squares")
    assert set(np.flatnonzero(t[dwarves : dwarves + SQUARES])) == {sq("c4"), sq("d5")}
    assert t[dwarves + SQUARES] == 2  # the zone's size: two Dwarves on the board
    barrels = layout.offset("barrel_squares")
    assert {SQUARE_NAMES[i] for i in np.flatnonzero(t[barrels : barrels + SQUARES])} == {"a1", "f1"}
    lakes = layout.offset("lake_squares")
    assert t[lakes + sq("e5")] == 1 and t[lakes : lakes + SQUARES].sum() == 1
    phase = layout.offset("phase")
    assert t[phase + 5] == 1 and t[phase : phase + 8].sum() == 1  # "move"
    side = layout.offset("side_to_act")
    assert list(t[side : side + 2]) == [1.0, 0.0]
    keys = [u.key for u in state.game.components.units]
    axeman = layout.offset("units") + keys.index("axeman") * UNIT_WIDTH
    assert t[axeman + sq("c4")] == 1 and t[axeman + SQUARES + 3] == pytest.approx(0.3)  # movement 3 / 10
    shieldbearer = layout.offset("units") + keys.index("shieldbearer") * UNIT_WIDTH
    assert t[shieldbearer : shieldbearer + SQUARES].sum() == 0 and t[shieldbearer + SQUARES + 1] == 1  # out


# -- labels as messages ------------------------------------------------------------------------------
def test_labels_render_in_both_languages_from_the_messages_file() -> None:
    used: set[str] = set()
    for options in ({}, {"terrain_pick": "choose", "hit_rule": "at_least"}):
        game = load_game("alewar", options)
        for seed in range(3):
            state = game.new_state(seed)
            rng = Rng(seed)
            while not state.is_terminal and len(state.history) < 300:
                for action in state.legal_actions():
                    assert action.catalog is labels.MESSAGES
                    assert isinstance(action.text, Message)
                    key = action.text.key
                    used.add(key)
                    for lang in ("en", "de"):
                        assert action.label(lang) and action.label(lang) != key
                state.apply(rng.choice(state.legal_action_ids()))
    outside = position(units={"axeman": "c4", "brute": "c3"}, barrels=["a1", "f1"])
    plain = labels.describe(outside, A.ATTACK + sq("c3"))
    assert plain.labels == {"en": "attack c3", "de": "c3 angreifen"}
    used.add("attack_square")
    odds = {"odds_none", "odds_exact", "odds_any", "odds_at_least", "pass"}
    # view_*, web_*, option_* and lobby_*: the screens', the page's, the options' and the lobby's texts, not
    # labels; score_* and decided_*: the score sheet's; *_log: the log's forms of the labels
    skipped = ("view_", "web_", "option_", "lobby_", "score_", "decided_")
    messages = labels.MESSAGES.messages
    action_keys = {key for key in messages if not key.startswith(skipped) and not key.endswith("_log")}
    log_forms = {key for key in messages if key.endswith("_log") and not key.startswith(skipped)}
    assert {key[: -len("_log")] for key in log_forms} <= action_keys  # a log form belongs to a label
    assert action_keys - used <= odds  # rare keys: exercised by test_attack and test_end


def test_german_labels_use_the_accusative_form_of_a_name(tmp_path: Path) -> None:
    """A components file may give a name's German accusative; labels that name a unit as the object use it."""
    text = DEFAULT_COMPONENTS.read_text(encoding="utf-8").replace(
        'name = { en = "Dwarf Axeman", de = "Zwergen-Axtkämpfer" }',
        'name = { en = "Dwarf Axeman", de = "Zwergischer Axtkämpfer", de_acc = "Zwergischen Axtkämpfer" }',
    )
    path = tmp_path / "components.toml"
    path.write_text(text, encoding="utf-8")
    state = load_game("alewar", {"components": str(path), "dwarf_seat": 0}).new_state(1)
    place = state.describe_action(A.place_unit(UNIT["axeman"], sq("c4")))
    assert place.label("de") == "Zwergischen Axtkämpfer (Bewegung 3, Rüstung 4) auf c4 stellen"
    assert place.label("en") == "place Dwarf Axeman (move 3, armor 4) on c4"
    state.apply(place.id)
    assert state.observation(None)["units"][0]["name"] == {"en": "Dwarf Axeman", "de": "Zwergischer Axtkämpfer"}


def test_a_name_form_that_is_not_a_case_is_refused(tmp_path: Path) -> None:
    text = DEFAULT_COMPONENTS.read_text(encoding="utf-8").replace(
        'de = "Goblin-Rohling" }', 'de = "Goblin-Rohling", de_abl = "Goblin-Rohlinge" }'
    )
    path = tmp_path / "components.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=r"goblins 'brute': name: unknown key 'de_abl'"):
        load_game("alewar", {"components": str(path)})


def test_no_sentence_in_the_rules_modules() -> None:
    """Texts for people live in messages.toml and components.toml: no {en, de} table in a rules module."""
    for module in RULES_MODULES:
        tree = ast.parse((GAME_DIR / f"{module}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
                assert not keys & {"en", "de"}, f"{module}.py line {node.lineno}"


# -- the core's fields --------------------------------------------------------------------------------
def test_the_game_copies_only_its_own_fields() -> None:
    """_clone_body leaves seed, history, start and the legal-action cache to the core."""
    state = midgame()
    state.start = state.to_json()
    state.legal_action_ids()
    body = state._clone_body()
    for field in ("seed", "history", "start", "_legal"):
        assert getattr(state, field) is not None
        # never set: a missing slot in pure Python, None in the compiled build's C fields (core.statebase)
        assert getattr(body, field, None) is None, field
    assert isinstance(body, AleWarState) and body.pos == state.pos and body.pos is not state.pos
    copy = state.clone()
    assert (copy.seed, copy.history, copy.start) == (state.seed, state.history, state.start)

