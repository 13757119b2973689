"""What each player sees: the documented keys, the own hand only, never deck order or the Rng."""

from __future__ import annotations

import json

from dwarfhall.core import Rng

from .support import GAME, do, position

KEYS = {
    "game",
    "viewer",
    "turn",
    "active",
    "to_act",
    "phase",
    "players",
    "dice",
    "dice_to_roll",
    "rerolls_left",
    "used_a_die",
    "wild_cards_middle",
    "wild_cards_usable",
    "effect",
    "windows",
    "result",
}
PLAYER_KEYS = {
    "side",
    "hand",
    "hand_size",
    "known_in_hand",
    "pile_size",
    "display",
    "discard",
    "wild_cards",
    "bonus_dice",
    "vp",
}


def test_observation_has_the_documented_keys_and_is_json_ready() -> None:
    """Observation keys are stable (docs/rules/duel.md lists them); front ends and the heuristic read them."""
    s = GAME.new_state(8)
    for viewer in (None, 0, 1):
        obs = s.observation(viewer)
        assert set(obs) == KEYS
        assert all(set(p) == PLAYER_KEYS for p in obs["players"])
        assert json.loads(json.dumps(obs)) == obs


def test_a_player_sees_their_own_hand_and_only_the_size_of_the_other() -> None:
    """Hidden information: the own hand's cards, the opponent's hand size; observation(None) shows no hand."""
    s = position({"phase": "card", "dice": [1, 2, 3], "players": [{"hand": ["ally_ones"]}, {"hand": ["ally_king"]}]})
    mine, theirs = s.observation(0)["players"]
    assert mine["hand"] == ["ally_ones"] and theirs["hand"] is None and theirs["hand_size"] == 1
    assert all(p["hand"] is None for p in s.observation(None)["players"])


def test_observation_never_holds_deck_order_or_rng_state() -> None:
    """Hidden information: draw piles appear only as sizes; the Rng state appears nowhere."""
    s = GAME.new_state(12)
    text = json.dumps(s.observation(0))
    assert str(s.rng.state) not in text
    assert "pile_size" in text and '"pile"' not in text
    other = s.clone()
    Rng(5).shuffle(other.pile[0])
    Rng(6).shuffle(other.pile[1])
    assert other.observation(0) == s.observation(0)


def test_observation_shows_damage_this_turn_dice_windows_and_victory_points() -> None:
    """Observation: per-card damage this turn, dice with used flags, open windows with the pending point, VP."""
    s = position(
        {
            "phase": "card",
            "dice": [1, 1, "axe"],
            "players": [{"display": ["ally_ones"]}, {"display": ["victory_three"]}],
        }
    )
    do(s, move="damage", source="die", target={"card": "victory_three"})
    obs = s.observation(1)
    assert obs["dice"] == [{"face": 1, "used": True}, {"face": 1, "used": False}, {"face": "axe", "used": False}]
    assert obs["windows"] == [
        {
            "player": 1,
            "kind": "cancel",
            "damage": {"dealer": 0, "source": "ally_ones", "target": {"player": 1, "card": "victory_three", "slot": 0}},
        }
    ]
    assert obs["to_act"] == 1 and obs["players"][1]["vp"] == 3
    do(s, move="pass")
    assert s.observation(None)["players"][1]["display"] == [
        {"card": "victory_three", "damage": 1, "health": 3, "vp": 3}
    ]
