"""`dwarfhall games`: every registered game with its options, in English and German."""

from __future__ import annotations

import pytest

from dwarfhall.cli import main


def test_games_lists_each_game_and_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "duel       The Dwarves: The Duel (2 players)" in out
    assert "alewar     Dwarves vs Goblins (Ale War) (2 players)" in out
    assert "first_player: 'random' | '0' | '1' | int = 'random'" in out
    assert "turn_limit: int | None = None" in out
    assert main(["games", "--lang", "de"]) == 0
    assert "(2 Spieler)" in capsys.readouterr().out
