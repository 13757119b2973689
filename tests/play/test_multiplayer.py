"""The terminal front end at a table of four (Relay): people and computer players mixed, hand-over screens
between the people, and seat choices from the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from dwarfhall.play.savefile import HUMAN
from dwarfhall.play.seats import SetupError, choose_seats
from dwarfhall.play.session import Outcome

from ..support.relay_play import RelayPlayGame
from .conftest import play


def test_one_vs_for_every_computer_seat_or_one_per_seat_in_order(relay: RelayPlayGame) -> None:
    assert choose_seats(relay, ["random", "heuristic"], False, [0, 2]).seats == [HUMAN, "random", HUMAN, "heuristic"]
    assert choose_seats(relay, ["random"], False, [3]).seats == ["random", "random", "random", HUMAN]
    assert choose_seats(relay, None, False, None).seats == [HUMAN, "heuristic", "heuristic", "heuristic"]
    with pytest.raises(SetupError, match=r"one --vs per computer seat \(2: seats 1, 3\); got 3"):
        choose_seats(relay, ["random", "random", "heuristic"], False, [0, 2])


def test_two_people_and_two_computers_each_person_sees_only_their_own_hand(
    relay: RelayPlayGame, tmp_path: Path
) -> None:
    state = relay.new_state(4)
    view = relay.text_view()
    own = {p: view.render(state.observation(p), "en", False).splitlines()[1 + p] for p in range(4)}
    inputs = [x for _ in range(8) for x in ("", "1")]  # per turn of a person: Enter at the hand-over, then move 1
    outcome, console, _ = play(state, inputs, tmp_path, seats=(HUMAN, "random", HUMAN, "heuristic"))
    assert outcome is Outcome.FINISHED and len(state.history) == 16
    screens = console.screens()
    handovers = [s for s in screens if "Pass the keyboard to" in s]
    assert len(handovers) == 8  # one before every turn of a person, since the two alternate
    for screen in handovers:
        assert "hand [" not in screen and "Since your last turn" not in screen
    boards = [s for s in screens if "to decide ==" in s]
    for screen in boards:
        person = 0 if "Player 0 to decide" in screen else 2
        other = 2 - person
        assert f"Player {person} *: hand [" in screen and f"Player {other} *" not in screen
        # at the first turn the other person's hand is the dealt one; it never shows on this screen
        assert own[other] not in screen
    assert sum("Since your last turn:" in s for s in boards) == 7  # every turn but the very first
    assert "Game over" in screens[-1] and "Player 0 *" not in screens[-1] and "Player 2 *" not in screens[-1]
