"""The Duel's terminal view: what it shows (and never shows), its commands and typed moves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dwarfhall.core import DwarfhallError, Rng
from dwarfhall.core.game import State
from dwarfhall.games.duel.game import DuelGame
from dwarfhall.games.duel.textview import DuelTextView
from dwarfhall.play.console import ScriptConsole
from dwarfhall.play.session import Session, Settings

from .support import GAME, do, find, position

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def view() -> DuelTextView:
    return GAME.text_view()


def plain(text: str) -> str:
    return ANSI.sub("", text)


def random_states(seed: int, every: int = 7) -> list[State]:
    """Every `every`-th state of a random game, and its last one."""
    state = GAME.new_state(seed)
    rng = Rng(seed + 500)
    found: list[State] = []
    while not state.is_terminal:
        if len(state.history) % every == 0:
            found.append(state.clone())
        state.apply(rng.choice(state.legal_action_ids()))
    found.append(state)
    return found


@pytest.mark.parametrize(("width", "height"), [(80, 24), (120, 40)])
def test_random_games_render_in_both_languages_within_the_terminal(width: int, height: int) -> None:
    v = view()
    v.width, v.height = width, height
    for seed in (1, 2, 3):
        for state in random_states(seed):
            for who in (0, 1, None):
                obs = state.observation(who)
                for lang in ("en", "de"):
                    for color in (False, True):
                        text = v.render(obs, lang, color)
                        assert color or "\x1b" not in text  # colour off: no ANSI at all
                        too_wide = [line for line in plain(text).splitlines() if len(line) > width]
                        assert not too_wide, (seed, who, lang, too_wide)


def test_colour_only_when_asked() -> None:
    obs = GAME.new_state(4).observation(0)
    assert "\x1b[" in view().render(obs, "en", True)
    assert "\x1b" not in view().render(obs, "en", False)


def _secret_position() -> State:
    # Player 1 holds Conquest of the Pass; no copy of that card is visible anywhere to player 0
    return position({
        "phase": "card",
        "dice": [2, 2, 5],
        "players": [
            {"hand": ["ally_twos", "victory_three"], "display": ["support_die"], "discard": ["twist_throw"]},
            {"hand": ["victory_four_b", "twist_cancel"], "display": ["victory_two"], "discard": ["event_banish"]},
        ],
    })


def test_the_opponents_hand_never_shows() -> None:
    state = _secret_position()
    for lang in ("en", "de"):
        own = view().render(state.observation(0), lang, False)
        assert "Dwarf Crossbowman" in own or "Zwergischer Armbrustschütze" in own  # the viewer's own hand shows
        for secret in ("Conquest of the Pass", "Eroberung des Passes", "Victory at the Pass", "Sieg am Pass",
                       "Chain Mail", "Shadow Armor", "Kettenhemd", "Schattenrüstung"):
            assert secret not in own, (lang, secret)
        assert "Conquest of the Pass" in view().render(state.observation(1), "en", False)


def test_public_view_shows_no_hand_but_both_counts() -> None:
    text = view().render(_secret_position().observation(None), "en", False)
    assert "Hand (" not in text
    assert "Conquest of the Pass" not in text and "Dwarf Crossbowman" not in text
    assert text.count("hand 2") == 2


def test_screen_shows_display_dice_costs_and_reconstruction_marks() -> None:
    text = view().render(_secret_position().observation(0), "en", False)
    assert "Reinforcement°" in text  # reconstructed values: marked
    assert "° reconstructed" in text  # and explained in a footnote
    assert "Dwarf Crossbowman°" in text and "⚁ 2" in text  # a single-die cost
    assert "3 of a kind" in text  # Hold the Gate costs three alike
    assert "[⚁ 2] [⚁ 2] [⚄ 5]" in text
    assert "Seizure of Âlandur" in text  # Player 1's display
    assert "top: Begone!" not in text and "top: Assassination°" in text  # their deck's name for their card
    german = view().render(_secret_position().observation(0), "de", False)
    assert "3 gleiche" in german and "Auslage" in german and "rekonstruiert" in german


def test_rulebook_card_is_not_marked() -> None:
    state = position({"phase": "card", "dice": [1, 1, 1], "players": [{"display": ["ally_ones"]}, {}]})
    text = view().render(state.observation(0), "en", False)
    assert "Bavragor" in text and "Bavragor°" not in text


def test_a_played_dwarf_king_is_named_in_the_answer_window() -> None:
    state = position({"phase": "card", "dice": [4, 4, 4, 4], "players": [{"hand": ["ally_king"]}, {}]})
    v = view()
    v.render(state.observation(1), "en", False)  # Player 1 watched the roll
    do(state, move="play", card="ally_king")
    assert state.current_player == 1
    text = v.render(state.observation(1), "en", False)
    assert "Your opponent plays Dwarf King° — answer with a Twist of Fate, or pass?" in text
    assert "Dein Gegner spielt Zwergenkönig°" in v.render(state.observation(1), "de", False)


def test_damage_aimed_at_a_card_asks_to_cancel_and_says_it_would_be_defeated() -> None:
    state = position({
        "active": 1,
        "phase": "card",
        "dice": [3, 3, 1],
        "players": [
            {"display": [{"card": "victory_three", "damage": 2}], "hand": ["twist_cancel"]},
            {"display": ["ally_threes"]},
        ],
    })
    do(state, move="damage", source="die", face=3, target={"card": "victory_three"})
    assert state.current_player == 0
    text = view().render(state.observation(0), "en", False)
    assert "1 damage aimed at your Hold the Gate° — cancel it? (it would be defeated)" in text
    watching = view().render(state.observation(1), "en", False)
    assert "waiting whether it is cancelled" in watching


def test_damage_aimed_at_the_pile_asks_to_cancel() -> None:
    state = position({"active": 1, "phase": "card", "dice": [3, 3, 1], "players": [{}, {"display": ["ally_threes"]}]})
    do(state, move="damage", source="die", face=3, target={"pile": True})
    text = view().render(state.observation(0), "en", False)
    assert "1 damage aimed at your draw pile — cancel it?" in text


def test_the_end_names_the_winner() -> None:
    final = random_states(5)[-1]
    text = view().render(final.observation(0), "en", False)
    assert "Game over:" in text and "wins" in text
    assert "Spielende:" in view().render(final.observation(None), "de", False)


# -- commands -----------------------------------------------------------------------------------
def run(command: str, argument: str, state: State, lang: str = "en", who: int | None = 0) -> str:
    return view().run_command(command, argument, state.observation(who), lang, False)


def test_commands_are_offered_with_help_in_both_languages() -> None:
    commands = view().commands()
    assert {"discard", "card", "cards"} <= set(commands)
    assert all(text["en"] and text["de"] for text in commands.values())


def test_card_finds_names_in_english_and_german_partly_and_without_accents() -> None:
    state = _secret_position()
    king = run("card", "dwarf king", state)
    assert "Dwarf King" in king and "Bislipur" in king and "health 1" in king
    assert "Zwergenkönig" in run("card", "zwergenkönig", state, "de")
    assert "Keenfire" in run("card", "feuerklinge", state)
    ally = run("card", "andokai", state)  # the exact name beats Andôkai's Power
    assert "Ally" in ally and "Twist of Fate" not in ally
    assert "2 of a kind" in run("card", "rodarios trickery", state)


def test_card_rules_say_what_the_rulebook_states() -> None:
    state = _secret_position()
    assert "the rulebook states every value" in run("card", "bavragor", state)
    king = run("card", "bislipur", state)
    assert "Bislipur° — Forces of Evil" in king and "the rest is reconstructed" in king


def test_card_errors_on_unknown_and_ambiguous_names() -> None:
    state = _secret_position()
    with pytest.raises(DwarfhallError, match="no card is called 'gandalf'"):
        run("card", "gandalf", state)
    with pytest.raises(DwarfhallError, match=r"fits \d+ cards: .*Reinforcement"):
        run("card", "re", state)
    with pytest.raises(DwarfhallError, match="name a card"):
        run("card", "", state)


def test_cards_lists_both_decks() -> None:
    text = run("cards", "", _secret_position())
    assert "1× Bavragor / Bogglin: ⚀ 1 · ♥2" in text and "3× Reinforcement° / Ordnance°: 2 of a kind" in text
    assert all(len(line) <= 100 for line in text.splitlines())  # the view's default width
    assert "Verbündeter (9)" in run("cards", "", _secret_position(), "de")


def test_discard_lists_a_pile_in_order() -> None:
    state = position({
        "phase": "card",
        "dice": [1, 2, 3],
        "players": [{"discard": ["twist_throw", "victory_two", "event_banish"]}, {"discard": ["twist_cancel"]}],
    })
    mine = run("discard", "me", state).splitlines()
    assert "3 card(s), bottom to top" in mine[0]
    assert [line.split(".")[1].split()[0] for line in mine[1:4]] == ["Throwing", "Recovered", "Begone!°"]
    assert "← top" in mine[3]
    assert "Shadow Armor" in run("discard", "opp", state)
    assert "Schattenrüstung" in run("ablage", "gegner", state, "de")
    both = run("discard", "", state)
    assert "Throwing Axe" in both and "Shadow Armor" in both
    assert "Shadow Armor" in run("discard", "1", state, who=None)
    with pytest.raises(DwarfhallError):
        run("discard", "everyone", state)
    with pytest.raises(DwarfhallError):
        run("discard", "me", state, who=None)


# -- typed moves --------------------------------------------------------------------------------
def test_typed_end_and_card_names() -> None:
    state = position({"phase": "card", "dice": [2, 4, 5], "players": [{"hand": ["ally_twos", "support_die"]}, {}]})
    actions = state.legal_actions()
    obs = state.observation(0)
    v = view()
    assert v.parse_move("end", actions, obs) == find(state, move="end_turn").id
    assert v.parse_move("Dwarf Crossbowman", actions, obs) == find(state, move="play", card="ally_twos").id
    assert v.parse_move("armbrust", actions, obs) == find(state, move="play", card="ally_twos").id
    assert v.parse_move("hello there", actions, obs) is None
    with pytest.raises(DwarfhallError, match="cannot be played now"):
        v.parse_move("reinforcement", actions, obs)  # two of a kind are not there


def test_typed_card_with_several_payments_asks_for_the_number() -> None:
    state = position({"phase": "card", "dice": [2, 2, "axe"], "players": [{"hand": ["support_die"]}, {}]})
    with pytest.raises(DwarfhallError, match="ways: type the number"):
        view().parse_move("reinforcement", state.legal_actions(), state.observation(0))


def test_commands_through_the_front_end(tmp_path: Path) -> None:
    game = DuelGame({"first_player": 0})
    console = ScriptConsole(["cards", "card king", "discard opp", "quit", "n"], width=100)
    Session(game.new_state(7), Settings("vs", ["human", "random"], save_dir=tmp_path), console).run()
    out = console.text
    assert "Both decks, 35 cards each" in out
    assert "Dwarf King° — Forces of Good" in out
    assert "The discard pile of Player 1 (Forces of Evil) is empty." in out


def test_the_player_on_turn_is_told_which_twist_the_opponent_played() -> None:
    state = position({"phase": "card", "dice": [1, 2, 3], "players": [{}, {"hand": ["twist_wild_card"]}]})
    do(state, move="end_turn")
    assert "Your opponent ends the turn without using a die" in view().render(state.observation(1), "en", False)
    do(state, move="play", card="twist_wild_card")
    assert state.current_player == 0
    text = view().render(state.observation(0), "en", False)
    assert "Your opponent plays Stolen Luck° — answer with a Twist of Fate, or pass?" in text


def test_a_cancelled_axe_is_named_and_the_second_one_may_follow() -> None:
    state = position({
        "active": 1,
        "phase": "card",
        "dice": [2, 2, 2, 2],
        "players": [{"hand": ["twist_throw", "twist_throw"]}, {"hand": ["ally_king", "twist_cancel"]}],
    })
    v = view()
    do(state, move="play", card="ally_king")
    # a first screen: the window itself says which card it answers
    assert "Your opponent plays Bislipur° — answer" in v.render(state.observation(0), "en", False)
    do(state, move="damage", source="twist", target={"card": "ally_king"})
    do(state, move="play", card="twist_cancel")
    assert state.current_player == 0
    text = v.render(state.observation(0), "en", False)
    assert "Your opponent cancels the point with Shadow Armor — answer with a Twist of Fate, or pass?" in text
