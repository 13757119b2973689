"""The kit's messages: keys with fields, names with German cases, choices by number."""

from __future__ import annotations

from pathlib import Path

import pytest

from dwarfhall.core import Action, Catalog, DataError, Message, Name, msg

AXE = Name({"en": "Dwarven Axe Fighter", "de": "Zwergischer Axtkämpfer", "de_acc": "Zwergischen Axtkämpfer"})


def catalog() -> Catalog:
    return Catalog(
        {
            "play": {"en": "Play {card}", "de": "Spiele {card:acc}"},
            "draw": {"en": "Draw {n|one card|# cards}", "de": "{n|Eine Karte|# Karten} ziehen"},
            "who": {"en": "{who} plays {what}", "de": "{who} spielt {what}"},
            "typed": {"en": "not understood: {text!r}", "de": "nicht verstanden: {text!r}"},
            "braces": {"en": "{{literal}} {x}", "de": "{{wörtlich}} {x}"},
        }
    )


def test_a_name_takes_its_german_case_and_english_ignores_it() -> None:
    c = catalog()
    assert c.render(msg("play", card=AXE), "de") == "Spiele Zwergischen Axtkämpfer"
    assert c.render(msg("play", card=AXE), "en") == "Play Dwarven Axe Fighter"


def test_a_missing_case_form_falls_back_to_the_basic_name() -> None:
    name = Name({"en": "Surround", "de": "Umzingeln"})
    assert catalog().render(msg("play", card=name), "de") == "Spiele Umzingeln"


def test_choices_by_number_and_nested_messages() -> None:
    c = catalog()
    assert c.render(msg("draw", n=1), "en") == "Draw one card"
    assert c.render(msg("draw", n=3), "de") == "3 Karten ziehen"
    nested = msg("who", who={"en": "Player 1", "de": "Spieler 1"}, what=msg("draw", n=2))
    assert c.render(nested, "de") == "Spieler 1 spielt 2 Karten ziehen"


def test_quoting_and_literal_braces() -> None:
    c = catalog()
    assert c.render("typed", "en", text="") == "not understood: ''"
    assert c.render("braces", "de", x=5) == "{wörtlich} 5"


def test_a_missing_field_is_named() -> None:
    with pytest.raises(KeyError, match="card"):
        catalog().render(Message("play"), "en")


def test_an_action_renders_its_message_in_each_language() -> None:
    action = Action(4, {"move": "play"}, msg("play", card=AXE), catalog())
    assert action.label("de") == "Spiele Zwergischen Axtkämpfer"
    assert action.labels == {"en": "Play Dwarven Axe Fighter", "de": "Spiele Zwergischen Axtkämpfer"}
    assert action.to_json()["labels"]["en"] == "Play Dwarven Axe Fighter"


def test_name_forms_from_data_are_checked() -> None:
    assert Name.from_data({"en": "A", "de": "B", "de_dat": "C"}, "x").form("de", "dat") == "C"
    with pytest.raises(DataError, match=r"cards\.k: missing name for de"):
        Name.from_data({"en": "A"}, "cards.k")
    with pytest.raises(DataError, match="unknown name form 'de_abl'"):
        Name.from_data({"en": "A", "de": "B", "de_abl": "C"}, "cards.k")


def test_messages_files_are_checked_when_loaded(tmp_path: Path) -> None:
    good = tmp_path / "good.toml"
    good.write_text('[hi]\nen = "Hi {who}"\nde = "Hallo {who:dat}"\n', encoding="utf-8")
    assert Catalog.load(good).render("hi", "de", who=AXE) == "Hallo Zwergischer Axtkämpfer"
    bad_case = tmp_path / "case.toml"
    bad_case.write_text('[hi]\nen = "Hi"\nde = "Hallo {who:abl}"\n', encoding="utf-8")
    with pytest.raises(DataError, match=r"\[hi\]\.de: unknown case .abl."):
        Catalog.load(bad_case)
    missing = tmp_path / "missing.toml"
    missing.write_text('[hi]\nen = "Hi"\n', encoding="utf-8")
    with pytest.raises(DataError, match=r"\[hi\]: missing text for de"):
        Catalog.load(missing)
