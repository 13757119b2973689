"""A mistyped sub-command, game name or in-game command gets a suggestion."""

from __future__ import annotations

from pathlib import Path

import pytest

from dwarfhall.cli import main

from ..support.kuhn_text import KuhnTextGame
from .conftest import play


def test_mistyped_sub_command_and_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["pla"])
    assert "did you mean 'play'?" in capsys.readouterr().err
    assert main(["play", "dul"]) == 2
    assert "unknown game 'dul' (did you mean 'duel'?)" in capsys.readouterr().err


def test_mistyped_command_in_the_game(kuhn_text: KuhnTextGame, tmp_path: Path) -> None:
    _, console, _ = play(kuhn_text.new_state(3), ["sav", "rules"], tmp_path)
    assert "Not understood: 'sav'. Did you mean save?" in console.text
    assert "has no rules summary" in console.text
