"""Spring's components as data: the shipped files pass every check of spring.md §2, and a copy of the data
with one value broken fails with an error naming the file and the entry at fault."""

from __future__ import annotations

import copy
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from dwarfhall.core import DataError
from dwarfhall.games.spring.components import (
    DEFAULT_DIRECTORY,
    Components,
    load_components,
    name_form,
    parse_components,
    read_raw,
)

Raw = dict[str, dict[str, Any]]
SHIPPED: Raw = read_raw(DEFAULT_DIRECTORY)


def broken(change: Callable[[Raw], None]) -> Raw:
    data = copy.deepcopy(SHIPPED)
    change(data)
    return data


def fails(change: Callable[[Raw], None], message: str) -> None:
    with pytest.raises(DataError, match=message):
        parse_components(broken(change), "DATA")


def entry(data: Raw, family: str, section: str, entry_id: str) -> dict[str, Any]:
    return next(e for e in data[family][section] if e.get("id", e.get("resource")) == entry_id)


# ----------------------------------------------------------------------------------- the shipped data


def test_shipped_components_have_every_count_of_section_2() -> None:
    """spring.md §2: 19 petals, 12 monsters, 26 quests, 72 dragon cards, 20 faeries, 10 webs, the pieces."""
    comps = load_components()
    assert len(comps.wildlands) + len(comps.grasslands) == 19
    assert sorted((w.terrain, w.number) for w in comps.wildlands) == [
        ("forest", 1), ("forest", 2), ("mountain", 1), ("mountain", 2), ("plains", 1), ("plains", 2)
    ]
    assert sum(len(g.slots) for g in comps.grasslands) == 91
    assert len(comps.monsters) == 12 and len(comps.monster_kinds) == 6
    assert len(comps.quests) == 26
    assert sum(len(d.levels) for d in comps.dragons) == 72
    assert sum(d.white_ribbon for d in comps.dragons) == 4
    assert len(comps.dragons) - 4 == 20  # the egg pile of a 4-player game
    assert len(comps.faerie_deck()) == 20
    assert sum(k.webs for m in comps.monsters for k in [comps.monster_kinds[m.kind]]) == comps.web_tokens == 10
    assert sum(len(line.positions) for line in comps.lines) == 12
    assert (comps.pieces["dwarfs"], comps.pieces["fortress"], comps.pieces["exhaust_tokens"]) == (7, 1, 4)
    assert len(comps.heroes) == 7
    assert [comps.limits[k] for k in ("warehouse", "faerie_hand", "nest", "nest_with_fortress", "successes")] == [
        7, 5, 5, 6, 5
    ]
    exp = comps.expedition
    assert exp["spawned_at_setup"] + exp["monsters_in_deck"] == 9  # 3 unused monsters stay in the box
    assert exp["monsters_in_deck"] + len(comps.quests) - exp["revealed_at_setup"] == 29


def test_reconstructed_values_are_tagged_value_by_value() -> None:
    """components.md: every value names its source; the interface marks the reconstructed ones."""
    comps = load_components()
    witch = comps.monster_kinds["witch"]
    assert witch.source_of("cap") == "rulebook" and witch.source_of("name") == "rulebook"
    assert comps.monster_kinds["harpy"].source_of("name") == "reconstructed"
    assert comps.monster_kinds["spider"].source_of("webs") == "reconstructed"
    q19 = next(q for q in comps.quests if q.id == "Q19")
    assert q19.source_of("requires") == "rulebook" and q19.source_of("vp") == "reconstructed"
    q26 = next(q for q in comps.quests if q.id == "Q26")
    assert q26.source_of("requires") == "reconstructed"
    assert all(h.reconstructed for h in comps.heroes)
    assert comps.limits.source_of("warehouse") == "rulebook" and comps.limits.source_of("successes") == "reconstructed"
    assert comps.wildland("W-F1").source_of("gather") == "rulebook"
    assert comps.wildland("W-P1").source_of("gather") == "reconstructed"
    every = [
        *comps.wildlands, *comps.grasslands, *comps.heroes, *comps.monster_kinds.values(), *comps.monsters,
        *comps.quests, *comps.dragons, *comps.faeries, *comps.lines, *comps.spots,
    ]
    assert all(set(e.sources.values()) <= {"rulebook", "reconstructed"} and e.sources for e in every)


def test_names_in_both_languages_with_german_cases() -> None:
    """Every name has English and German; case forms fall back to the plain German form."""
    comps = load_components()
    cyclops = comps.monster_kinds["cyclops"].name
    assert name_form(cyclops, "de", "acc") == "Zyklopen" and name_form(cyclops, "de") == "Zyklop"
    assert name_form(cyclops, "en", "acc") == "Cyclops"
    witch = comps.monster_kinds["witch"].name
    assert name_form(witch, "de", "gen") == "Hexe"
    drake = comps.dragons[4].levels[1].name
    assert (name_form(drake, "en"), name_form(drake, "de"), name_form(drake, "de", "dat")) == (
        "Timber Drake A", "Holzdrache A", "Holzdrachen A"
    )
    names = [h.name for h in comps.heroes] + [f.name for f in comps.faeries] + [w.name for w in comps.wildlands]
    assert all(n["en"].strip() and n["de"].strip() for n in names)
    assert all(q.text["en"] and q.text["de"] for q in comps.quests)


def test_components_are_immutable() -> None:
    comps = load_components()
    with pytest.raises(AttributeError):
        comps.heroes[0].axes = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        comps.heroes[0].name["en"] = "x"  # type: ignore[index]


# --------------------------------------------------------------------------- spring.md §2, one by one


def test_map_has_13_grassland_petals() -> None:
    """spring.md §2 map petals: 19 = 6 wildland + 13 grassland (a hexagon of radius 2)."""
    fails(lambda d: d["map"]["grassland"].pop(), r"map\.toml: the map has 19 petals .* has 12 grassland petals")


def test_map_has_each_wildland_once() -> None:
    """spring.md §2 wildland petals: Forest, Plains and Mountain, each numbered 1 and 2."""
    fails(
        lambda d: entry(d, "map", "wildland", "W-P2").update(terrain="forest", number=1),
        r"map\.toml: wildland 'W-P2': forest 1 is already wildland 'W-F1'",
    )
    fails(lambda d: d["map"]["wildland"].pop(), r"map\.toml: the map has 6 wildland petals .* missing mountain 2")
    fails(
        lambda d: entry(d, "map", "wildland", "W-M1").update(number=3),
        r"map\.toml: wildland 'W-M1': number must be 1 or 2",
    )


def test_grassland_petal_has_7_spots() -> None:
    """spring.md §2 spots per grassland petal: 7, so 13 x 7 = 91 spots."""
    fails(
        lambda d: entry(d, "map", "grassland", "G05")["slots"].pop(),
        r"map\.toml: grassland 'G05': a grassland petal has 7 spots .* list 6",
    )


def test_twelve_monster_cards_two_of_each_kind() -> None:
    """spring.md §2 monster cards: 12 = 6 kinds x 2, one homed on petal 1 and one on petal 2 of the kind's terrain."""
    fails(
        lambda d: entry(d, "monsters", "monster", "M04").update(kind="spider"),
        r"monsters\.toml: monster 'M04': another spider card already has home 'W-F2'",
    )
    fails(
        lambda d: d["monsters"]["monster"].pop(),
        r"monsters\.toml: monster_kind 'cyclops': has 1 cards; each kind has 2",
    )
    fails(
        lambda d: entry(d, "monsters", "monster", "M05").update(home="W-F1"),
        r"monsters\.toml: monster 'M05': a witch spawns in plains, but home 'W-F1' is forest",
    )
    fails(
        lambda d: entry(d, "monsters", "monster", "M09").update(kind="ogre"),
        r"monsters\.toml: monster 'M09': kind 'ogre' is not a \[\[monster_kind\]\]",
    )


def test_monster_kinds_carry_the_rulebook_abilities() -> None:
    """rulebook: six abilities, each printed with the terrain its monster spawns in."""
    fails(
        lambda d: entry(d, "monsters", "monster_kind", "frogling").update(terrain="plains"),
        r"monsters\.toml: monster_kind 'frogling': the rulebook spawns the monster with this ability in forest",
    )
    fails(
        lambda d: entry(d, "monsters", "monster_kind", "cyclops").update(cap="gold"),
        r"monsters\.toml: monster_kind 'cyclops': has the same ability as 'harpy'",
    )
    fails(
        lambda d: entry(d, "monsters", "monster_kind", "petrifier").update(webs=3),
        r"monsters\.toml: monster_kind 'petrifier': `webs` .* only to, the webs ability",
    )


def test_setup_split_of_the_monsters() -> None:
    """spring.md §2: 3 spawned at setup + 6 in the expedition deck + 3 unused; the area shows 6 (rulebook)."""
    fails(
        lambda d: d["monsters"]["expedition"].update(monsters_in_deck=7),
        r"monsters\.toml: \[expedition\] monsters_in_deck: the rulebook gives 6, the file says 7",
    )
    fails(
        lambda d: d["monsters"]["expedition"].update(spawned_at_setup=2),
        r"monsters\.toml: \[expedition\] spawned_at_setup: the rulebook gives 3",
    )


def test_monsters_in_play_never_outnumber_wildlands() -> None:
    """spring.md §2: at most 6 monsters in play, because only the 6 face-up cards are; 6 wildlands."""
    fails(
        lambda d: d["monsters"]["expedition"].update(area=7),
        r"monsters\.toml: \[expedition\] area: the rulebook gives 6, the file says 7",
    )


def test_twenty_six_quests_with_distinct_requirements() -> None:
    """spring.md §2 quest cards: 26 (25 rulebook texts + 1 reconstructed); expedition deck 6 + 26 = 32."""
    fails(lambda d: d["quests"]["quest"].pop(), r"quests\.toml: there are 26 quest cards, the file has 25")
    fails(
        lambda d: entry(d, "quests", "quest", "Q11").update(requires={"resources": {"food": 5}}),
        r"quests\.toml: quest 'Q11': the same requirement as quest 'Q10'",
    )
    fails(
        lambda d: entry(d, "quests", "quest", "Q02").update(requires={"dragon_level": 4}),
        r"quests\.toml: quest 'Q02': dragons have at most level 3",
    )


def test_every_dragon_has_three_levels() -> None:
    """spring.md §2 dragon cards: 72 = 24 dragons x L1/L2/L3, so training always finds the next card."""
    fails(
        lambda d: entry(d, "dragons", "dragon", "D07")["level"].pop(),
        r"dragons\.toml: dragon 'D07': every dragon has a level 1, 2 and 3 card .* found 2",
    )
    fails(
        lambda d: d["dragons"]["dragon"].append(dict(entry(d, "dragons", "dragon", "D24"), id="D25")),
        r"dragons\.toml: there are 72 dragon cards = 24 dragons x 3 levels; the file has 25 dragons",
    )
    fails(
        lambda d: entry(d, "dragons", "dragon", "D09")["level"][0].update(vp=1),
        r"dragons\.toml: dragon 'D09': level 1: only level 2 and 3 dragons score VP",
    )


def test_four_white_ribbon_dragons() -> None:
    """spring.md §2 white-ribbon L1 dragons: 4, one per player in a 4-player game."""
    fails(
        lambda d: entry(d, "dragons", "dragon", "D05").update(white_ribbon=True),
        r"dragons\.toml: 4 level 1 dragons have the white ribbon .* marks 5: D01, D02, D03, D04, D05",
    )


def test_egg_pile_never_runs_dry() -> None:
    """spring.md §2 egg pile: 4 players x (nest 6 - 1 starter) = 20 eggs."""
    fails(
        lambda d: d["dragons"]["dragon"].pop(),
        r"dragons\.toml: the egg pile has 19 level 1 dragons, fewer than 20",
    )


def test_training_costs_are_the_rulebook_ones() -> None:
    """rulebook: 4 to train level 1 into level 2, then 5."""
    fails(
        lambda d: d["dragons"]["training"].update(cost=[4, 4]),
        r"dragons\.toml: \[training\] cost: the rulebook gives \(4, 5\), the file says \(4, 4\)",
    )


def test_twenty_faerie_cards() -> None:
    """spring.md §2 faerie cards: 20, including the three effects the rulebook names."""
    fails(
        lambda d: entry(d, "faeries", "faerie", "F1").update(copies=4),
        r"faeries\.toml: there are 20 faerie cards, the copies add up to 19 \(F1 x4,",
    )
    fails(
        lambda d: entry(d, "faeries", "faerie", "F3").update(effect={"remove_web": 2}),
        r"faeries\.toml: no faerie has the effect swap_dwarfs, which the rulebook names",
    )
    fails(
        lambda d: entry(d, "faeries", "faerie", "F6").update(effect={"axe": 1}),
        r"faeries\.toml: faerie 'F6': has the same effect as faerie 'F5'",
    )


def test_webs_fit_the_ten_tokens() -> None:
    """spring.md §2 web tokens: 10 = 2 spiders x 5 webs."""
    fails(
        lambda d: entry(d, "monsters", "monster_kind", "spider").update(webs=6),
        r"monsters\.toml: monster_kind 'spider': its cards would place 12 webs, but the box has 10 web tokens",
    )
    fails(lambda d: d["monsters"].update(web_tokens=12), r"monsters\.toml: web_tokens: the rulebook gives 10")


def test_four_exhaust_tokens_for_two_dragon_spots() -> None:
    """spring.md §2 exhaust tokens: 4 per player = 2 dragon spots x 2 dragons."""
    fails(
        lambda d: d["empire"]["pieces"].update(exhaust_tokens=3),
        r"empire\.toml: \[pieces\] exhaust_tokens: the rulebook gives 4, the file says 3",
    )
    fails(
        lambda d: d["empire"]["spot"].remove(entry(d, "empire", "spot", "dragon2")),
        r"empire\.toml: the board lacks the spot\(s\) \(action, line, order\) \('dragons', None, 2\)",
    )


def test_pieces_per_player() -> None:
    """spring.md §2 per player: 12 settlements (3 lines x 4), a fortress, 7 dwarfs, 7 heroes."""
    fails(
        lambda d: entry(d, "empire", "line", "food")["positions"].pop(),
        r"empire\.toml: line 'food': a production line holds 4 settlements .* gives 3 positions",
    )
    fails(
        lambda d: entry(d, "empire", "line", "gold").update(resource="wood"),
        r"empire\.toml: there is one production line per resource",
    )
    fails(lambda d: d["empire"]["pieces"].update(dwarfs=8), r"empire\.toml: \[pieces\] dwarfs: the rulebook gives 7")
    fails(lambda d: d["empire"]["pieces"].update(fortress=2), r"empire\.toml: \[pieces\] fortress: the rulebook")
    fails(lambda d: d["heroes"]["hero"].pop(), r"heroes\.toml: each player has 7 starting heroes, the file has 6")


def test_limits() -> None:
    """spring.md §2 limits: warehouse 7, faerie hand 5, nest 5 (6 with the fortress); successes are a knob."""
    fails(lambda d: d["empire"]["limits"].update(warehouse=8), r"\[limits\] warehouse: the rulebook gives 7")
    fails(lambda d: d["empire"]["limits"].update(faerie_hand=6), r"\[limits\] faerie_hand: the rulebook gives 5")
    fails(lambda d: d["empire"]["limits"].update(nest=4), r"\[limits\] nest: the rulebook gives 5")
    fails(
        lambda d: d["empire"]["limits"].update(nest_with_fortress=7),
        r"\[limits\] nest_with_fortress: the rulebook gives 6",
    )
    fails(lambda d: d["empire"]["limits"].update(successes=0), r"limits: successes: must be at least 1, not 0")
    tuned = parse_components(broken(lambda d: d["empire"]["limits"].update(successes=3)), "DATA")
    assert tuned.limits["successes"] == 3


def test_action_spots_of_the_board() -> None:
    """spring.md §4.1: one build spot per line, fortress, faerie, 2 dragon and 2 expedition spots."""
    fails(
        lambda d: d["empire"]["spot"].append(dict(entry(d, "empire", "spot", "faerie"), id="faerie2")),
        r"empire\.toml: spot 'faerie2': the board has only 1 spot with action 'faerie'",
    )
    fails(
        lambda d: entry(d, "empire", "spot", "fortress").update(line="wood"),
        r"empire\.toml: spot 'fortress': `line` belongs to, and only to, the build spots",
    )


# ------------------------------------------------------------------------------------- shapes and files


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: entry(d, "monsters", "monster", "M04").update(axes=-1), r"'M04': axes: must be at least 1, not -1"),
        (lambda d: entry(d, "monsters", "monster", "M04").pop("vp"), r"monster 'M04': missing vp"),
        (lambda d: entry(d, "heroes", "hero", "H3").update(speed=2), r"hero 'H3': unknown key\(s\) speed"),
        (lambda d: entry(d, "heroes", "hero", "H1")["name"].pop("de"), r"hero 'H1': name: missing de"),
        (lambda d: entry(d, "heroes", "hero", "H1")["name"].update(de_abl="x"), r"'H1': name: unknown key 'de_abl'"),
        (lambda d: entry(d, "heroes", "hero", "H2").update(source="guess"), r"source: must be one of rulebook, rec"),
        (lambda d: entry(d, "heroes", "hero", "H2").update(sources={"speed": "rulebook"}), r"hero 'H2': sources"),
        (lambda d: entry(d, "map", "grassland", "G02")["slots"].__setitem__(1, "lava"), r"grassland 'G02': slots"),
        (lambda d: entry(d, "map", "grassland", "G02").update(type="swamp"), r"grassland 'G02': type 'swamp'"),
        (lambda d: entry(d, "dragons", "dragon", "D04")["level"][1].update(vp="x"), r"dragon 'D04': level #2: vp"),
        (lambda d: entry(d, "faeries", "faerie", "F1").update(effect={"fly": 1}), r"faerie 'F1': effect: unknown"),
        (lambda d: entry(d, "quests", "quest", "Q05")["requires"].update(x=1), r"quest 'Q05': requires: unknown"),
        (lambda d: entry(d, "heroes", "hero", "H4").update(id="H5"), r"heroes\.toml: hero 'H5': the id is used"),
        (lambda d: entry(d, "heroes", "hero", "H7").update(id="Q03"), r"heroes\.toml: hero 'Q03': the id is already"),
        (lambda d: d["map"].update(format="other/1"), r"format: must be 'dwarfhall-spring-map/1'"),
    ],
)
def test_shape_errors_name_file_and_entry(change: Callable[[Raw], None], message: str) -> None:
    fails(change, message)


def test_a_directory_of_corrected_files_is_loaded_and_checked(tmp_path: Path) -> None:
    """--components DIR: an owner's copy of the files is read, with the same checks, errors naming the file."""
    copy_dir = tmp_path / "mine"
    shutil.copytree(DEFAULT_DIRECTORY, copy_dir)
    heroes = copy_dir / "heroes.toml"
    heroes.write_text(heroes.read_text(encoding="utf-8").replace("axes = 2", "axes = 3", 1), encoding="utf-8")
    comps: Components = load_components(copy_dir)
    assert comps.heroes[0].axes == 3 and comps.directory == str(copy_dir)
    monsters = copy_dir / "monsters.toml"
    monsters.write_text(monsters.read_text(encoding="utf-8").replace('home = "W-P1"', 'home = "W-X9"', 1), "utf-8")
    with pytest.raises(DataError, match=rf"{copy_dir}/monsters\.toml: monster 'M05': home 'W-X9' is not a wildland"):
        load_components(copy_dir)
    (copy_dir / "quests.toml").write_text("[[quest]\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"quests\.toml is not valid TOML"):
        load_components(copy_dir)
    (copy_dir / "faeries.toml").unlink()
    with pytest.raises(DataError, match=r"cannot read components file .*faeries\.toml"):
        load_components(copy_dir)
    with pytest.raises(DataError, match=r"does not exist or is not a directory"):
        load_components(tmp_path / "nowhere")
