"""The Duel on the core's kit: zones, the action space, messages and the core's own fields."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import pytest

from dwarfhall.core import Rng
from dwarfhall.core.record import GameRecord
from dwarfhall.games.duel import labels
from dwarfhall.games.duel.game import DuelGame
from dwarfhall.games.duel.layout import NPAY, PLAY_BASE
from dwarfhall.games.duel.state import DuelState
from dwarfhall.play.savefile import load_save

from .support import GAME, find, position

SAVED = Path(__file__).with_name("saved")
# every slot of DuelState that determinize may change: the zones hidden from someone, and the Rng
HIDDEN_ZONES = {"pile", "hand"}


def _played(seed: int, steps: int, game: DuelGame = GAME) -> DuelState:
    state = game.new_state(seed)
    rng = Rng(seed + 1)
    for _ in range(steps):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_action_ids()))
    assert isinstance(state, DuelState)
    return state


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_determinize_changes_only_the_zones_the_viewer_cannot_see(seed: int) -> None:
    """Information: a sample re-deals the unseen cards (own pile order, the opponent's pile and unknown hand)
    and leaves every other part of the state as it was."""
    state = _played(seed, 20 + 17 * seed)
    for viewer in (0, 1):
        other = 1 - viewer
        sample = state.determinize(viewer, Rng(seed * 10 + viewer))
        assert isinstance(sample, DuelState)
        for slot in DuelState.__slots__:
            if slot in HIDDEN_ZONES:
                continue
            assert getattr(sample, slot) == getattr(state, slot), f"determinize changed {slot}"
        assert sample.game is state.game and sample.history == state.history
        assert sample.seed is None and sample.start is None  # nothing that rebuilds the real deal
        assert sample.hand[viewer] == state.hand[viewer]
        assert sorted(sample.pile[viewer]) == sorted(state.pile[viewer])
        # the opponent's pool keeps its cards and sizes, and its known cards stay in the hand
        pool = sorted(sample.pile[other] + [k for k, n in enumerate(sample.hand[other]) for _ in range(n)])
        assert pool == sorted(state.pile[other] + [k for k, n in enumerate(state.hand[other]) for _ in range(n)])
        assert len(sample.pile[other]) == len(state.pile[other])
        assert sum(sample.hand[other]) == sum(state.hand[other])
        assert all(h >= k for h, k in zip(sample.hand[other], state.known[other], strict=True))


def test_determinize_does_re_deal_the_hidden_zones() -> None:
    """Information: over a few samples the opponent's hand and the own pile order do change."""
    state = _played(11, 40)
    samples = [state.determinize(0, Rng(i)) for i in range(20)]
    assert any(s.hand[1] != state.hand[1] for s in samples if isinstance(s, DuelState))
    assert any(s.pile[0] != state.pile[0] for s in samples if isinstance(s, DuelState))


def _unset(obj: object, name: str) -> bool:
    """A field never set: a missing slot in pure Python, None in the compiled build's C fields."""
    try:
        return getattr(obj, name) is None
    except AttributeError:
        return True


def test_clone_body_leaves_the_core_fields_to_the_core() -> None:
    """The game copies only its own part; seed, history, start and the legal cache are the core's."""
    state = _played(3, 30)
    state.start = state.to_json()
    state.legal_action_ids()
    body = state._clone_body()
    for core_field in ("seed", "history", "start", "_legal"):
        assert getattr(state, core_field) is not None
        assert _unset(body, core_field), core_field
    copy = state.clone()
    assert copy.history == state.history and copy.seed == state.seed and copy.to_json() == state.to_json()


def _old_decode(total_kinds: int, depth: int, a: int) -> tuple[str, tuple[int, ...]]:
    """The id formulas of the layout before the action space, written out by hand."""
    fixed = ["pass", "end_turn", "roll", "keep_dice", "draw_one", "draw_all"]
    if a < 6:
        return fixed[a], ()
    if a < 12:
        return "reroll", (a - 6,)
    if a < 17:
        return "short_rest", (a - 12,)
    npay = 6 * 5 * 4
    banish_base = 17 + total_kinds * npay
    recover_base = banish_base + total_kinds * depth
    damage_base = recover_base + total_kinds
    if a < banish_base:
        return "play", divmod(a - 17, npay)
    if a < recover_base:
        return "banish", divmod(a - banish_base, depth)
    if a < damage_base:
        return "recover", (a - recover_base,)
    return "damage", divmod(a - damage_base, 1 + total_kinds * depth)


def test_every_id_keeps_its_meaning_in_the_action_space() -> None:
    """Ids are stable: each id of the old hand-made layout decodes to the same block and indices."""
    t = GAME.tables
    layout = t.layout
    throws = len(t.throw_kinds)
    old_total = 17 + t.n * NPAY + t.n * layout.depth + t.n + (7 + throws) * (1 + t.n * layout.depth)
    assert GAME.num_distinct_actions() == layout.space.size == old_total
    for a in range(old_total):
        assert layout.space.decode(a) == _old_decode(t.n, layout.depth, a), f"id {a}"
    assert layout.play(2, 5) == PLAY_BASE + 2 * NPAY + 5 == layout.space["play"].encode(2, 5)
    assert layout.damage(7, 3) == layout.space["damage"].encode(7, 3)


def test_german_play_label_inflects_the_card_name() -> None:
    """Messages: the play label asks for the accusative ("Spiele Zwergischen Axtkämpfer"), English is unchanged."""
    s = position({"phase": "card", "dice": [3, 1, 1], "players": [{"hand": ["ally_threes"]}, {}]})
    play = find(s, move="play", card="ally_threes")
    assert play.label("de") == "Spiele Zwergischen Axtkämpfer, zahle 3"
    assert play.label("en") == "Play Dwarf Axe Fighter, paying 3"


def test_german_damage_label_inflects_the_target_but_not_the_dealer() -> None:
    """Messages: the dealing Ally stays in the nominative, the card hit takes the accusative."""
    s = position(
        {
            "phase": "card",
            "dice": [3, 1, 1],
            "players": [{"side": "good", "display": ["ally_threes"]}, {"side": "evil", "display": ["ally_fours"]}],
        }
    )
    hit = find(s, move="damage", source="die", target={"card": "ally_fours"})
    assert hit.label("de") == "Zwergischer Axtkämpfer: 1 Schaden mit einer 3 auf Dunklen Bogenschützen"
    assert hit.label("en") == "Dwarf Axe Fighter: 1 damage with a 3 to Dark Archer"


def _literals(path: Path) -> list[str]:
    """Every string constant of a module except docstrings (f-string parts included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


def test_rules_modules_hold_no_label_text() -> None:
    """Messages: no piece of an action label's English or German text is written in a rules module."""
    catalog = labels.catalog()
    pieces = {
        piece.strip()
        for key, texts in catalog.messages.items()
        if key.startswith("act_")
        for text in texts.values()
        for piece in re.split(r"\{[^{}]*\}", text)
        if " " in piece.strip()  # words, not the keys and codes the rules use
    }
    assert ", zahle" in pieces and "End the turn" in pieces
    src = Path(labels.__file__).parent
    modules = ["labels.py", "flow.py", "legal.py", "windows.py", "damage.py", "dice.py", "payments.py", "state.py"]
    for name in modules:
        for literal in _literals(src / name):
            for piece in pieces:
                assert piece not in literal, f"{name} holds label text {piece!r} in {literal!r}"


def _expected() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SAVED / "duel_expected_v1.json").read_text(encoding="utf-8"))
    return data


def test_a_save_file_written_before_the_kit_still_loads() -> None:
    """Saves: a save file written by the code before the kit restores the same position and actions."""
    save = load_save(SAVED / "duel_save_v1.json")
    state = save.restore()
    want = _expected()["save"]
    assert state.to_json() == want["state"]
    assert state.observation(0) == want["observation"]
    assert [a.to_json() for a in state.legal_actions()] == want["legal"]


def test_a_record_from_a_saved_position_still_replays() -> None:
    """Saves: a record that starts from a state saved before the kit (its to_json layout) replays to the end."""
    record = GameRecord.load(SAVED / "duel_record_from_start_v1.json")
    assert record.start is not None
    state = record.final_state()
    want = _expected()["record"]
    # the replay remembers where it began; the rest of the saved state is as the old code left it
    assert state.to_json() == {**want["state"], "start": record.start}
    assert state.observation(1) == want["observation"]



@pytest.mark.parametrize("seed", [6, 7, 8])
def test_observation_tensor_hides_what_the_zones_hide(seed: int) -> None:
    """Information: the zones' tensor has the declared shape and is the same in every world the viewer cannot
    tell apart; a hand enters only its owner's tensor."""
    state = _played(seed, 25 + 9 * seed)
    assert GAME.observation_tensor_shape() == (sum(w for _, w in GAME.observation_tensor_layout()),)
    for viewer in (0, 1):
        seen = state.observation_tensor(viewer)
        assert seen.shape == GAME.observation_tensor_shape()
        for i in range(5):
            sample = state.determinize(viewer, Rng(100 * seed + i))
            assert (sample.observation_tensor(viewer) == seen).all()
    own = state.observation_tensor(0)
    public = state.observation_tensor(None)
    assert own[2:].sum() > public[2:].sum()  # seat 0's hand counts only for seat 0



def test_a_sample_for_the_player_to_act_keeps_their_legal_moves() -> None:
    """The player to act decides from their own hand and public parts: every sample offers the same moves, so
    determinize keeps the cache for them (and only for them)."""
    game = DuelGame()
    kept = 0
    for seed in range(40):
        state = game.new_state(seed)
        rng = Rng(seed)
        for _ in range(seed * 7 % 90):
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_action_ids()))
        if state.is_terminal:
            continue
        legal = state.legal_action_ids()
        mover = state.current_player
        sample = state.determinize(mover, Rng(seed + 5))
        assert sample._legal is legal
        assert tuple(sample._legal_action_ids()) == legal
        other = state.determinize(1 - mover, Rng(seed + 5))
        assert other._legal is None
        kept += 1
    assert kept > 30
