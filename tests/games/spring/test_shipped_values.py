"""The shipped monster and quest values against every statement and worked example of the rulebook (the table
"Shipped values against the rulebook" in docs/rules/spring.md): a stated or implied value wins over a balance knob."""

from __future__ import annotations

from typing import Any

from dwarfhall.games.spring import fights
from dwarfhall.games.spring.components import Requirement, load_components
from dwarfhall.games.spring.state import SpringState

from .test_actions import era_one, wildland
from .test_components import entry, fails
from .test_reveals import deck_of, one_settlement_beside, swap_in

# the rulebook's 25 quest texts (its quest table and the seven cards printed below it) and what each requires
RULEBOOK_QUESTS: dict[str, tuple[str, dict[str, Any]]] = {
    "Q01": ("Have a Level 2 Dragon", {"dragon_level": 2}),
    "Q02": ("Have a Level 3 Dragon", {"dragon_level": 3}),
    "Q03": ("Have 2 Dragons", {"dragons": 2}),
    "Q04": ("Have defeated a monster", {"monsters": 1}),
    "Q05": ("Have defeated 2 monsters", {"monsters": 2}),
    "Q06": ("Have 5 settlements on the world map", {"settlements": 5}),
    "Q07": ("Build all settlements in the gold tree", {"line_complete": "gold"}),
    "Q08": ("Build all settlements in the food tree", {"line_complete": "food"}),
    "Q09": ("Build all settlements in the wood tree", {"line_complete": "wood"}),
    "Q10": ("Have 5 food", {"food": 5}),
    "Q11": ("Have 5 wood", {"wood": 5}),
    "Q12": ("Have 5 gold", {"gold": 5}),
    "Q13": ("Have 3 food and 3 wood and 3 gold", {"food": 3, "wood": 3, "gold": 3}),
    "Q14": ("Have 3 Faeries and 3 Wood", {"faeries": 3, "wood": 3}),
    "Q15": ("Have 3 settlements on the world map and 3 Faeries", {"settlements": 3, "faeries": 3}),
    "Q16": ("Have 4 food and 4 wood", {"food": 4, "wood": 4}),
    "Q17": ("Have 3 Faeries and 3 food", {"faeries": 3, "food": 3}),
    "Q18": ("Have 4 settlements on the world map and 4 Wood", {"settlements": 4, "wood": 4}),
    "Q19": ("Have 4 food and 4 gold", {"food": 4, "gold": 4}),
    "Q20": ("Have 3 Faeries and 3 Gold", {"faeries": 3, "gold": 3}),
    "Q21": ("Have 4 settlements on the world map and 4 Food", {"settlements": 4, "food": 4}),
    "Q22": ("Have 3 Faeries", {"faeries": 3}),
    "Q23": ("Have 4 Faeries", {"faeries": 4}),
    "Q24": ("Have 4 settlements on the world map and 4 Gold", {"settlements": 4, "gold": 4}),
    "Q25": ("Have 4 wood and 4 gold", {"wood": 4, "gold": 4}),
}


def parts(requires: Requirement) -> dict[str, Any]:
    """The parts a requirement sets, resources flattened beside the others."""
    found: dict[str, Any] = dict(requires.resources)
    for name in ("faeries", "settlements", "line_complete", "dragons", "dragon_level", "monsters", "fortress"):
        value = getattr(requires, name)
        if value:
            found[name] = value
    return found


def witch_fight(state: SpringState, player: int, heroes: list[str], dwarfs: int) -> dict[str, Any]:
    """`player` fights the strong Witch M06 with `dwarfs` dwarfs there and one settlement beside it, from a deck of
    exactly `heroes`, no successes and no faerie card: the public record of the reveal."""
    witch = wildland(state, "W-P1")
    deck_of(state, player, heroes)
    one_settlement_beside(state, player, witch)
    state.successes[player] = [0, 0]
    state.faerie_hand[player] = [0] * len(state.faerie_hand[player])  # no faerie card: decided at once (R10)
    state.dwarfs[player].extend([witch] * dwarfs)
    fights.fight(state, player, witch)
    record: dict[str, Any] = state.observation(None)["last_reveal"]
    return record


def test_r52_the_action_example_witch_needs_three_axes() -> None:
    """R52, the rulebook's action example (turn 2): Yellow reveals 2 cards (one dwarf, one adjacent settlement),
    shows 2 axes and loses "as the monster needs 3"; Blue reveals 3 cards with 3 axes and defeats it. The monster
    is the Witch in play (turn 1: 1 food instead of 2), so a Witch card needs exactly 3 axes."""
    comps = load_components()
    assert comps.monster_kinds["witch"].cap == "food"
    witches = {m.id: m.axes for m in comps.monsters if m.kind == "witch"}
    assert witches["M06"] == 3
    state = era_one()
    swap_in(state, wildland(state, "W-P1"), "M06")  # in place of the weak Witch
    lost = witch_fight(state, 0, ["H2", "H5"], 1)  # two 1-axe heroes: 2 axes, whichever order
    assert (lost["monster"], lost["axes"], lost["result"]) == ("M06", 2, "lost")
    won = witch_fight(state, 1, ["H2", "H3", "H4"], 2)  # 2 dwarfs + 1 settlement: 3 cards, 3 axes
    assert (won["monster"], won["axes"], won["result"]) == ("M06", 3, "won")
    assert state.heroes[1][state.game.kinds.index("M06")] == 1


def test_r52_a_data_file_without_a_three_axe_witch_is_refused() -> None:
    """R52: the example's 3 axes are the rulebook's; a data file may not turn them (the loader names the entry)."""
    fails(
        lambda d: entry(d, "monsters", "monster", "M06").update(axes=2),
        r"monsters\.toml: monster_kind 'witch': the rulebook's action example fights a witch that needs 3 axes",
    )
    assert load_components().monsters[5].source_of("axes") == "rulebook"


def test_every_monster_ability_and_spawn_terrain_is_the_rulebooks() -> None:
    """rulebook: six abilities, each printed with the terrain it spawns in ("Forest 1 or 2", ...); the Witch cuts
    food to 1 ("1 food, instead of 2"); a cut spot gives 1 instead of 2 or 3."""
    comps = load_components()
    abilities = {(k.terrain, k.ability, k.cap) for k in comps.monster_kinds.values()}
    assert abilities == {
        ("forest", "webs", None), ("forest", "cap_spot", "faerie"), ("plains", "cap_spot", "food"),
        ("plains", "block_quests", None), ("mountain", "cap_spot", "gold"), ("mountain", "cap_spot", "wood"),
    }  # fmt: skip
    wildlands = {w.id: w for w in comps.wildlands}
    for monster in comps.monsters:
        home = wildlands[monster.home]
        assert home.terrain == comps.monster_kinds[monster.kind].terrain and home.number in (1, 2)


def test_monster_and_quest_cards_score_and_clog() -> None:
    """rulebook: defeated monsters and completed quests are worth the VP shown on their cards (so more than 0), and
    monster cards "clog your heroes deck" (no axes, no backpacks; quest cards neither)."""
    comps = load_components()
    state = era_one()
    game, kinds = state.game, state.game.kinds
    assert all(m.vp > 0 for m in comps.monsters) and all(q.vp > 0 for q in comps.quests)
    for card in [*kinds.monsters, *kinds.quests]:
        assert game.card_axes[card] == 0 and game.card_backpacks[card] == 0


def test_quest_requirements_are_the_rulebook_texts() -> None:
    """rulebook: 25 quest texts, each a requirement that is checked, never paid; Q26 is the reconstructed one."""
    quests = {q.id: q for q in load_components().quests}
    for key, (_text, want) in RULEBOOK_QUESTS.items():
        assert parts(quests[key].requires) == want, key
        assert quests[key].source_of("requires") == "rulebook"
    assert set(quests) - set(RULEBOOK_QUESTS) == {"Q26"} and quests["Q26"].source_of("requires") == "reconstructed"


def test_the_action_example_quests_exist() -> None:
    """rulebook action example (turn 4): Yellow fulfils a quest "as they have a Dragon Level 2", Blue one "as they
    have 4 Faerie cards"."""
    quests = [parts(q.requires) for q in load_components().quests]
    assert {"dragon_level": 2} in quests
    assert any(set(q) == {"faeries"} and q["faeries"] <= 4 for q in quests)
