"""Setting up Spring (rulebook set-up, spring.md §11.1), the starting settlements (R2-R4) and era 1's start."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from dwarfhall.core import InvalidOptions, Rng
from dwarfhall.games.spring.game import SpringGame
from dwarfhall.games.spring.kit import START_SETTLEMENT
from dwarfhall.games.spring.phases import ACTIONS, NO_ONE, PLACING
from dwarfhall.games.spring.state import SpringState

FIXED_MAP = ["W-F1", "G01", "G02", "G03", "G04", "G05", "G06", "W-F2", "G07", "W-P1", "G08", "W-P2", "G09",
             "W-M1", "G10", "W-M2", "G11", "G12", "G13"]


def new(players: int = 4, seed: int = 1, **options: Any) -> SpringState:
    state = SpringGame({"players": players, **options}).new_state(seed)
    assert isinstance(state, SpringState)
    return state


def place_all(state: SpringState, pick: int = 0) -> None:
    while state.phase == PLACING:
        legal = state.legal_action_ids()
        state.apply(legal[pick % len(legal)])


def accounted(state: SpringState) -> None:
    """Every card of the box is somewhere, exactly once."""
    game = state.game
    kinds = game.kinds
    n = state.num_players
    expedition = Counter(state.expedition_deck + state.unused_monsters + state.expedition_area + state.removed)
    for p in range(n):
        for k, count in enumerate(state.heroes[p]):
            if count:
                expedition[k] += count
    assert expedition == Counter([*kinds.monsters, *kinds.quests] + [h for h in kinds.heroes for _ in range(n)])
    dragons = Counter([kinds.dragons.start + d for p in range(n) for d in state.nest[p]] + state.egg_pile)
    assert dragons == Counter(kinds.dragons)
    faeries = Counter(state.faerie_deck + state.faerie_discard)
    for p in range(n):
        for k, count in enumerate(state.faerie_hand[p]):
            if count:
                faeries[k] += count
    assert faeries == Counter(kinds.faeries.start + f for f in game.components.faerie_deck())
    assert sum(1 for c in state.web_at if c != NO_ONE) <= 10


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_what_the_rulebook_lists(players: int) -> None:
    """rulebook set-up: 6 face-up expedition cards (the first 3 are monsters, spawned), 29 left in the deck and
    3 monsters in the box; one white-ribbon dragon, one faerie, 7 dwarfs, 7 heroes and 12 settlements each."""
    for seed in range(12):
        state = new(players, seed)
        game = state.game
        assert len(state.expedition_area) == 6
        assert all(card in game.kinds.monsters for card in state.expedition_area[:3])
        monsters_up = [c for c in state.expedition_area if c in game.kinds.monsters]
        assert sorted(c for c in state.monster_at if c != NO_ONE) == sorted(monsters_up)
        assert len(state.expedition_deck) == 29 and len(state.unused_monsters) == 3
        assert all(card in game.kinds.monsters for card in state.unused_monsters)
        assert len(state.egg_pile) == 20 + (4 - players)  # R43: unused white ribbons are eggs too
        for p in range(players):
            assert len(state.nest[p]) == 1 and game.components.dragons[state.nest[p][0]].white_ribbon
            assert state.nest_level[p] == [1] and state.exhausted[p] == [False]
            assert sum(state.faerie_hand[p]) == 1
            assert state.home[p] == 7 and state.dwarfs[p] == []
            assert sum(state.heroes[p]) == 7
            assert state.line_left[p] == [4, 4, 4] and state.treasury[p] == [0, 0, 0]
        accounted(state)


def test_webs_of_a_spider_in_play() -> None:
    """rulebook: a Giant Spider webs the nearest resource spots; R31: 5 of them, none while it is not in play."""
    seen_spider = False
    for seed in range(60):
        state = new(4, seed)
        kinds = state.game.kinds
        spiders = [c for c in state.monster_at if c != NO_ONE and state.game.monster_kind_of[
            c - kinds.monsters.start].ability == "webs"]
        webs = Counter(c for c in state.web_at if c != NO_ONE)
        assert set(webs) == set(spiders)
        for spider in spiders:
            seen_spider = True
            assert webs[spider] == 5
        for location, card in enumerate(state.web_at):
            if card != NO_ONE:
                slot = state.world.slots[location]
                assert slot is not None and slot.is_resource
    assert seen_spider


@pytest.mark.parametrize(("players", "first", "order"), [
    (4, "0", [0, 1, 2, 3, 3, 2, 1, 0]),
    (4, "2", [2, 3, 0, 1, 1, 0, 3, 2]),
    (3, "1", [1, 2, 0, 0, 2, 1]),
    (2, "1", [1, 0, 0, 1]),
])
def test_starting_settlements_go_in_snake_order(players: int, first: str, order: list[int]) -> None:
    """R2 (rulebook): round 1 clockwise from the first player, round 2 from the last player counter-clockwise."""
    state = new(players, 5, first_player=first)
    seen = []
    while state.phase == PLACING:
        seen.append(state.current_player)
        state.apply(state.legal_action_ids()[0])
    assert seen == order


def test_random_first_player() -> None:
    firsts = {new(4, seed, first_player="random").first for seed in range(30)}
    assert firsts == {0, 1, 2, 3}


def test_starting_settlement_targets() -> None:
    """R3-R4 (rulebook): from a leftmost line spot, onto any spot but water, wildland, a settlement or a web;
    no reach is needed."""
    state = new(4, 7)
    world = state.world
    legal = state.legal_action_ids()
    targets = {world.location_at[START_SETTLEMENT.decode(a)[1]] for a in legal}
    lines = {START_SETTLEMENT.decode(a)[0] for a in legal}
    assert lines == {0, 1, 2}
    for location, slot in enumerate(world.slots):
        allowed = slot is not None and slot.kind != "water" and state.web_at[location] == NO_ONE
        assert (location in targets) == allowed, world.geometry.locations[location].id
    state.apply(legal[0])
    line, place = START_SETTLEMENT.decode(legal[0])
    taken = world.location_at[place]
    assert state.owner_at[taken] == 0 and state.line_left[0][line] == 3
    assert all(world.location_at[START_SETTLEMENT.decode(a)[1]] != taken for a in state.legal_action_ids())


def example_state() -> SpringState:
    """The rulebook's starting placement example: a Witch, a Harpy and a Cyclops in play, no Frogling."""
    game = SpringGame({"players": 4})
    data = game.new_state(0).to_json()
    body = data["state"]
    kinds = game.kinds
    body["map"] = [{"tile": tile, "rotation": 0} for tile in FIXED_MAP]
    locations = 6 + 13 * 7
    for name in ("web_at", "owner_at", "settlement_line"):
        body[name] = [NO_ONE] * locations
    cards = {key: kinds.index(key) for key in kinds.keys}
    # wildland order F1 F2 P1 P2 M1 M2: the Witch (M05) on Plains 1, the Harpy (M09) and Cyclops (M11) on the
    # mountains
    body["monster_at"] = [NO_ONE, NO_ONE, cards["M05"], NO_ONE, cards["M09"], cards["M11"]]
    body["expedition_area"] = [cards[k] for k in ("M05", "M09", "M11", "Q01", "Q02", "Q03")]
    body["unused_monsters"] = [cards[k] for k in ("M08", "M10", "M12")]
    body["expedition_deck"] = [cards[k] for k in ("M01", "M02", "M03", "M04", "M06", "M07")] + [
        cards[f"Q{i:02d}"] for i in range(4, 27)
    ]
    state = game.state_from_json(data)
    assert isinstance(state, SpringState)
    return state


def spot(state: SpringState, code: str, skip: int = 0) -> int:
    """The place number of the `skip`-th free spot printed `code` (e.g. 'faerie2')."""
    found = [
        loc for loc, slot in enumerate(state.world.slots)
        if slot is not None and slot.code == code and state.owner_at[loc] == NO_ONE
    ]
    return state.world.place_of[found[skip]]


def test_rulebook_starting_placement_example() -> None:
    """rulebook starting placement example: Blue places on a 2-faerie spot and draws 2; after both rounds Blue
    holds 5 faerie cards, Red 1 wood, 1 gold and 1 faerie, Yellow 1 wood and 1 faerie, Green 1 food and 1
    faerie (the Cyclops, Harpy and Witch cut wood, gold and food spots to 1; no monster cuts faeries)."""
    state = example_state()
    blue, red, yellow, green = 0, 1, 2, 3
    wood, food, gold = 0, 1, 2
    moves = [
        (blue, wood, spot(state, "faerie2")),
        (red, wood, spot(state, "wood3")),
        (yellow, wood, spot(state, "wood2")),
        (green, food, spot(state, "food2")),
        (green, wood, spot(state, "field")),
        (yellow, food, spot(state, "field", 1)),
        (red, gold, spot(state, "gold3")),
        (blue, food, spot(state, "faerie2", 1)),
    ]
    for turn, (player, line, place) in enumerate(moves):
        assert state.current_player == player
        if turn == 1:
            assert sum(state.faerie_hand[blue]) == 3  # 1 from the set-up, 2 from the spot
        state.apply(START_SETTLEMENT.encode(line, place))
        if turn == 6:  # everyone but Blue is done: the example's final holdings, before any production
            assert state.treasury[red] == [1, 0, 1] and sum(state.faerie_hand[red]) == 1
            assert state.treasury[yellow] == [1, 0, 0] and sum(state.faerie_hand[yellow]) == 1
            assert state.treasury[green] == [0, 1, 0] and sum(state.faerie_hand[green]) == 1
    assert sum(state.faerie_hand[blue]) == 5
    assert state.era == 1 and state.phase == ACTIONS


def test_without_a_monster_a_settlement_gains_the_full_amount() -> None:
    """R17: with no monster in play a settlement gains the full printed amount."""
    state = example_state()
    state.monster_at = [NO_ONE] * 6
    state.apply(START_SETTLEMENT.encode(0, spot(state, "wood3")))
    assert state.treasury[0] == [3, 0, 0]


def test_faerie_draws_stop_at_the_hand_limit() -> None:
    """R19 (rulebook: never more than 5 faerie cards): a draw beyond the limit is not taken."""
    state = example_state()
    faerie = state.game.kinds.faeries.start
    state.faerie_hand[0][faerie] += 3  # 4 in hand
    deck = len(state.faerie_deck)
    state.apply(START_SETTLEMENT.encode(0, spot(state, "faerie2")))
    assert sum(state.faerie_hand[0]) == 5 and len(state.faerie_deck) == deck - 1


def test_production_example() -> None:
    """rulebook production example: a food and a gold settlement placed, so era 1 produces 1 food and 1 gold."""
    state = example_state()
    fields = [spot(state, "field", i) for i in range(8)]
    lines = {0: (1, 2)}
    for turn in range(8):
        player = state.current_player
        line = lines.get(player, (0, 0))[0 if turn < 4 else 1]
        state.apply(START_SETTLEMENT.encode(line, fields[turn]))
    assert state.treasury[0] == [0, 1, 1]
    assert state.treasury[1] == [2, 0, 0]


def test_warehouse_limit_after_production() -> None:
    """R6 (rulebook): no more than 7 of a resource at the end of production."""
    state = example_state()
    state.treasury[0] = [7, 6, 0]
    fields = [spot(state, "field", i) for i in range(8)]
    for turn in range(8):
        state.apply(START_SETTLEMENT.encode(0 if turn != 7 else 1, fields[turn]))
    assert state.treasury[0] == [7, 7, 0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observation_hides_hands_and_piles(players: int) -> None:
    """R38: another player's faerie cards and every pile's order stay hidden; sizes are public."""
    state = new(players, 3)
    place_all(state, 7)
    keys = state.game.kinds.keys
    for viewer in [None, *range(players)]:
        obs = state.observation(viewer)
        text = json.dumps(obs)
        assert obs["expedition_deck"]["cards"] is None and obs["expedition_deck"]["size"] == 29
        assert obs["unused_monsters"]["cards"] is None and obs["egg_pile"]["cards"] is None
        assert obs["faerie_deck"]["cards"] is None
        for p in range(players):
            hand = obs["faerie_hand"][p]
            assert hand["size"] == sum(state.faerie_hand[p])
            assert (hand["cards"] is not None) == (p == viewer)
        for card in state.unused_monsters:
            assert keys[card] not in text  # the monsters left in the box are never named
        assert obs["expedition_area"]["cards"] == [keys[c] for c in state.expedition_area]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_keeps_what_the_player_sees(players: int) -> None:
    """A determinized state looks the same to its player; the hidden monsters move between deck and box."""
    state = new(players, 9)
    place_all(state, 3)
    boxes = set()
    for i in range(25):
        for viewer in range(players):
            sample = state.determinize(viewer, Rng(i * 7 + viewer))
            assert sample.observation(viewer) == state.observation(viewer)
            assert isinstance(sample, SpringState)
            accounted(sample)
            boxes.add(tuple(sorted(sample.unused_monsters)))
    assert len(boxes) > 1


def test_json_round_trip_and_clone_independence() -> None:
    state = new(3, 4)
    place_all(state, 2)
    again = state.game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json()
    copy = state.clone()
    assert isinstance(copy, SpringState)
    copy.treasury[0][0] += 5
    copy.expedition_deck.pop()
    copy.faerie_hand[1][copy.game.kinds.faeries.start] += 1
    assert copy.to_json() != state.to_json()
    assert again.to_json() == state.to_json()


def test_same_seed_same_game() -> None:
    a, b = new(4, 21), new(4, 21)
    place_all(a, 5)
    place_all(b, 5)
    assert a.to_json() == b.to_json()
    assert new(4, 22).to_json() != new(4, 21).to_json()


def test_bad_options_are_refused() -> None:
    with pytest.raises(InvalidOptions, match="option players"):
        SpringGame({"players": 5})
    with pytest.raises(InvalidOptions, match="option first_player"):
        SpringGame({"players": 2, "first_player": "3"})
    with pytest.raises(InvalidOptions, match="layout"):
        SpringGame({"layout": "pretty"})


def test_action_labels_in_both_languages() -> None:
    state = example_state()
    action = state.describe_action(START_SETTLEMENT.encode(2, spot(state, "gold3")))
    assert action.payload["move"] == "start_settlement" and action.payload["line"] == "gold"
    place = state.world.geometry.locations[state.world.location_at[spot(state, "gold3")]]
    assert action.label("en").startswith(f"Place a settlement of your gold line on {place.label} ")
    assert place.label == "ABCDEFGHIJKLMNOPQRS"[place.position] + str(place.spot)  # the map's notation, 'H3'
    assert action.payload["spot"] == place.id  # the payload keeps the long id
    assert "(gold spot 3)" in action.label("en")
    assert "Linie Gold" in action.label("de") and "(Goldfeld 3)" in action.label("de")
