"""Who starts is said at the start; the hot-seat hand-over screen takes save and quit and says what it takes."""

from __future__ import annotations

from pathlib import Path

from dwarfhall.core import load_game
from dwarfhall.play.savefile import HUMAN, load_save
from dwarfhall.play.session import Outcome

from ..support.kuhn_text import KuhnTextGame
from .conftest import play


def test_every_game_says_who_starts_and_why(tmp_path: Path) -> None:
    """The Duel draws the first player by lot (or the option names one); Ale War's roll-off winner picks a side
    and the Dwarves begin; a game without an opening of its own gets the front end's 'X starts.'."""
    duel = load_game("duel")
    starters = {duel.new_state(seed).current_player for seed in range(8)}
    assert starters == {0, 1}  # the Duel's default first player is drawn
    for seed in range(4):
        state = duel.new_state(seed)
        who = "Player 0 (you)" if state.current_player == 0 else "Player 1 (computer)"
        _, console, _ = play(state, [], tmp_path)
        assert f"The first player was drawn by lot: {who} starts." in console.text
    _, console, _ = play(duel.new_state(1), [], tmp_path, lang="de")
    assert "Der erste Spieler wurde ausgelost: Spieler " in console.text
    _, console, _ = play(load_game("duel", {"first_player": "1"}).new_state(1), [], tmp_path)
    assert "Player 1 (computer) starts (option first_player)." in console.text
    state = load_game("alewar").new_state(3)
    obs = state.observation(None)
    assert obs["phase"] == "sides" and obs["roll_off"] == [[4, 6]] and state.current_player == 1
    _, console, _ = play(state, [], tmp_path)
    assert "Roll-off (player 0 rolled 4, player 1 rolled 6): Player 1 (computer) won and chooses a side; the" in (
        console.text.replace("\n  ", " ")
    )
    _, console, _ = play(load_game("alewar", {"terrain_pick": "choose"}).new_state(3), [], tmp_path, lang="de")
    assert "Spieler 0 (du) legt das erste Geländeteil" in console.text
    _, console, _ = play(load_game("alewar", {"dwarf_seat": 0}).new_state(3), [], tmp_path)
    assert "Player 0 (you) plays the Dwarves (option dwarf_seat), who begin." in console.text


def test_a_game_without_an_opening_says_who_makes_the_first_decision(kuhn_text: KuhnTextGame, tmp_path: Path) -> None:
    state = kuhn_text.new_state(3)
    _, console, _ = play(state, [], tmp_path)
    who = "Player 0 (you)" if state.current_player == 0 else "Player 1 (computer)"
    assert f"{who} starts." in console.text


def test_a_resumed_game_does_not_announce_the_start_again(kuhn_text: KuhnTextGame, tmp_path: Path) -> None:
    _, console, _ = play(kuhn_text.new_state(3), [], tmp_path, resumed=True)
    assert "starts." not in console.text


def test_save_at_the_hand_over_is_done_and_said(kuhn_text: KuhnTextGame, tmp_path: Path) -> None:
    state = kuhn_text.new_state(3)
    outcome, console, _ = play(state, ["save mine.json", "moves", ""], tmp_path, seats=(HUMAN, HUMAN))
    assert outcome is Outcome.INTERRUPTED
    assert f"Game saved to {tmp_path / 'mine.json'}" in console.text
    assert load_save(tmp_path / "mine.json").record.actions == []
    # a move or another command is refused with a reason, before the player's view is shown
    first_screen = console.screens()[1]
    assert "Here only Enter (go on), save [FILE] and quit work" in first_screen
    assert "card: King" not in first_screen


def test_quit_at_the_hand_over(kuhn_text: KuhnTextGame, tmp_path: Path) -> None:
    state = kuhn_text.new_state(3)
    outcome, console, _ = play(state, ["quit", "n"], tmp_path, seats=(HUMAN, HUMAN))
    assert outcome is Outcome.QUIT and "Quit without saving." in console.text
