"""`dwarfhall replay`: per move the chosen viewer's board and the move's label, nothing more."""

from __future__ import annotations

import pytest

from dwarfhall.core import DwarfhallError, GameRecord
from dwarfhall.play.console import ScriptConsole
from dwarfhall.play.replay import replay

from ..support.kuhn import BET, PASS
from ..support.kuhn_text import CARD_NAMES, KuhnTextGame


def record_without_showdown(game: KuhnTextGame) -> GameRecord:
    state = game.new_state(7)
    state.apply(BET)
    state.apply(PASS)  # a fold: neither card is ever shown
    return GameRecord.of(state, players=["human", "random"])


def shown(record: GameRecord, viewer: int | None, lang: str = "en") -> str:
    console = ScriptConsole()
    assert replay(record, viewer, lang, console) == 0
    return console.text


def test_replay_as_a_player_hides_the_other_card(kuhn_text: KuhnTextGame) -> None:
    record = record_without_showdown(kuhn_text)
    cards = record.initial_state().cards  # type: ignore[attr-defined]
    mine, theirs = CARD_NAMES[cards[0]], CARD_NAMES[cards[1]]
    as_first = shown(record, 0)
    assert f"Player 0 card: {mine}" in as_first and theirs not in as_first
    assert "Move 1: Player 0 — bet" in as_first and "Move 2: Player 1 — pass" in as_first
    assert "Winner: Player 0" in as_first and "Seats: Player 0 = human, Player 1 = random" in as_first
    as_second = shown(record, 1)
    assert f"Player 1 card: {theirs}" in as_second and mine not in as_second
    public = shown(record, None)
    assert mine not in public and theirs not in public and "seen by the public" in public


def test_replay_in_german_and_bad_viewer(kuhn_text: KuhnTextGame) -> None:
    record = record_without_showdown(kuhn_text)
    text = shown(record, 0, "de")
    assert "Spielzug 1: Spieler 0 — setzen" in text and "Gewonnen hat: Spieler 0" in text
    with pytest.raises(DwarfhallError, match="--as 2: kuhn has players 0 to 1"):
        replay(record, 2, "en", ScriptConsole())


def test_replay_steps_and_stops(kuhn_text: KuhnTextGame) -> None:
    record = record_without_showdown(kuhn_text)
    console = ScriptConsole(["", "q"])
    replay(record, None, "en", console, step=True)
    assert "Move 1:" in console.text and "Move 2:" not in console.text
    unfinished = GameRecord(record.game, record.options, record.seed, [PASS])
    console = ScriptConsole(["", ""])  # the start, move 1, then past the end
    replay(unfinished, None, "en", console, step=True)
    assert "the game was not finished" in console.text


def test_the_pager_goes_back_and_jumps(kuhn_text: KuhnTextGame) -> None:
    record = record_without_showdown(kuhn_text)
    console = ScriptConsole(["n", "p", "p", "g 2", "g 9", "1", "zzz", "e", "s", "q"])
    replay(record, 0, "en", console, step=True)
    headings = [line for line in console.text.splitlines() if line.startswith("-- ")]
    assert headings == [
        "-- Start --",
        "-- Move 1: Player 0 — bet --",
        "-- Start --",  # p
        "-- Move 2: Player 1 — pass --",  # g 2 (p at the start only says so)
        "-- Move 1: Player 0 — bet --",  # 1
        "-- Move 2: Player 1 — pass --",  # e
        "-- Start --",  # s
    ]
    assert "This is the start; there is no move before it." in console.text
    assert "There is no move '9': choose 0 (the start) to 2." in console.text
    assert "g N (or just N): move N" in console.text  # zzz gets the pager's help
