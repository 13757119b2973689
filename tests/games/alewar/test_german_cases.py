"""The Ale War screens' German sentences put a unit in the case the sentence needs, from the Name forms of
components.toml: a unit placed or attacked is the object (accusative); the shipped names are alike in every
case, so a corrected file with distinct forms shows it."""

from __future__ import annotations

from pathlib import Path

from dwarfhall.core import load_game
from dwarfhall.games.alewar.components import DEFAULT_COMPONENTS, load_components
from dwarfhall.games.alewar.textview import AleWarTextView
from dwarfhall.games.alewar.words import attack_text, msg

from .helpers import position

AXEMAN = 'name = { en = "Dwarf Axeman", de = "Zwergen-Axtkämpfer" }'
INFLECTED = 'name = { en = "Dwarf Axeman", de = "Zwergischer Axtkämpfer", de_acc = "Zwergischen Axtkämpfer" }'


def corrected(tmp_path: Path) -> Path:
    path = tmp_path / "components.toml"
    path.write_text(DEFAULT_COMPONENTS.read_text(encoding="utf-8").replace(AXEMAN, INFLECTED), encoding="utf-8")
    return path


def test_placing_a_unit_names_it_in_the_accusative(tmp_path: Path) -> None:
    game = load_game("alewar", {"components": str(corrected(tmp_path)), "dwarf_seat": 0})
    state = game.new_state(1)
    view = game.text_view()
    placing = [a for a in state.legal_actions() if a.payload.get("unit") == "axeman"]
    assert placing and all(a.payload["type"] == "place" for a in placing)
    line_de = view.group_line(placing, state.observation(0), "de")
    line_en = view.group_line(placing, state.observation(0), "en")
    assert line_de is not None and line_de.startswith("Zwergischen Axtkämpfer (Z1) aufstellen auf: ")
    assert line_en is not None and line_en.startswith("place Dwarf Axeman (D1) on: ")


def test_an_attacked_unit_is_in_the_accusative_and_the_attacker_in_the_nominative(tmp_path: Path) -> None:
    view = AleWarTextView(load_components(corrected(tmp_path)))
    attack = {"attacker": "brute", "target": "axeman", "square": "c4", "die": 4, "modifier": 0, "total": 4,
              "armor": 4, "hit": True}  # fmt: skip
    obs = position(units={"axeman": "c4", "brute": "c3"}, barrels=["a1", "f1"]).observation(None)
    german = attack_text(obs, attack, "attack_log", "de", view.nouns)
    assert german == "Goblin-Rohling greift Zwergischen Axtkämpfer auf c4 an: Wurf 4 gegen Rüstung 4 — " + msg(
        "hit", "de"
    )
    english = attack_text(obs, attack, "attack_log", "en", view.nouns)
    assert english.startswith("Goblin Brute attacks Dwarf Axeman on c4: rolls 4 against armor 4")
    attacker_first = dict(attack, attacker="axeman", target="brute")
    assert attack_text(obs, attacker_first, "last_attack", "de", view.nouns).startswith(
        "Letzter Angriff: Zwergischer Axtkämpfer griff Goblin-Rohling auf c4 an"
    )


def test_the_shipped_names_read_alike_in_every_case() -> None:
    """Why the shipped file needs no case forms: every German unit name is a compound noun without an adjective."""
    comps = load_components()
    assert all(u.name.form("de", case) == u.name.form("de") for u in comps.units for case in ("acc", "dat"))
