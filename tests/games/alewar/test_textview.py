"""The terminal view: board, ratings, colours, both languages, and typed moves."""

from __future__ import annotations

from dwarfhall.core import load_game
from dwarfhall.games.alewar import kit as A
from dwarfhall.games.alewar.textview import AleWarTextView

from .helpers import UNIT, move, position, sq

VIEW = AleWarTextView()


def test_text_view_comes_from_the_game() -> None:
    assert isinstance(load_game("alewar").text_view(), AleWarTextView)


def test_board_shows_terrain_units_ratings_and_barrels() -> None:
    state = position(units={"axeman": "c4", "brute": "c3"}, barrels=["a1", "f1"], terrain={"b2": "lake", "d4": "hill"})
    text = VIEW.render(state.observation(0), "en", False)
    lines = text.splitlines()
    row4 = next(line for line in lines if line.startswith(" 4 |"))
    assert "D1 3/4" in row4 and "^" in row4
    assert "~~~~~~~" in next(line for line in lines if line.startswith(" 2 |"))
    assert "B1 -/4" in next(line for line in lines if line.startswith(" 1 |"))
    assert "a       b       c" in text and "Dwarf Axeman°" in text and "*" not in text and "reconstructed" in text
    assert "You are player 0, Dwarves." in text
    assert "\x1b[" not in text


def test_board_in_german_and_in_colour() -> None:
    state = position(units={"axeman": "c4", "brute": "c3"}, barrels=["a1", "f1"])
    text = VIEW.render(state.observation(None), "de", True)
    assert "Zwergen-Axtkämpfer" in text and "Z1" in text and "F1" in text and "Bewegung 3" in text
    assert "\x1b[1;34m" in text


def test_last_attack_is_reported() -> None:
    state = position(units={"axeman": "c4", "brute": "c3", "spearman": "e1", "warrior": "f2"}, barrels=["a1", "f1"])
    move(state, "axeman", "c4")
    state.apply(A.ATTACK + sq("c3"))
    text = VIEW.render(state.observation(None), "en", False)
    assert "Last attack: Dwarf Axeman attacked Goblin Brute on c3: rolled" in text


def test_every_phase_renders() -> None:
    game = load_game("alewar", {"terrain_pick": "choose", "turn_limit": 30})
    state = game.new_state(1)
    rng_choice = 0
    seen = set()
    while not state.is_terminal:
        for lang in ("en", "de"):
            assert VIEW.render(state.observation(None), lang, rng_choice % 2 == 0)
        seen.add(state.observation(None)["phase"])
        legal = state.legal_action_ids()
        state.apply(legal[(rng_choice * 7919) % len(legal)])
        rng_choice += 1
    assert "Game over" in VIEW.render(state.observation(None), "en", False)
    assert {"terrain", "sides", "place_units", "place_barrels", "move"} <= seen


def parse(state: object, text: str) -> int | None:
    return VIEW.parse_move(text, state.legal_actions(), state.observation(None))  # type: ignore[attr-defined]


def test_parse_destination_and_from_to() -> None:
    """`c3` is a destination when only one unit can reach it; `b2 c3` names the unit by its square."""
    state = position(units={"axeman": "c5", "scout": "e5", "brute": "f1"}, barrels=["a1", "b1"])
    assert parse(state, "c5 c3") == A.move(UNIT["axeman"], sq("c3"))
    assert parse(state, "c5-c4") == A.move(UNIT["axeman"], sq("c4"))
    assert parse(state, "d5") is None  # both can reach d5
    assert parse(state, "e5 d5") == A.move(UNIT["scout"], sq("d5"))
    assert parse(state, "scout d5") == A.move(UNIT["scout"], sq("d5"))
    assert parse(state, "c5") == A.move(UNIT["axeman"], sq("c5"))  # its own square: the unit stays
    assert parse(state, "z9") is None and parse(state, "") is None and parse(state, "dance") is None


def test_parse_attack_and_decline() -> None:
    state = position(units={"axeman": "c4", "brute": "c3", "spearman": "e1", "warrior": "f2"}, barrels=["a1", "f1"])
    move(state, "axeman", "c4")
    assert parse(state, "c3") == A.ATTACK + sq("c3")
    assert parse(state, "c4 c3") == A.ATTACK + sq("c3")
    assert parse(state, "attack brute") == A.ATTACK + sq("c3") == parse(state, "Rohling angreifen")
    assert parse(state, "no") == A.NO_ATTACK and parse(state, "nein") == A.NO_ATTACK


def test_parse_setup_choices() -> None:
    game = load_game("alewar", {"terrain_pick": "choose"})
    state = game.new_state(3)
    assert parse(state, "lake") == A.PICK_TERRAIN + 2 and parse(state, "Baum") == A.PICK_TERRAIN
    while state.observation(None)["phase"] == "terrain":
        state.apply(state.legal_action_ids()[0])
    assert parse(state, "dwarves") == A.CHOOSE_DWARVES and parse(state, "Goblins") == A.CHOOSE_GOBLINS
    state.apply(A.CHOOSE_DWARVES)
    free = next(a for a in state.legal_action_ids())
    square = state.describe_action(free).payload["square"]
    assert parse(state, square) is None  # three Dwarves could go there
    assert parse(state, f"axeman {square}") == free


def test_parse_reinforcement() -> None:
    state = position(units={"axeman": "f6", "spearman": "c3", "brute": "d3"}, barrels=["a2", "f2"],
                     phase="reinforce", side_to_act="goblins")
    assert parse(state, "c1") == A.reinforce(UNIT["warrior"], sq("c1"))
    assert parse(state, "no") == A.NO_REINFORCEMENT
