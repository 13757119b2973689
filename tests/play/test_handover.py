"""Who starts is said at the start; the hot-seat hand-over screen takes save and quit and says what it takes."""

from __future__ import annotations

from pathlib import Path

from dwarfhall.core import load_game
from dwarfhall.play.savefile import HUMAN, load_save
from dwarfhall.play.session import Outcome

from ..support.kuhn_text import KuhnTextGame
from .conftest import play


def test_every_game_says_who_starts(tmp_path: Path) -> None:
    for name in ("duel", "alewar"):
        state = load_game(name).new_state(7)
        first = state.current_player
        _, console, _ = play(state, [], tmp_path)
        who = "Player 0 (you)" if first == 0 else "Player 1 (computer)"
        assert f"{who} starts." in console.text, name
    duel = load_game("duel")
    starters = {duel.new_state(seed).current_player for seed in range(8)}
    assert starters == {0, 1}  # the Duel's default first player is drawn
    _, console, _ = play(duel.new_state(1), [], tmp_path, lang="de")
    assert "Der erste Spieler wurde ausgelost: Spieler " in console.text


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
