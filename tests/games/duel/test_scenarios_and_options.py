"""Scenario files, their validation, and the game's options (including a user's corrected cards file)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from dwarfhall.core import DataError, GameRecord, InvalidOptions, Rng, ScenarioError, load_game
from dwarfhall.games.duel.components import DEFAULT_CARDS

from .support import GAME, display, do, pass_window, position

SCENARIOS = sorted((Path(DEFAULT_CARDS).parent / "scenarios").glob("*.toml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_shipped_scenarios_load_and_play_to_the_end(path: Path) -> None:
    """Scenarios: each shipped position loads, accounts for all 70 cards and can be played on."""
    s = GAME.load_scenario(path)
    assert s.start is not None
    rng = Rng(3)
    while not s.is_terminal:
        s.apply(rng.choice(s.legal_action_ids()))
    replayed = GameRecord.of(s).final_state().to_json()
    assert replayed == s.to_json()


def test_bavragor_scenario_plays_the_rulebook_example() -> None:
    """Scenario bavragor_three_ones: Bavragor played, then 2 points of damage."""
    s = GAME.load_scenario(next(p for p in SCENARIOS if p.stem == "bavragor_three_ones"))
    do(s, move="play", card="ally_ones")
    pass_window(s)
    do(s, move="damage", target={"card": "victory_two"})
    pass_window(s)
    do(s, move="damage", target={"card": "victory_two", "damage": 1})
    pass_window(s)
    assert display(s, 1) == ["support_draw"]


def test_scenario_piles_are_filled_with_the_rest_of_the_deck() -> None:
    """Scenarios: a pile may be left out (the rest of the deck, shuffled) or given on top with pile_top."""
    s = position(
        {"players": [{"hand": ["ally_ones"], "pile_top": ["victory_two", "ally_king"]}, {}], "phase": "pre_roll"}
    )
    assert s.pile[0][-1] == GAME.tables.index["victory_two"]
    assert s.pile[0][-2] == GAME.tables.index["ally_king"]
    assert len(s.pile[0]) == 34 and len(s.pile[1]) == 35


BAD: list[tuple[dict[str, Any], str]] = [
    ({"players": [{}, {"hand": ["ally_ones", "victory_two", "foo"]}]}, "players[1].hand[2]: unknown card 'foo'"),
    (
        {"players": [{"hand": ["ally_ones"], "discard": ["ally_ones"]}, {}]},
        "players[0]: card 'ally_ones' appears 2 times",
    ),
    ({"players": [{"pile": ["ally_ones"]}, {}]}, "players[0]: 1 cards accounted for, a deck has 35"),
    ({"players": [{"wild_cards": 2}, {"wild_cards": 2}]}, "players[1].wild_cards: the players hold 4 Wild Cards"),
    ({"players": [{"wild_cards": 4}, {}]}, "players[0].wild_cards: 4 is outside 0..3"),
    ({"players": [{"display": ["event_banish"]}, {}]}, "players[0].display[0]: 'event_banish' is an Event"),
    (
        {"players": [{"display": [{"card": "victory_two", "damage": 2}]}, {}]},
        "players[0].display[0].damage: 2 damage would have defeated",
    ),
    ({"players": [{}, {}], "dice": [1, 2, 3]}, "dice: no dice are rolled before the dice phase"),
    ({"players": [{}, {}], "phase": "card", "dice": [1, 2, 7]}, "dice[2]: a die face is 1..5 or 'axe'"),
    ({"players": [{}, {}], "phase": "card", "dice": [1]}, "dice: a roll has 3 to 6 dice"),
    ({"players": [{}, {}], "phase": "lunch"}, "phase: 'lunch' is not one of"),
    ({"players": [{"hnad": []}, {}]}, "players[0]: unknown field(s) hnad"),
    ({"players": [{"side": "evil"}, {"side": "evil"}]}, "players[1].side: both players play 'evil'"),
    ({"players": [{"hand": ["ally_ones"], "known_in_hand": ["ally_king"]}, {}]}, "players[0].known_in_hand"),
    ({"players": [{}]}, "players: need a list of 2 players"),
    ({"players": [{}, {}], "active": 2}, "active: must be one of 0, 1"),
    ({"players": [{}, {}], "phase": "reroll", "dice": [1, 2, 3]}, "rerolls_left: the 'reroll' phase needs"),
    ({"players": [{"display": [{"card": "ally_ones", "hp": 1}]}, {}]}, "players[0].display[0]: unknown field(s) hp"),
]


@pytest.mark.parametrize(("data", "message"), BAD, ids=[m.split(":")[0] for _, m in BAD])
def test_scenario_errors_name_the_field(data: dict[str, Any], message: str) -> None:
    """Scenarios: every field is validated and the error names it, e.g. players[1].hand[2]: unknown card 'foo'."""
    players = data.setdefault("players", [{}, {}])
    for p, side in zip(players, ("good", "evil"), strict=False):
        p.setdefault("side", side)
    with pytest.raises(ScenarioError, match=re.escape(message)):
        GAME.scenario_from_dict(data)


def test_scenario_file_that_is_not_toml_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("players = [", encoding="utf-8")
    with pytest.raises(ScenarioError, match="not valid TOML"):
        GAME.load_scenario(path)


def test_saved_state_errors_name_the_field() -> None:
    """Saved states: state_from_json validates the full format the same way."""
    data = GAME.new_state(1).to_json()
    data["state"]["players"][0]["pile"] = data["state"]["players"][0]["pile"][1:]
    with pytest.raises(ScenarioError, match=r"players\[0\]: 34 cards accounted for"):
        GAME.state_from_json(data)
    data = GAME.new_state(1).to_json()
    data["state"]["windows"] = [{"player": 0, "kind": "cancel", "target": 3, "source": None}]
    with pytest.raises(ScenarioError, match=r"windows\[0\].target: 3 is outside"):
        GAME.state_from_json(json.loads(json.dumps(data)))


@pytest.mark.parametrize(
    ("window", "message"),
    [
        ({"player": 1, "kind": "response", "answers": "sneeze"}, "answers: must be one of unknown, roll, end, card"),
        ({"player": 1, "kind": "response", "answers": "card"}, "source: a window answering a card names it"),
        ({"player": 1, "kind": "response", "answers": "roll", "source": "ally_ones"}, "source: a window answering"),
        ({"player": 1, "kind": "cancel", "target": "pile", "answers": "roll"}, "answers: only a response window"),
    ],
)
def test_saved_window_answers_are_validated(window: dict[str, Any], message: str) -> None:
    """Saved states: what a response window answers is checked like every other field."""
    data = GAME.new_state(1).to_json()
    data["state"]["windows"] = [window]
    with pytest.raises(ScenarioError, match=r"windows\[0\]\." + re.escape(message)):
        GAME.state_from_json(data)


def _cards_copy(tmp_path: Path, old: str, new: str) -> str:
    text = Path(DEFAULT_CARDS).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "my_cards.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return str(path)


def test_cards_option_with_a_broken_file_names_the_card(tmp_path: Path) -> None:
    """--cards FILE: a user's corrected cards file is validated like the shipped one; errors name the card."""
    broken = _cards_copy(
        tmp_path, 'key = "ally_guard"\ntype = "ally"\ncopies = 1', 'key = "ally_guard"\ntype = "ally"\ncopies = 0'
    )
    with pytest.raises(DataError, match="ally_guard"):
        load_game("duel", {"cards": broken})


def test_cards_option_rejects_an_axe_worth_two_points(tmp_path: Path) -> None:
    """Rulebook note: one Chain Mail stops one Throwing Axe, so a damage Twist deals exactly 1 point."""
    text = 'ability = "throw_damage"\namount = 1'
    broken = _cards_copy(tmp_path, text, 'ability = "throw_damage"\namount = 2')
    with pytest.raises(DataError, match=r"twist_throw.*exactly 1 point"):
        load_game("duel", {"cards": broken})


def test_cards_option_with_a_corrected_file_is_played(tmp_path: Path) -> None:
    """--cards FILE: a valid corrected file changes the game (here the Dwarf King's health)."""
    note = "# health 1, so that one Throwing Axe point defeats it, as the rulebook's note on Throwing Axe requires"
    old = f"cost = {{ same = 4 }}\n{note}\nhealth = 1"
    path = _cards_copy(tmp_path, old, old.replace("health = 1", "health = 2"))
    game = load_game("duel", {"cards": path})
    assert game.tables.health[game.tables.index["ally_king"]] == 2  # type: ignore[attr-defined]
    assert not game.new_state(4).is_terminal


def test_options_are_validated() -> None:
    with pytest.raises(InvalidOptions, match="first_player"):
        load_game("duel", {"first_player": 2})
    with pytest.raises(InvalidOptions, match="seat0_side"):
        load_game("duel", {"seat0_side": "neutral"})
    with pytest.raises(InvalidOptions, match="response_windows"):
        load_game("duel", {"response_windows": "sometimes"})
    game = load_game("duel", {"first_player": "1", "seat0_side": "evil"})
    assert game.options.to_dict() == {
        "first_player": "1",
        "seat0_side": "evil",
        "cards": None,
        "response_windows": "always",
    }
