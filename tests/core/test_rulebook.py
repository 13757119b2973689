"""The "How to play" files: one source, checked when loaded, with every text in English and German."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dwarfhall.core import DataError, load_game
from dwarfhall.core.rulebook import load_rulebook, rulebook_of
from dwarfhall.play.screen import fit, visible_len

GAMES = ["duel", "alewar", "spring"]
WIDTH = 80


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "rules.toml"
    path.write_text(text, encoding="utf-8")
    return path


GOOD = """
title = { en = "How to play", de = "Spielanleitung" }
[[section]]
key = "goal"
title = { en = "Goal", de = "Ziel" }
pictures = ["die:5"]
en = \"\"\"
Win the game.
- first item
- second item
Then `type` this.
\"\"\"
de = \"\"\"
Gewinne das Spiel.
- erster Punkt
- zweiter Punkt
Dann tippe `das`.
\"\"\"
"""


@pytest.mark.parametrize("game", GAMES)
def test_every_text_of_a_rules_file_is_in_english_and_in_german(game: str) -> None:
    book = rulebook_of(load_game(game))
    assert book is not None
    assert book.untranslated() == []
    assert {"goal", "setup", "end", "reconstructed"} <= {s.key for s in book.sections}


@pytest.mark.parametrize("game", GAMES)
def test_each_picture_slot_is_drawn_by_the_game_web_view(game: str) -> None:
    loaded = load_game(game)
    book = rulebook_of(loaded)
    assert book is not None
    view = loaded.web_view()
    slots = [slot for section in book.sections for slot in section.pictures]
    assert slots
    for lang in ("en", "de"):
        for slot in slots:
            assert view.picture(slot, lang).startswith("<"), (slot, lang)
    assert view.picture("no-such-slot", "en") == ""


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_the_terminal_rules_are_the_sections_and_fit_80_columns(game: str, lang: str) -> None:
    loaded = load_game(game)
    book = rulebook_of(loaded)
    assert book is not None
    text = loaded.text_view().rules(lang)
    for section in book.for_outlet("terminal"):
        assert section.paragraphs(lang)[0] in text
    assert max(visible_len(line) for line in fit(text, WIDTH).splitlines()) <= WIDTH


@pytest.mark.parametrize("game", GAMES)
def test_the_reconstruction_mark_is_explained_on_the_page(game: str) -> None:
    book = rulebook_of(load_game(game))
    assert book is not None
    keys = [s.key for s in book.for_outlet("page")]
    assert "reconstructed" in keys and "terminal" not in keys
    assert "°" in book.html("en") and "°" in book.html("de")


def test_the_page_fragment_has_anchors_lists_and_pictures(tmp_path: Path) -> None:
    book = load_rulebook(write(tmp_path, GOOD))
    page = book.html("de", lambda slot, lang: f'<i data-slot="{slot}" lang="{lang}"></i>')
    assert '<a href="#rules-goal">Ziel</a>' in page and '<section id="rules-goal">' in page
    assert '<i data-slot="die:5" lang="de"></i>' in page
    assert "<ul><li>erster Punkt</li><li>zweiter Punkt</li></ul><p>Dann tippe <code>das</code>.</p>" in page
    assert book.text("en") == "Goal\nWin the game.\n- first item\n- second item\nThen `type` this."


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('de = """\nGewinne', 'fr = """\nGewinne'), "section 'goal': unknown field 'fr'"),
        (('key = "goal"', 'key = "Goal!"'), "section 'Goal!': key must be"),
        (('title = { en = "Goal", de = "Ziel" }', 'title = { en = "Goal" }'), "section 'goal': title: no text in de"),
        (('pictures = ["die:5"]', 'outlets = ["radio"]'), "section 'goal': outlets must be among"),
    ],
)
def test_a_broken_rules_file_names_the_section_and_field(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    with pytest.raises(DataError, match=re.escape(message)):
        load_rulebook(write(tmp_path, GOOD.replace(*change)))


def test_a_german_text_left_in_english_is_found(tmp_path: Path) -> None:
    book = load_rulebook(
        write(
            tmp_path,
            GOOD.replace("Gewinne das Spiel.", "Win the game.").replace(
                "- erster Punkt\n- zweiter Punkt\nDann tippe `das`.", "- first item\n- second item\nThen `type` this."
            ),
        )
    )
    assert book.untranslated() == ["goal.body: the German text is the English one"]


def test_a_rules_file_that_is_not_toml_is_a_data_error_naming_the_file(tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"rules file .*rules\.toml is not valid TOML"):
        load_rulebook(write(tmp_path, 'title = { en = "Goal"'))
