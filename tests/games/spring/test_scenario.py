"""Spring's readable scenario format (scenario.py): the shipped examples, the defaults, writing a position back,
and errors that name the field."""

from __future__ import annotations

import copy
import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from dwarfhall.core import GameRecord, IllegalAction, Rng, ScenarioError
from dwarfhall.games.spring import scenario
from dwarfhall.games.spring.game import SpringGame
from dwarfhall.games.spring.kit import EXPLORE, FIGHT
from dwarfhall.games.spring.phases import ACTIONS, NO_ONE, PLACING
from dwarfhall.games.spring.state import SpringState

FOLDER = Path(scenario.__file__).with_name("scenarios")
EXAMPLES = sorted(FOLDER.glob("*.toml"))
PLAYERS = {"before_a_fight": 2, "before_a_quest": 3, "starting_settlements": 3}
TWO = SpringGame({"players": 2})
MAP_SEED = {"map_seed": 4}


def load(path: Path) -> SpringState:
    state = SpringGame({"players": PLAYERS[path.stem]}).load_scenario(path)
    assert isinstance(state, SpringState)
    return state


def position(data: dict[str, Any], game: SpringGame = TWO) -> SpringState:
    return game.scenario_from_dict({**MAP_SEED, **data})


def check_position(state: SpringState) -> None:
    """The conformance suite's promises for one position (tests/core/test_conformance.py): JSON round trip,
    clone independence, a refused action changing nothing, labels in both languages, determinize agreeing with
    what each player sees, the public view no larger than any player's."""
    game = state.game
    again = game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json()
    assert again.legal_action_ids() == state.legal_action_ids()
    if state.is_terminal:
        return
    before = state.to_json()
    other = state.clone()
    other.apply(other.legal_action_ids()[-1])
    assert state.to_json() == before
    illegal = next(i for i in range(game.num_distinct_actions()) if i not in state.legal_action_ids())
    with pytest.raises(IllegalAction):
        state.apply(illegal)
    assert state.to_json() == before
    for action in state.legal_actions():
        assert action.label("en") and action.label("de")
    public = json.loads(json.dumps(state.observation(None)))
    for player in range(state.num_players):
        seen = json.loads(json.dumps(state.observation(player)))
        sample = state.determinize(player, Rng(player))
        assert sample.observation(player) == seen
        assert sample.observation(None) == public
        if player == state.current_player:
            assert sample.legal_action_ids() == state.legal_action_ids()


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_each_example_loads_passes_conformance_and_plays_to_the_end(path: Path) -> None:
    """Every shipped scenario loads, keeps the protocol's promises, plays on to the end with random moves and
    replays from its start position."""
    state = load(path)
    assert state.start is not None
    check_position(state)
    rng = Rng(5)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_action_ids()))
        if len(state.history) % 97 == 0:
            check_position(state)
    assert GameRecord.of(state).final_state().to_json() == state.to_json()


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_each_example_round_trips(path: Path) -> None:
    """A loaded example written back (`scenario.write`, through JSON) reads as the very same position, and
    so does its saved state."""
    state = load(path)
    written = json.loads(json.dumps(scenario.write(state)))
    again = state.game.scenario_from_dict(written)
    assert again.to_json()["state"] == state.to_json()["state"]
    assert again.rng.state == state.rng.state
    saved = state.game.scenario_from_dict(state.to_json())
    assert saved.to_json() == state.to_json()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_position_of_random_games_writes_and_reads_back_exactly(players: int) -> None:
    """Any position (placing, mid-turn with pending decisions, the end) survives write -> parse unchanged."""
    game = SpringGame({"players": players, "eras": 2})
    for seed in range(2):
        state = game.new_state(seed)
        rng = Rng(seed + 100)
        while True:
            again = game.scenario_from_dict(json.loads(json.dumps(scenario.write(state))))
            assert again.to_json()["state"] == state.to_json()["state"]
            assert again.rng.state == state.rng.state
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_action_ids()))


def test_before_a_fight_reveals_the_cards_the_position_promises() -> None:
    """R14: exploring the Cyclops's wildland, then fighting, reveals 1 card for the dwarf and 1 per settlement
    around it (3 here), from the heroes deck."""
    state = load(FOLDER / "before_a_fight.toml")
    cyclops = state.game.kinds.keys.index("M11")
    wildland = state.world.wildland_locations[state.monster_at.index(cyclops)]
    state.apply(EXPLORE.encode(state.world.place_of[wildland]))
    assert FIGHT in state.legal_action_ids()
    state.apply(FIGHT)
    assert len(state.last_reveal) - 8 == 4


def test_before_a_quest_offers_the_quests_the_player_meets() -> None:
    """R24: seat 1 meets Q10, Q22 and Q17 (food and faerie cards held) and may take each from either spot."""
    state = load(FOLDER / "before_a_quest.toml")
    quests = {a.payload["quest"] for a in state.legal_actions() if a.payload["move"] == "quest"}
    assert quests == {"Q10", "Q22", "Q17"}


def test_left_out_parts_follow_from_the_rest() -> None:
    """Defaults: every card named nowhere lies in its pile, the area fills as at set-up (monsters spawned),
    the dwarfs at home follow from the turns taken, the lines from the settlements, Faerie Power from the spots."""
    state = position({
        "round": 3, "first": 1, "to_act": 0,
        "players": [
            {"settlements": [{"at": "P14.6", "line": "food"}], "spots_used": ["dragon1", "dragon2"], "hand": ["F1"]},
            {"dwarfs": ["W-F1"], "spots_used": ["faerie"]},
        ],
    })  # fmt: skip
    kinds = state.game.kinds
    assert state.phase == ACTIONS and state.to_act == 0
    assert state.home == [7 - 2, 7 - 3]  # seat 0 has taken 2 turns (round 3, after seat 1 began), seat 1 three
    assert state.line_left[0] == [4, 3, 4] and state.faerie_power == [2, 1]
    assert len(state.expedition_area) == 6
    assert sorted(c for c in state.monster_at if c != NO_ONE) == sorted(
        c for c in state.expedition_area if c in kinds.monsters
    )
    assert len(state.unused_monsters) == 3
    assert len(state.expedition_deck) + len(state.expedition_area) + 3 == len(kinds.monsters) + len(kinds.quests)
    assert len(state.egg_pile) == len(kinds.dragons)
    assert len(state.faerie_deck) == len(state.game.components.faerie_deck()) - 1
    assert sum(state.heroes[0]) == 7


def test_placing_phase_follows_the_snake_order() -> None:
    """R2: with one settlement each placed, the next seats are the last seat again, then back to the first."""
    game = SpringGame({"players": 3})
    state = position({
        "phase": "placing",
        "players": [{"settlements": [{"at": "P01.4", "line": "wood"}]}, {"settlements": [{"at": "P02.5",
                    "line": "food"}]}, {"settlements": [{"at": "P14.1", "line": "gold"}]}],
    }, game)  # fmt: skip
    assert state.phase == PLACING and state.placing == [2, 1, 0] and state.to_act == 2


def test_piles_are_given_top_card_first() -> None:
    """Piles list their top card first: it is the next one revealed, hatched or drawn."""
    keys = TWO.kinds.keys
    faeries = [f.id for f in TWO.components.faeries for _ in range(f.copies)]
    faeries.remove("F5")
    state = position({
        "expedition_area": ["Q01", "Q02", "Q03", "Q04", "Q05", "Q06"],
        "unused_monsters": ["M10", "M11", "M12"],
        "expedition_deck": [*(f"Q{i:02d}" for i in range(7, 27)), *(f"M{i:02d}" for i in range(1, 10))],
        "faerie_deck": ["F5", *faeries],
        "egg_pile": ["D24", *(d.id for d in TWO.components.dragons[:-1])],
    })
    assert keys[state.expedition_deck[-1]] == "Q07" and keys[state.expedition_deck[0]] == "M09"
    assert keys[state.faerie_deck[-1]] == "F5"
    assert keys[state.egg_pile[-1]] == "D24"


def base() -> dict[str, Any]:
    return {"players": [{}, {}]}


BAD: list[tuple[dict[str, Any], str]] = [
    ({"players": [{}, {"hand": ["F1", "F2", "X"]}]}, "players[1].hand[2]: unknown card 'X'"),
    ({"players": [{}, {"hand": ["M01"]}]}, "players[1].hand[0]: 'M01' is not a faerie card"),
    ({"players": [{"hnad": []}, {}]}, "players[0]: unknown field(s) hnad"),
    ({"players": [{}]}, "players: lists 1 players, the game is set for 2 (option players)"),
    ({"colour": "red"}, "unknown field(s) colour; known: egg_pile"),
    ({"phase": "lunch"}, "phase: must be one of placing, actions, over, not 'lunch'"),
    ({"era": 5}, "era: 5 is outside 1..4"),
    ({"round": 8}, "round: 8 is outside 1..7"),
    ({"to_act": 2}, "to_act: 2 is outside 0..1"),
    ({"stage": "during"}, "stage: must be one of before, after"),
    ({"phase": "placing", "stage": "after"}, "stage: a turn is 'after' its dwarf action only"),
    ({"map_seed": None, "map": None}, "map: give either the map"),
    ({"map_seed": None, "map": {"P00": "W-F1"}}, "map.P01: missing"),
    ({"map_seed": None, "map": {f"P{i:02d}": "W-F1" for i in range(19)} | {"P00": "G99"}}, "map.P00: unknown tile"),
    ({"map_seed": None, "map": {f"P{i:02d}": "W-F1" for i in range(19)}}, "map: a map lays every petal exactly once"),
    ({"map_seed": None, "map": {f"P{i:02d}": {"tile": ["G01"]} for i in range(19)}}, "map.P00.tile: must be text"),
    ({"players": [{"settlements": [{"at": "P99.1", "line": "wood"}]}, {}]}, "players[0].settlements[0].at: no place"),
    ({"players": [{"settlements": [{"at": "P14.6", "line": "ale"}]}, {}]}, "players[0].settlements[0].line: must be"),
    ({"players": [{"settlements": [{"at": "W-F1", "line": "wood"}]}, {}]}, "settlements[0].at: 'W-F1' is not land"),
    (
        {"players": [{"settlements": [{"at": "P14.6", "line": "wood"}]}, {"fortress": "P14.6"}]},
        "players[1].fortress: 'P14.6' already holds a settlement",
    ),
    ({"players": [{"dwarfs": ["P14.6", "P14.6"]}, {}], "round": 4}, "players[0].dwarfs[1]: a spot holds one dwarf"),
    ({"players": [{"dwarfs": ["W-F1"] * 3}, {}], "round": 2}, "players[0]: 3 dwarfs on the map and on board spots"),
    ({"players": [{"spots_used": ["faerie", "faerie"]}, {}], "round": 3}, "spots_used[1]: 'faerie' is listed twice"),
    ({"players": [{"spots_used": ["tavern"]}, {}]}, "players[0].spots_used[0]: must be one of build_wood"),
    ({"players": [{"nest": [{"dragon": "D01", "level": 4}]}, {}]}, "players[0].nest[0].level: 4 is outside 1..3"),
    ({"players": [{"nest": ["D01"]}, {"nest": ["D01"]}]}, "players[1].nest[0]: 'D01' is already in players[0].nest[0]"),
    ({"players": [{"nest": [f"D0{i}" for i in range(1, 7)]}, {}]}, "players[0].nest: a nest holds at most 5"),
    ({"players": [{"heroes": ["H1", "H1"]}, {}]}, "players[0].heroes[1]: 'H1' is listed twice"),
    ({"players": [{"heroes": ["F1"]}, {}]}, "players[0].heroes[0]: 'F1' cannot be in a heroes deck"),
    ({"players": [{"hand": ["F1"] * 6}, {}]}, "players[0].hand: a hand holds at most 5 faerie cards"),
    ({"players": [{"successes": {"axe": 9}}, {}]}, "players[0].successes.axe: 9 is outside"),
    ({"players": [{"resources": {"wood": -1}}, {}]}, "players[0].resources.wood: -1 is outside 0.."),
    ({"players": [{"resources": {"ale": 1}}, {}]}, "players[0].resources: unknown field(s) ale"),
    ({"players": [{"heroes": ["M01"], "defeated": 0}, {}]}, "players[0].defeated: 0 is outside 1.."),
    ({"expedition_area": ["Q01", "F1"]}, "expedition_area[1]: 'F1' is not a monster or a quest"),
    ({"expedition_area": ["Q01"], "expedition_deck": ["Q01"]}, "expedition_deck[0]: 'Q01' is already in"),
    ({"expedition_area": ["Q01"] + [f"Q{i:02d}" for i in range(2, 8)]}, "expedition_area: the area shows at most 6"),
    ({"expedition_deck": ["Q01"]}, "expedition_deck: card(s) "),
    ({"unused_monsters": ["Q01"]}, "unused_monsters: only monsters stay in the box"),
    ({"egg_pile": ["D01"]}, "egg_pile: card(s) D02, D03"),
    ({"faerie_discard": ["F2"] * 4}, "faerie_discard[3]: there are 3 of 'F2'"),
    ({"monsters": {"W-F1": "M01"}}, "monsters: place monsters only beside an expedition_area"),
    ({"expedition_area": ["M01"], "monsters": {"W-F1": "M02"}}, "monsters.W-F1: 'M02' is not a monster of the"),
    ({"expedition_area": ["M01"], "monsters": {"P14.6": "M01"}}, "monsters.P14.6: 'P14.6' is not a wildland"),
    ({"expedition_area": ["M01", "M03"], "monsters": {"W-F1": "M01"}}, "monsters: the area's monster(s) M03 need"),
    ({"expedition_area": ["M03"], "webs": {"P14.5": "M03"}}, "webs.P14.5: 'M03' is not a spider in play"),
    ({"expedition_area": ["M01"], "webs": {"P14.6": "M01"}}, "webs.P14.6: webs lie on resource spots"),
    ({"pending": [{"decision": "nap"}], "stage": "after"}, "pending[0].decision: must be one of wild_choice"),
    ({"pending": [{"decision": "wild_choice"}], "stage": "after"}, "pending[0].at: missing"),
    ({"pending": [{"decision": "wild_choice", "at": "W-F1"}], "stage": "after"}, "pending[0].at: the player"),
    ({"pending": [{"decision": "trimming"}]}, "pending: a decision of a dwarf action waits only 'after' it"),
    ({"pending": [{"decision": "faerie", "card": "Q01", "left": 1}]}, "pending[0].card: 'Q01' is not a faerie card"),
    ({"last_reveal": {"seat": 0, "at": "P14.6"}}, "last_reveal.at: 'P14.6' is not a wildland"),
    ({"last_reveal": {"seat": 0, "at": "W-F1", "cards": ["D01"]}}, "last_reveal.cards[0]: 'D01' is not a card"),
    ({"phase": "placing", "players": [{"fortress": "P14.6"}, {}]}, "players[0].fortress: no fortress is built"),
    ({"phase": "placing", "placing": []}, "placing: the 'placing' phase needs a seat still to place"),
    ({"placing": [0]}, "placing: seats still place starting settlements only in the 'placing' phase"),
    (
        {"phase": "placing", "players": [{"settlements": [{"at": "P14.6", "line": "wood"}, {"at": "P14.2",
                                                                                             "line": "food"}]}, {}]},
        "players[0]: 2 starting settlements do not fit the order of placing",
    ),
]


@pytest.mark.parametrize(("data", "message"), BAD, ids=[m.split(":")[0] if ":" in m else "top" for _, m in BAD])
def test_scenario_errors_name_the_field(data: dict[str, Any], message: str) -> None:
    """Every field is checked and the error names it, e.g. players[1].hand[2]: unknown card 'X'."""
    full = {**MAP_SEED, **base(), **copy.deepcopy(data)}
    for key in ("map", "map_seed"):
        if full.get(key, 0) is None:
            del full[key]
    with pytest.raises(ScenarioError, match=re.escape(message)):
        TWO.scenario_from_dict(full)


def test_a_broken_scenario_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("players = [", encoding="utf-8")
    with pytest.raises(ScenarioError, match="not valid TOML"):
        TWO.load_scenario(path)


def test_the_rules_page_example_loads() -> None:
    """docs/rules/spring.md, "Scenarios": the example of the format is a position that loads and plays."""
    page = Path(__file__).resolve().parents[3] / "docs" / "rules" / "spring.md"
    text = page.read_text(encoding="utf-8")
    section = text[text.index("### Scenarios") :]
    block = section[section.index("```toml\n") + 8 : section.index("```\n", section.index("```toml\n") + 8)]
    state = TWO.scenario_from_dict(tomllib.loads(block))
    assert state.fortress_at[0] != NO_ONE and state.home == [4, 4]
    check_position(state)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda body: body.update(era="two"), "state.era: must be a whole number, not 'two'"),
        (lambda body: body.update(home=[7]), "state.home: must list 2 entries, not 1"),
        (lambda body: body["treasury"].__setitem__(1, [1, "x", 0]), "state.treasury[1]: must hold whole numbers"),
        (lambda body: body.update(treasury=[[0, 0, 0]]), "state.treasury: must list 2 entries, not 1"),
        (lambda body: body["map"][3].update(tile=4), "state.map[3].tile: must be text, not 4"),
        (lambda body: body["map"][3].update(rotation=9), "state.map: petal"),
        (lambda body: body.update(pending=[[0, "P01"]]), "state.pending[0]: must hold whole numbers"),
        (lambda body: body.update(last_reveal=[1, 2]), "state.last_reveal: must be empty or hold at least 8"),
    ],
)
def test_saved_state_errors_name_the_field(change: Any, message: str) -> None:
    """Saved states (index-based, `snapshot.dump`) are read by the kit's field readers: errors name the field."""
    data = json.loads(json.dumps(TWO.new_state(3).to_json()))
    change(data["state"])
    with pytest.raises(ScenarioError, match=re.escape(message)):
        TWO.state_from_json(data)
