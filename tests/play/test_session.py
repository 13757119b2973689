"""The game loop on scripted input: moves, commands, bad input, quitting, hot-seat privacy."""

from __future__ import annotations

import json
from pathlib import Path

from dwarfhall.core import GameRecord
from dwarfhall.play.savefile import HUMAN, load_save
from dwarfhall.play.session import Outcome

from ..support.kuhn import BET, PASS
from ..support.kuhn_text import CARD_NAMES, KuhnTextGame
from ..support.window_game import WindowGame
from .conftest import play

HOTSEAT = (HUMAN, HUMAN)


def card_line(player: int, card: int) -> str:
    return f"Player {player} card: {CARD_NAMES[card]}"


def test_bad_input_loses_nothing(kuhn_text: KuhnTextGame, tmp_path: Path) -> None:
    state = kuhn_text.new_state(3)
    inputs = ["", "foo", "9", "0", "card", "card King", "board", "moves", "help", "   "]
    outcome, console, _ = play(state, inputs, tmp_path)
    out = console.text
    assert outcome is Outcome.INTERRUPTED  # the script ran out, like Ctrl-D
    assert state.history == []
    assert "Not understood: 'foo'" in out
    assert "There is no move 9; choose a number from 1 to 2." in out
    assert "There is no move 0" in out
    assert "card: name a card: Jack, Queen, King" in out
    assert "King beats Jack, Queen" in out
    assert "card NAME: what a card beats" in out  # help lists the game's own commands
    assert "save / speichern [FILE]" in out
    assert out.count("Player 0 card: King") == 2  # the first screen and `board`
    saves = list(tmp_path.glob("*-autosave.json"))
    assert len(saves) == 1 and f"Game saved to {saves[0]}" in out
    assert load_save(saves[0]).record.actions == []


def test_moves_by_number_typed_word_and_label(kuhn_text: KuhnTextGame, tmp_path: Path) -> None:
    for line in ("2", "b", "bet", "BET"):
        state = kuhn_text.new_state(3)
        play(state, ["", line], tmp_path, seats=HOTSEAT)  # Enter at the hand-over, then the move
        assert state.history[:1] == [BET], line
    state = kuhn_text.new_state(3)
    _, console, _ = play(state, ["", "setzen"], tmp_path, seats=HOTSEAT, lang="de")
    assert state.history == [BET]
    assert "Deine Züge:" in console.text and "passen" in console.text
    assert "Gib die Tastatur an Spieler 0 weiter — drücke Enter" in console.text


def test_computer_moves_are_announced(kuhn_text: KuhnTextGame, tmp_path: Path) -> None:
    state = kuhn_text.new_state(3)
    outcome, console, _ = play(state, ["1", "1"], tmp_path)
    assert outcome is Outcome.FINISHED
    assert f"The computer (Player 1) plays: {('pass', 'bet')[state.history[1]]}" in console.text
    assert "Player 1 (computer)" in console.text or state.winners() == [0]


def test_quit_asks_to_save(kuhn_text: KuhnTextGame, tmp_path: Path) -> None:
    state = kuhn_text.new_state(3)
    outcome, console, _ = play(state, ["quit", "", "quit", "maybe", "n"], tmp_path)
    assert outcome is Outcome.QUIT
    assert console.text.count("Save before quitting?") == 2  # the question once per quit, the short prompt again
    assert console.text.count("y / n / Enter > ") == 3
    assert "Please answer y, n" in console.text and "Quit without saving." in console.text
    assert list(tmp_path.iterdir()) == []

    state = kuhn_text.new_state(3)
    outcome, console, _ = play(state, ["1", "quit", "y"], tmp_path / "q")
    saves = list((tmp_path / "q").iterdir())
    if state.is_terminal:  # the computer ended it before the quit
        assert outcome is Outcome.FINISHED
    else:
        assert outcome is Outcome.QUIT and len(saves) == 1
        assert load_save(saves[0]).record.actions == state.history
        assert f"dwarfhall play --resume {saves[0]}" in console.text


def test_ctrl_c_saves_automatically(kuhn_text: KuhnTextGame, tmp_path: Path) -> None:
    state = kuhn_text.new_state(3)
    outcome, console, _ = play(state, ["", "1", "<Ctrl-C>"], tmp_path, seats=HOTSEAT)
    assert outcome is Outcome.INTERRUPTED
    (save,) = tmp_path.iterdir()
    assert "Interrupted." in console.text and str(save) in console.text
    assert load_save(save).record.actions == [PASS]


def test_save_command_and_explicit_file(kuhn_text: KuhnTextGame, tmp_path: Path) -> None:
    state = kuhn_text.new_state(3)
    _, console, _ = play(state, ["", "save", "save mine.json", f"save {tmp_path / 'x' / 'b.json'}"], tmp_path, HOTSEAT)
    files = sorted(p.name for p in tmp_path.rglob("*.json"))
    assert "mine.json" in files and "b.json" in files and len(files) == 3
    assert "Could not save" not in console.text
    # the script ends right after a save: nothing new to write, the last save is named again
    assert not list(tmp_path.glob("*-autosave.json"))


def test_save_failure_keeps_playing(kuhn_text: KuhnTextGame, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    state = kuhn_text.new_state(3)
    outcome, console, session = play(state, ["quit", "y", "", "1"], blocker, seats=HOTSEAT)
    assert "Could not save the game" in console.text
    assert state.history == [PASS]  # still playing after the failed save
    assert outcome is Outcome.INTERRUPTED and session.last_save is not None  # autosave fell back to a temp dir
    session.last_save.unlink()


def test_save_and_resume_continue_identically(kuhn_text: KuhnTextGame, tmp_path: Path) -> None:
    checked = 0
    for seed in range(40):
        whole = kuhn_text.new_state(seed)
        _, whole_out, _ = play(whole, ["2"], tmp_path / f"w{seed}", seats=("random", HUMAN))
        if len(whole.history) != 3:
            continue  # the computer did not decide again after the person's move
        broken = kuhn_text.new_state(seed)
        outcome, _, _ = play(broken, ["quit", "y"], tmp_path / f"b{seed}", seats=("random", HUMAN))
        assert outcome is Outcome.QUIT
        (save_path,) = (tmp_path / f"b{seed}").iterdir()
        save = load_save(save_path)
        assert save.seats == ["random", HUMAN] and save.mode == "vs" and save.lang == "en"
        resumed = save.restore()
        _, resumed_out, _ = play(resumed, ["2"], tmp_path / f"r{seed}", seats=tuple(save.seats), resumed=True)
        assert resumed.history == whole.history and resumed.returns() == whole.returns()
        # everything after the person's move reads the same, but for the replay file's folder
        after = [out.text.split("> 2\n", 1)[1].split("Replay file:")[0] for out in (whole_out, resumed_out)]
        assert after[0] == after[1]
        checked += 1
    assert checked >= 3


def _screens_with_private_view(screens: list[str], cards: list[int]) -> dict[int, list[int]]:
    """For each screen index, which players' cards it shows."""
    return {i: [p for p in (0, 1) if card_line(p, cards[p]) in s] for i, s in enumerate(screens)}


def test_hotseat_hands_over_before_each_change(kuhn_text: KuhnTextGame, tmp_path: Path) -> None:
    state = kuhn_text.new_state(3)
    cards = list(state.cards)
    outcome, console, _ = play(state, ["", "1", "", "2", "", "2"], tmp_path, seats=HOTSEAT)  # pass, bet, bet
    assert outcome is Outcome.FINISHED and state.history == [PASS, BET, BET]
    screens = console.screens()
    handovers = [i for i, s in enumerate(screens) if "Pass the keyboard to" in s]
    assert [screens[i].split("Pass the keyboard to ")[1][:8] for i in handovers] == ["Player 0", "Player 1", "Player 0"]
    for i in handovers:
        # the hand-over screen shows nothing but the prompt (and the Enter typed)
        assert screens[i].strip() == screens[i].strip().splitlines()[0]
        assert "card:" not in screens[i]
    shown = _screens_with_private_view(screens, cards)
    for i, players in shown.items():
        if i == len(screens) - 1:
            continue  # the final public view: the showdown reveals both cards to everyone
        assert len(players) <= 1, f"screen {i} shows two hands"
        if players:
            (p,) = players
            assert f"Pass the keyboard to Player {p}" in screens[i - 1], f"no hand-over before screen {i}"
            assert card_line(1 - p, cards[1 - p]) not in screens[i - 1]
    # the final screen is cleared first and shows only the public view
    assert "Game over" in screens[-1] and "Your moves" not in screens[-1]
    # each player learns the other's moves since their last turn
    assert "Since your last turn:\n  Player 0: pass" in screens[handovers[1] + 1]
    assert "Since your last turn:\n  Player 1: bet" in screens[handovers[2] + 1]


def test_hotseat_without_showdown_never_shows_the_other_card(kuhn_text: KuhnTextGame, tmp_path: Path) -> None:
    state = kuhn_text.new_state(7)
    cards = list(state.cards)
    play(state, ["", "2", "", "1"], tmp_path, seats=HOTSEAT)  # bet, pass: the cards stay hidden
    screens = play(kuhn_text.new_state(7), ["", "2", "", "1"], tmp_path, seats=HOTSEAT)[1].screens()
    handover_to_2 = next(i for i, s in enumerate(screens) if "Pass the keyboard to Player 1" in s)
    assert CARD_NAMES[cards[1]] not in "".join(screens[:handover_to_2])
    assert card_line(1, cards[1]) in screens[handover_to_2 + 1]
    assert CARD_NAMES[cards[0]] not in screens[handover_to_2 + 1]
    assert CARD_NAMES[cards[0]] not in screens[-1] and CARD_NAMES[cards[1]] not in screens[-1]


def test_hotseat_resume_starts_with_handover(kuhn_text: KuhnTextGame, tmp_path: Path) -> None:
    state = kuhn_text.new_state(3)
    play(state, ["", "1", "<Ctrl-C>"], tmp_path, seats=HOTSEAT)
    (save_path,) = tmp_path.iterdir()
    resumed = load_save(save_path).restore()
    _, console, _ = play(resumed, [""], tmp_path / "r", seats=HOTSEAT, resumed=True)
    screens = console.screens()
    assert "Resumed at move 2." in screens[0] and "card:" not in screens[0]
    assert screens[1].startswith("Pass the keyboard to Player 1")
    assert card_line(1, state.cards[1]) in screens[2]


def test_end_of_game_result_and_replay_file(kuhn_text: KuhnTextGame, tmp_path: Path) -> None:
    state = kuhn_text.new_state(3)  # Player 0 holds the King
    outcome, console, _ = play(state, ["", "2", "", "2"], tmp_path, seats=HOTSEAT)
    assert outcome is Outcome.FINISHED
    assert "Winner: Player 0" in console.text and "Scores: Player 0: 0, Player 1: 0" in console.text
    (replay_path,) = tmp_path.glob("*-replay.json")
    assert f"Replay file: {replay_path}" in console.text
    data = json.loads(replay_path.read_text())
    record = GameRecord.from_json(data)
    assert record.actions == [BET, BET] and record.seed == 3 and record.players == [HUMAN, HUMAN]
    assert record.meta["mode"] == "hotseat" and record.meta["returns"] == [2.0, -2.0]
    assert record.final_state().returns() == state.returns()


def test_hotseat_response_windows_hand_over_both_ways_and_only_then(tmp_path: Path) -> None:
    game = WindowGame()
    state = game.new_state(4)
    secrets = list(state.secrets)
    # Player 0 picks and confirms, Player 1 objects in Player 0's turn, then plays its own turn straight on
    typed = ["", "red", "confirm", "", "object", "blue", "withdraw"]
    typed += ["", "red", "confirm", "", "allow", "blue", "withdraw"]
    outcome, console, _ = play(state, typed, tmp_path, seats=HOTSEAT)
    assert outcome is Outcome.FINISHED and "Type the number of a move" not in console.text
    screens = console.screens()
    order = [s.split("Pass the keyboard to Player ")[1][0] for s in screens if "Pass the keyboard to" in s]
    assert order == ["0", "1", "0", "1"]  # into the response window and back, none between one player's steps
    for i, screen in enumerate(screens):
        for p in (0, 1):
            if f"#{secrets[p]}#" in screen:
                assert f"#{secrets[1 - p]}#" not in screen
                assert f"Pass the keyboard to Player {p}" in screens[i - 1]
    assert not any(f"#{s}#" in screens[-1] for s in secrets)
