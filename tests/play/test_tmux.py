"""The real program in a real terminal (tmux): typing moves, saving, quitting, resuming, hot-seat."""

from __future__ import annotations

import shutil
from pathlib import Path

from dwarfhall.play.savefile import load_record, load_save

from ..support.relay_play import RelayPlayGame
from .tmux import DWARFHALL, KUHN_CLI, PYTHON, Terminal

if shutil.which("tmux") is None:  # scripts/test installs tmux; a bare pytest run without it says so plainly
    raise RuntimeError("these tests need tmux: run scripts/test, or install tmux")


def kuhn(*args: str) -> list[str]:
    return [str(PYTHON), str(KUHN_CLI), *args]


def test_kuhn_against_the_computer_save_quit_resume_replay(term: Terminal, tmp_path: Path, kuhn_text: object) -> None:
    saves = tmp_path / "saves"
    term.start(kuhn("play", "kuhn", "--vs", "random", "--seed", "3", "--save-dir", str(saves)), tmp_path)
    screen = term.wait_for("Player 0 (you) >")
    assert "Player 0 card: King" in screen and "Player 1 card: ?" in screen
    term.type("help")
    term.wait_for("card: card NAME: what a card beats")
    term.type("card king")
    term.wait_for("King beats Jack, Queen")
    term.type("nonsense")
    term.wait_for("Not understood: 'nonsense'")
    term.type("1")
    screen = term.wait_for("The computer (Player 1) plays: bet")  # seed 3: the computer bets
    term.wait_for("Player 0 (you) >", count=5)
    term.type("save")
    screen = term.wait_for("Game saved to ")
    term.type("quit")
    term.wait_for("Save before quitting?")
    term.type("y")
    screen = term.wait_for("[exit 0]")
    save_path = Path(screen.split("Game saved to ")[-1].split()[0])
    assert save_path.parent == saves and load_save(save_path).record.actions == [0, 1]

    term.close()
    term.start(kuhn("play", "--resume", str(save_path), "--save-dir", str(saves)), tmp_path)
    screen = term.wait_for("Player 0 (you) >")
    assert "Resumed at move 3." in screen and "Bets: pass, bet" in screen
    term.type("2")
    screen = term.wait_for("[exit 0]")
    assert "Game over" in screen and "Winner: Player 0 (you)" in screen
    replay_path = Path(screen.split("Replay file: ")[1].split()[0])

    term.close()
    term.start(kuhn("replay", str(replay_path), "--as", "1", "--step"), tmp_path)
    screen = term.wait_for("Enter next, p back")
    assert "seen by Player 1" in screen and "Player 1 card: Queen" in screen and "King" not in screen
    for n in (1, 2, 3):
        term.type("")
        term.wait_for(f"Move {n}: Player {(n + 1) % 2}")
    term.type("")  # past the last move: the result
    screen = term.wait_for("[exit 0]")
    assert "Winner: Player 0" in screen  # the showdown, shown to everyone, reveals the King at the end


def test_kuhn_hotseat_hands_over_and_clears_the_scrollback(term: Terminal, tmp_path: Path, kuhn_text: object) -> None:
    term.start(kuhn("play", "kuhn", "--hotseat", "--seed", "3", "--save-dir", str(tmp_path)), tmp_path)
    screen = term.wait_for("Pass the keyboard to Player 0 — press Enter")
    assert "card:" not in screen
    term.type("")
    term.wait_for("Player 0 card: King")
    term.type("1")
    screen = term.wait_for("Pass the keyboard to Player 1 — press Enter")
    # neither the screen nor anything the next player could scroll back to shows Player 0's card
    assert "King" not in term.screen(history=True) and "card:" not in screen
    term.type("")
    screen = term.wait_for("Player 1 card: Queen")
    assert "King" not in term.screen(history=True) and "Player 0: pass" in screen
    term.keys("C-c")
    screen = term.wait_for("[exit 130]")
    assert "Interrupted." in screen and "Game saved to" in screen
    (save_path,) = tmp_path.glob("*-autosave.json")
    assert load_save(save_path).record.actions == [0]


def test_alewar_typed_coordinates_save_resume_and_ctrl_c(term: Terminal, tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    args = ["play", "alewar", "--vs", "random", "--seed", "1", "--save-dir", str(saves)]
    term.start([str(DWARFHALL), *args], tmp_path)
    screen = term.wait_for("Player 0 (you) >")
    assert "play the Dwarves" in screen  # seed 1: Player 0 won the roll-off and picks a side
    term.type("dwarves")
    term.wait_for("== Move 2 — Player 0 (you) to decide ==")  # a long move list scrolls: the scrollback counts
    term.type("a4")  # three Dwarves could go there: not enough on its own
    term.wait_for("Not understood: 'a4'")
    term.type("axeman a4")
    screen = term.wait_for("== Move 4 — Player 0 (you) to decide ==")
    assert "The computer (Player 1) plays: place Goblin" in screen
    term.type("save")
    screen = term.wait_for("Game saved to ")
    save_path = Path(screen.split("Game saved to ")[-1].split()[0])
    term.type("quit")
    term.wait_for("Save before quitting?")
    term.type("")  # Enter: keep playing after all
    term.type("quit")
    term.wait_for("Save before quitting?", count=2)
    term.type("n")
    term.wait_for("[exit 0]")

    term.close()
    term.start([str(DWARFHALL), "play", "--resume", str(save_path), "--save-dir", str(saves), "--lang", "de"], tmp_path)
    screen = term.wait_for("Spieler 0 (du) >")
    assert "Fortgesetzt bei Spielzug 4." in screen and "== Spielzug 4 — Spieler 0 (du) entscheidet ==" in screen
    term.type("1")  # a unit and its squares: the number lists them
    term.wait_for("1b)")
    term.type("1a")
    term.wait_for("Der Computer (Spieler 1) spielt:")
    term.wait_for("Spieler 0 (du) >", count=2)
    term.keys("C-c")
    screen = term.wait_for("[exit 130]")
    autosave = Path(screen.split("Spiel gespeichert in ")[-1].split()[0])
    assert len(load_save(autosave).record.actions) == 5


def hand_names(screen: str, header: str) -> set[str]:
    """Card names listed under the last `Hand (N):` in the part of `screen` after `header`."""
    block = screen.split(header)[-1].split("Hand (")[-1].splitlines()[1:]
    names = set()
    for line in block:
        if not line.startswith("    "):
            break
        names.add(line.strip().split("  ")[0].rstrip("°"))
    return names


def test_duel_against_the_computer_commands_save_resume(term: Terminal, tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    term.start([str(DWARFHALL), "play", "duel", "--vs", "random", "--seed", "3", "--save-dir", str(saves)], tmp_path)
    term.wait_for("Player 0 (you)")
    term.type("help")
    term.wait_for("Commands of this game:")
    term.type("discard")
    term.wait_for("discard pile of Player 1")  # both discard piles, at any time
    term.type("card reinforcement")
    term.wait_for("In each dice phase")
    term.type("card zzz")
    term.wait_for("no card is called 'zzz'")
    decisions = term.screen(history=True).count("(you) to decide ==")
    for n in range(1, 5):  # a few moves: the first listed each time, by number
        term.type("1")
        screen = term.wait_for("(you) to decide ==", count=decisions + n)
    assert "The computer (Player 1) plays:" in screen
    term.type("save")
    screen = term.wait_for("Game saved to ")
    save_path = Path(screen.split("Game saved to ")[-1].split()[0])
    moves = len(load_save(save_path).record.actions)
    term.type("quit")
    term.wait_for("Save before quitting?")
    term.type("y")
    term.wait_for("[exit 0]")

    term.close()
    term.start([str(DWARFHALL), "play", "--resume", str(save_path), "--save-dir", str(saves), "--lang", "de"], tmp_path)
    term.wait_for(f"Fortgesetzt bei Spielzug {moves + 1}.")
    term.wait_for(f"== Spielzug {moves + 1} — Spieler 0 (du) entscheidet ==")
    term.keys("C-d")
    screen = term.wait_for("[exit 130]")
    assert "Spiel gespeichert in" in screen
    (autosave,) = saves.glob("*-autosave.json")
    assert len(load_save(autosave).record.actions) == moves


def test_duel_hotseat_response_window_hands_over_without_leaking(term: Terminal, tmp_path: Path) -> None:
    term.start([str(DWARFHALL), "play", "duel", "--hotseat", "--seed", "3", "--save-dir", str(tmp_path)], tmp_path)
    first = term.wait_for("Pass the keyboard to Player ")
    starter = int(first.split("Pass the keyboard to Player ")[1][0])
    other = 1 - starter
    assert "Hand (" not in term.screen(history=True)
    term.type("")
    term.wait_for(f"== Move 1 — Player {starter} to decide ==")
    secret = hand_names(term.wait_for("Hand ("), f"Player {starter} to decide")
    assert secret, "the starting player's hand is on their screen"
    term.type("1")  # the first step of the turn opens a response window for the other player
    term.wait_for(f"Pass the keyboard to Player {other} — press Enter")
    scrollback = term.screen(history=True)
    assert not any(name in scrollback for name in secret), "the hand-over screen shows the starter's cards"
    term.type("")
    term.wait_for(f"Player {other} to decide ==")
    own = hand_names(term.wait_for("Hand ("), f"Player {other} to decide")
    leaked = {name for name in secret - own if name in term.screen(history=True)}
    assert not leaked, f"the other player sees {leaked}"
    term.keys("C-c")
    term.wait_for("[exit 130]")


def test_relay_four_seats_two_people_two_computers_hand_over_and_finish(
    term: Terminal, tmp_path: Path, relay: RelayPlayGame
) -> None:
    """A 4-player game with people at seats 0 and 2 and two different computer players at 1 and 3: each person
    gets a hand-over screen first, sees only their own hand, and hears what the others played meanwhile."""
    state = RelayPlayGame({"players": 4}).new_state(4)
    view = RelayPlayGame().text_view()
    own = {p: view.render(state.observation(p), "en", False).splitlines()[1 + p] for p in (0, 2)}
    assert "?" not in own[0] and "?" not in own[2]  # each holds a real hand the other must not see
    args = ["play", "relay", "--seat", "0", "--seat", "2", "--vs", "random", "--vs", "heuristic", "--seed", "4",
            "--save-dir", str(tmp_path)]  # fmt: skip
    term.start([str(PYTHON), str(KUHN_CLI), *args], tmp_path)
    screen = term.wait_for("Pass the keyboard to Player 0 — press Enter")
    assert "hand [" not in screen
    term.type("")
    screen = term.wait_for("Player 0 >")
    assert own[0] in screen and own[2] not in screen
    term.type("draw")
    screen = term.wait_for("Pass the keyboard to Player 2 — press Enter")
    history = term.screen(history=True)
    assert own[0] not in history and "hand [" not in history  # nothing of Player 0's hand to scroll back to
    term.type("")
    screen = term.wait_for("Player 2 >")
    assert own[2] in screen and own[0] not in screen
    assert "Since your last turn:" in screen and "Player 0: Draw a card" in screen and "Player 1: " in screen
    for turn in range(6):  # the remaining turns alternate Player 0 and Player 2, the computers between them
        term.type("1")
        person = (0, 2)[turn % 2]
        term.wait_for(f"Pass the keyboard to Player {person} — press Enter")
        term.type("")
        screen = term.wait_for("Your moves:")
        assert f"Player {person} to decide" in screen
        assert "The computer (Player 1) plays" in screen or "Player 1: " in screen  # the news or the live move
    term.type("1")
    screen = term.wait_for("[exit 0]")
    assert "Game over" in screen and ("Winner: " in screen or "Draw: " in screen)
    assert "Scores: Player 0: " in screen and "Player 3 (computer): " in screen
    assert all(line.split("hand [")[1].split("]")[0].endswith("?") for line in screen.splitlines() if "hand [" in line)
    (replay,) = tmp_path.glob("relay-*-replay.json")
    assert len(load_record(replay).actions) == 16
