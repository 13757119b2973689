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


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_option_of_every_game_says_what_it_does(lang: str) -> None:
    from dwarfhall.commands_games import option_text
    from dwarfhall.core.registry import game_class, game_names

    for name in game_names():
        cls = game_class(name)
        for option, _, _ in cls.options_type.describe():
            text = option_text(cls, option, lang)
            assert text, f"{name}: option {option} has no sentence in {lang}"
    assert "random" in (option_text(game_class("spring"), "first_player", lang) or "")


def test_the_sentences_show_under_their_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = lines.index("            first_player: str = '0'")
    assert "random" in " ".join(lines[at + 1 : at + 4])
