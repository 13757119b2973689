"""Components as data: the shipped file passes every check; a broken file fails naming the entry."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from dwarfhall.core import DataError, load_game
from dwarfhall.games.alewar.components import DEFAULT_COMPONENTS, load_components, parse_components


def raw() -> dict[str, Any]:
    with open(DEFAULT_COMPONENTS, "rb") as fh:
        return tomllib.load(fh)


def broken(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = raw()
    change(data)
    return data


def test_shipped_components_follow_the_rulebook() -> None:
    """Three Dwarves, three Goblins, two barrels, every value sourced, English and German names."""
    comps = load_components()
    assert [u.side for u in comps.units] == [0, 0, 0, 1, 1, 1]
    assert comps.barrel.count == 2 and comps.barrel.sources["count"] == "rulebook"
    assert all(u.name.form("en") and u.name.form("de") for u in comps.units)
    assert all(set(u.sources.values()) <= {"rulebook", "reconstructed"} for u in comps.units)
    assert comps.terrain_counts == (3, 3, 2)
    assert all(1 <= u.armor <= 6 and u.movement >= 0 for u in comps.units)


def test_components_are_immutable() -> None:
    comps = load_components()
    with pytest.raises(AttributeError):
        comps.units[0].armor = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        comps.units[0].name.forms["en"] = "x"  # type: ignore[index]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["dwarves"].pop(), r"test\.toml: dwarves: must list at least 3 entries, found 2"),
        (lambda d: d["goblins"].append(dict(d["goblins"][0], key="extra")), r"goblins: must list at most 3 entries"),
        (lambda d: d["dwarves"][1].update(armor=7), r"dwarves 'shieldbearer': armor: 7 is outside 1\.\.6"),
        (lambda d: d["goblins"][2].update(armor=0), r"goblins 'brute': armor: 0 is outside"),
        (lambda d: d["dwarves"][0].update(movement=-1), r"dwarves 'axeman': movement: -1 is outside 0\.\.10"),
        (lambda d: d["dwarves"][0].update(movement="2"), r"dwarves 'axeman': movement: must be a whole number"),
        (lambda d: d["goblins"][0]["name"].pop("de"), r"goblins 'spearman': name: missing de"),
        (lambda d: d["dwarves"][2]["name"].update(en=" "), r"dwarves 'scout': name: en: must not be blank"),
        (lambda d: d["dwarves"][2].update(source="guess"), r"dwarves 'scout': source: must be one of rulebook"),
        (lambda d: d["goblins"][1].update(key="axeman"), r"unit key 'axeman' is used twice"),
        (lambda d: d["goblins"][1].update(speed=3), r"goblins 'warrior': unknown key\(s\) speed"),
        (lambda d: d["barrels"].update(count=3), r"test\.toml: barrels: count: must be 2, not 3"),
        (lambda d: d["barrels"].update(armor=9), r"barrels: armor: 9 is outside 1\.\.6"),
        (lambda d: d["terrain"]["lake"].update(count=16), r"terrain: lake: count 16 is more than 15"),
        (lambda d: d["terrain"]["tree"].update(count=37), r"terrain: tree: count: 37 is outside 0\.\.36"),
        (lambda d: d["terrain"].pop("hill"), r"terrain: missing hill"),
        (lambda d: d["terrain"].update(swamp={}), r"terrain: unknown key\(s\) swamp; allowed: hill, lake, tree"),
        (lambda d: d.update(heroes=[]), r"test\.toml: unknown key\(s\) heroes"),
        (lambda d: d.pop("sides"), r"test\.toml: missing sides"),
        (lambda d: d["sides"].update(orcs={}), r"sides: unknown key\(s\) orcs; allowed: dwarves, goblins"),
        (lambda d: d["sides"]["goblins"]["name"].pop("de"), r"sides: goblins: name: missing de"),
        (lambda d: d["sides"]["dwarves"].update(source="guess"), r"sides: dwarves: source: must be one of"),
        (lambda d: d["sides"]["dwarves"]["name"].update(de_abl="x"), r"sides: dwarves: name: unknown key 'de_abl'"),
    ],
)
def test_loader_errors_name_the_entry(change: Callable[[dict[str, Any]], None], message: str) -> None:
    with pytest.raises(DataError, match=message):
        parse_components(broken(change), "test.toml")


def test_terrain_that_does_not_fit_the_board() -> None:
    """Terrain counts must fit the 36 squares."""

    def too_many(d: dict[str, Any]) -> None:
        d["terrain"]["tree"]["count"] = 20
        d["terrain"]["hill"]["count"] = 17

    with pytest.raises(DataError, match=r"terrain: 39 pieces, but the board has only 36 squares"):
        parse_components(broken(too_many), "test.toml")


def test_user_file_through_the_components_option(tmp_path: Path) -> None:
    """A corrected file is passed as option components=PATH and checked the same way."""
    good = tmp_path / "mine.toml"
    good.write_text(DEFAULT_COMPONENTS.read_text(encoding="utf-8").replace("armor = 3", "armor = 2"), encoding="utf-8")
    game = load_game("alewar", {"components": str(good)})
    assert game.components.units[2].armor == 2  # type: ignore[attr-defined]
    bad = tmp_path / "bad.toml"
    text = DEFAULT_COMPONENTS.read_text(encoding="utf-8")
    bad.write_text(text.replace("armor = 5", "armor = 8", 1), encoding="utf-8")
    with pytest.raises(DataError, match=r"bad\.toml: dwarves 'shieldbearer': armor: 8 is outside 1\.\.6"):
        load_game("alewar", {"components": str(bad)})


def test_missing_or_malformed_file(tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"cannot read components file"):
        load_components(tmp_path / "nope.toml")
    junk = tmp_path / "junk.toml"
    junk.write_text("this is = = not toml", encoding="utf-8")
    with pytest.raises(DataError, match=r"junk\.toml is not valid TOML"):
        load_components(junk)


def test_the_sides_are_named_in_the_data_with_their_source() -> None:
    """The rulebook's two sides, Dwarves and Goblins, in English and German, with the German dative."""
    comps = load_components()
    assert [side.key for side in comps.sides] == ["dwarves", "goblins"]
    dwarves, goblins = (comps.side_name(key) for key in ("dwarves", "goblins"))
    assert (dwarves.form("en"), dwarves.form("de"), dwarves.form("de", "dat")) == ("Dwarves", "Zwerge", "Zwergen")
    assert (goblins.form("en"), goblins.form("de")) == ("Goblins", "Goblins")
    assert all(side.sources["name"] == "rulebook" for side in comps.sides)


def test_text_view_web_view_and_report_read_the_side_names_from_the_file(tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    text = DEFAULT_COMPONENTS.read_text(encoding="utf-8")
    mine.write_text(text.replace('de = "Zwerge"', 'de = "Zwergenvolk"').replace('en = "Goblins"', 'en = "Gobbos"'))
    game = load_game("alewar", {"components": str(mine), "dwarf_seat": 0})
    state = game.new_state(3)
    while state.observation(0)["phase"] != "move":  # through the set-up to the first move
        state.apply(state.legal_action_ids()[0])
    board_de = game.text_view().render(state.observation(0), "de", False)
    board_en = game.text_view().render(state.observation(0), "en", False)
    assert "Zwergenvolk (Spieler 0)" in board_de and "Gobbos (player 1)" in board_en
    assert "Zwerge (Spieler" not in board_de and "Goblins (player" not in board_en
    page = game.web_view().render(state.observation(0), state.legal_actions(), "de")
    assert ">Zwergenvolk (Spieler 0)</h4>" in page and "Zwerge (Spieler" not in page
    assert game.group_name("dwarves", "de") == "Zwergenvolk" and game.group_name("goblins", "en") == "Gobbos"
