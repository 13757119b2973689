"""German sentences of the Duel's terminal put card names in the case the sentence needs (Name's case forms from
cards.toml): "spielt Zwergischen Axtkämpfer" (accusative), "mit Zwergischem Axtkämpfer" (dative)."""

from __future__ import annotations

import random
import re
from pathlib import Path

from dwarfhall.core import load_game
from dwarfhall.games.duel.textview import DuelTextView, msg
from dwarfhall.play.console import ScriptConsole
from dwarfhall.play.savefile import HUMAN
from dwarfhall.play.session import Session, Settings

AXE = "ally_threes"  # good side: Dwarf Axe Fighter / Zwergischer Axtkämpfer (reconstructed: marked °)


def test_a_card_played_is_in_the_accusative_and_one_cancelling_in_the_dative() -> None:
    card = DuelTextView().noun(AXE, "good")
    assert msg("cause_plays", "de", who="Spieler 1", card=card) == "Spieler 1 spielt Zwergischen Axtkämpfer°"
    assert msg("cause_plays", "en", who="Player 1", card=card) == "Player 1 plays Dwarf Axe Fighter°"
    assert msg("cause_before_roll", "de", who="Spieler 1", card=card) == (
        "Spieler 1 spielt vor dem Wurf Zwergischen Axtkämpfer°"
    )
    cancels = msg("cause_cancels", "de", who="Spieler 0", card=card)
    assert cancels == "Spieler 0 verhindert den Schaden mit Zwergischem Axtkämpfer°"
    assert msg("cause_cancels", "en", who="Player 0", card=card) == "Player 0 cancels the point with Dwarf Axe Fighter°"


def test_damage_aimed_at_a_card_names_it_in_the_accusative() -> None:
    card = DuelTextView().noun(AXE, "good")
    ask = msg("ask_cancel", "de", source="Bogglin", target=card)
    assert ask == "Bogglin: 1 Schaden gegen Zwergischen Axtkämpfer° in deiner Auslage — verhindern?"
    wait = msg("wait_cancel", "de", target=card, player="Spieler 0")
    assert wait.startswith("1 Schaden gegen Zwergischen Axtkämpfer° von Spieler 0")
    assert msg("wait_cancel", "en", target=card, player="Player 0").startswith("1 damage aimed at Dwarf Axe Fighter°")


def test_own_cards_in_the_log_need_no_guessed_article() -> None:
    card = DuelTextView().noun("ally_fours", "good")  # Zwergische Hammerwache: feminine
    line = msg("log_defeated_you", "de", card=card)
    assert line == "Deine Karte Zwergische Hammerwache° verlässt die Auslage und kommt auf die Ablage"
    assert (
        msg("log_defeated_you", "en", card=card) == "Your Dwarf Hammer Guard° leaves the display for the discard pile"
    )


class _Person(ScriptConsole):
    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        self.rng = rng

    def read(self, prompt: str) -> str:
        listed = re.findall(r"^\s+(\d+)\) ", self.text.split("> ")[-1], re.MULTILINE)
        self.lines = [f"{self.rng.choice(listed or ['1'])}a"] if len(self.out) < 20000 else []
        return super().read(prompt)


def test_no_german_screen_puts_a_card_in_the_nominative_after_a_verb_or_preposition(tmp_path: Path) -> None:
    """Whole German games against the computer: no 'spielt/mit/gegen' followed by a nominative-only form."""
    view = DuelTextView()

    def differing(case: str) -> list[str]:
        faces = [kind.faces[side].noun for kind in view.cards.kinds for side in ("good", "evil")]
        return [re.escape(noun.form("de")) for noun in faces if noun.form("de", case) != noun.form("de")]

    assert "Zwergischer\\ Axtkämpfer" in differing("acc") and "Zwergischer\\ Axtkämpfer" in differing("dat")
    accusative = re.compile(r"\b(spielt|Spiele|gegen|auf)( vor dem Wurf)? (" + "|".join(differing("acc")) + r")(?!\w)")
    dative = re.compile(r"\bmit (" + "|".join(differing("dat")) + r")(?!\w)")
    for seed in (1, 2, 3):
        console = _Person(random.Random(seed))
        session = Session(load_game("duel").new_state(seed), Settings("vs", [HUMAN, "random"], "de", tmp_path), console)
        session.intro()
        session.run()
        assert "Spieler 1 spielt" in console.text or "Der Computer" in console.text
        found = accusative.findall(console.text) + dative.findall(console.text)
        assert not found, found[:3]
