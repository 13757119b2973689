"""The action phase (spring.md §11.3): each dwarf action, its inner choices, training, the end of eras."""

from __future__ import annotations

from dwarfhall.games.spring import fights
from dwarfhall.games.spring.kit import (
    ADD_BACKPACKS,
    BUILD,
    CHOOSE_RESOURCE,
    COMMAND,
    COMMAND_DONE,
    DRAGON_SPOT,
    END_TURN,
    EXPLORE,
    FIGHT,
    FORTRESS,
    GATHER,
    IDLE,
    LEAVE,
    NO_TRIM,
    QUEST,
    START_SETTLEMENT,
    SUMMON,
    TRAIN,
    TRIM,
)
from dwarfhall.games.spring.phases import ACTIONS, AFTER, BEFORE, NO_ONE, OVER
from dwarfhall.games.spring.state import SpringState

from .test_setup import example_state, spot


def era_one() -> SpringState:
    """The placement example played out on fields: era 1's action phase, Blue (seat 0) to act, empty treasuries."""
    state = example_state()
    for turn in range(8):
        touch(state).apply(START_SETTLEMENT.encode(0 if turn < 4 else 1, spot(state, "field")))
    assert state.phase == ACTIONS and state.current_player == 0
    state.treasury = [[0, 0, 0] for _ in range(4)]
    return touch(state)


def inner(state: SpringState) -> tuple[int, ...]:
    """The legal ids of a pending decision without the free actions offered beside it (R10)."""
    return tuple(a for a in touch(state).legal_action_ids() if a < TRAIN.base)


def touch(state: SpringState) -> SpringState:
    """After a test edits the state by hand, the cached legal actions are stale, and so are the map targets when it
    changed `owner_at`, `web_at` or `dwarfs` (a change the rules make bumps `map_changes` itself)."""
    state._legal = None
    state.map_changes += 1
    return state


def loc(state: SpringState, place: int) -> int:
    return state.world.location_at[place]


def place(state: SpringState, location: int) -> int:
    return state.world.place_of[location]


def own_settlements(state: SpringState, player: int) -> list[int]:
    return [i for i, owner in enumerate(state.owner_at) if owner == player]


def wildland(state: SpringState, wildland_id: str) -> int:
    order = [w.id for w in state.world.wildland_order]
    return state.world.wildland_locations[order.index(wildland_id)]


def test_build_needs_reach_and_free_land() -> None:
    """rulebook: build next to your buildings or dwarfs, never on water, wildland, a settlement, a dwarf or a
    web; one build spot per line per era (R11)."""
    state = era_one()
    geometry = state.world.geometry
    mine = own_settlements(state, 0)
    near = set().union(*(geometry.adjacent[i] for i in mine))
    builds = [a for a in touch(state).legal_action_ids() if a in BUILD]
    targets = {loc(state, BUILD.decode(a)[1]) for a in builds}
    assert targets and targets <= near
    for target in targets:
        slot = state.world.slots[target]
        assert slot is not None and slot.kind != "water" and state.owner_at[target] == NO_ONE
    action = builds[0]
    line, _ = BUILD.decode(action)
    touch(state).apply(action)
    assert state.stage == AFTER and state.home[0] == 6 and state.line_left[0][line] == 2
    assert all(a not in BUILD for a in touch(state).legal_action_ids())  # one dwarf action per turn (R7)
    touch(state).apply(END_TURN)
    assert state.current_player == 1 and state.stage == BEFORE


def until_turn_of(state: SpringState, player: int) -> None:
    """Plays the others' turns (ending each as soon as possible) until `player` is to act again."""
    while state.current_player != player or state.stage != BEFORE or state.pending:
        legal = touch(state).legal_action_ids()
        state.apply(END_TURN if END_TURN in legal else legal[-1])


def test_build_spot_once_per_era() -> None:
    """R11: a board spot holds one dwarf until the dwarfs go home."""
    state = era_one()
    line_ids = [a for a in touch(state).legal_action_ids() if a in BUILD and BUILD.decode(a)[0] == 2]
    state.apply(line_ids[0])
    state.apply(END_TURN)
    until_turn_of(state, 0)
    assert state.era == 1 and state.home[0] == 6
    assert all(not (a in BUILD and BUILD.decode(a)[0] == 2) for a in touch(state).legal_action_ids())
    assert any(a in BUILD and BUILD.decode(a)[0] == 1 for a in touch(state).legal_action_ids())


def test_a_dwarf_in_a_wildland_reaches_its_surrounding_spots() -> None:
    """rulebook: a dwarf on a wildland counts as adjacent to every spot around it."""
    state = era_one()
    forest = wildland(state, "W-F1")
    state.dwarfs[0].append(forest)
    builds = {loc(state, BUILD.decode(a)[1]) for a in touch(state).legal_action_ids() if a in BUILD}
    around = [s for s in state.world.geometry.surrounding(forest)
              if state.world.slots[s].kind != "water" and state.owner_at[s] == NO_ONE]  # type: ignore[union-attr]
    assert set(around) <= builds


def test_r53_a_second_dwarf_may_follow_the_first_into_its_wildland() -> None:
    """R53 (rulebook: explorers go next to your dwarfs; gathering example B sends "another of their dwarfs to the
    same wildland" and reveals one card more): a wildland holding your dwarf is in your reach, with no settlement
    of yours around it, and the second dwarf reveals 2 cards."""
    state = era_one()
    forest = wildland(state, "W-F1")
    for around in state.world.geometry.surrounding(forest):
        if state.owner_at[around] == 0:
            state.owner_at[around] = NO_ONE
    enter = EXPLORE.encode(place(state, forest))
    assert enter not in touch(state).legal_action_ids()
    state.dwarfs[0].append(forest)
    assert enter in touch(state).legal_action_ids()
    full = state.clone()
    assert isinstance(full, SpringState)
    full.dwarfs[1] = [forest] * 6  # the wildland's 7 spots taken (R12): no room for a second dwarf of seat 0
    assert enter not in touch(full).legal_action_ids()
    touch(state).apply(enter)
    assert state.dwarfs[0].count(forest) == 2 and inner(state) == (GATHER, LEAVE)
    assert fights.reveal_count(state, 0, forest) == 2


def test_fortress_costs_seven_of_each_and_ignores_monsters() -> None:
    """rulebook: spend 7 of each resource; the fortress takes the full amount of a resource spot even under a
    monster (R17) and may stand on a web (R42); +1 nest."""
    state = era_one()
    assert all(a not in FORTRESS for a in touch(state).legal_action_ids())
    state.treasury[0] = [7, 7, 7]
    wood = next(i for i, s in enumerate(state.world.slots) if s is not None and s.code == "wood3"
                and state.owner_at[i] == NO_ONE)
    state.dwarfs[0].append(next(iter(state.world.geometry.adjacent[wood])))
    state.web_at[wood] = state.game.kinds.index("M01")
    assert FORTRESS.encode(place(state, wood)) in touch(state).legal_action_ids()
    assert all(not (a in BUILD and loc(state, BUILD.decode(a)[1]) == wood) for a in touch(state).legal_action_ids())
    touch(state).apply(FORTRESS.encode(place(state, wood)))  # the Cyclops is in play, yet 3 wood
    assert state.treasury[0] == [3, 0, 0] and state.fortress_at[0] == wood


def test_reveal_counts_of_the_rulebook_examples() -> None:
    """rulebook: the fight reveals 3 (dwarfs) + 1 (settlement) + 2 (fortress) = 6 cards; gathering example A
    reveals 1 + 1 + 2 = 4, and example B, with a second dwarf, 5."""
    state = era_one()
    plains = wildland(state, "W-P2")
    around = state.world.geometry.surrounding(plains)
    land = [s for s in around if state.world.slots[s].kind != "water"]  # type: ignore[union-attr]
    state.owner_at[land[0]] = 0
    state.owner_at[land[1]] = 0
    state.fortress_at[0] = land[1]
    state.dwarfs[0].append(plains)
    assert fights.reveal_count(state, 0, plains) == 4
    state.dwarfs[0].append(plains)
    assert fights.reveal_count(state, 0, plains) == 5
    state.dwarfs[0].append(plains)
    assert fights.reveal_count(state, 0, plains) == 6
    state.dwarfs[1].append(plains)  # another player's dwarf does not count
    assert fights.reveal_count(state, 0, plains) == 6


def test_explore_then_fight_gather_or_leave() -> None:
    """R13: entering a wildland offers a fight (monster there) or a gathering (none), or neither."""
    state = era_one()
    witch = wildland(state, "W-P1")
    empty = wildland(state, "W-F1")
    state.dwarfs[0].append(next(s for s in state.world.geometry.surrounding(witch)))
    state.dwarfs[0].append(next(s for s in state.world.geometry.surrounding(empty)))
    assert EXPLORE.encode(place(state, witch)) in touch(state).legal_action_ids()
    other = state.clone()
    touch(state).apply(EXPLORE.encode(place(state, witch)))
    assert inner(state) == (FIGHT, LEAVE)
    touch(state).apply(LEAVE)
    assert state.stage == AFTER and witch in state.dwarfs[0]
    assert isinstance(other, SpringState)
    touch(other).apply(EXPLORE.encode(place(other, empty)))
    assert inner(other) == (GATHER, LEAVE)


def test_defeating_a_monster() -> None:
    """rulebook: the monster card joins the heroes deck, the miniature and its webs leave, 2 faerie cards are
    drawn and a new expedition card is revealed."""
    state = era_one()
    kinds = state.game.kinds
    witch_card = kinds.index("M05")
    witch = wildland(state, "W-P1")
    state.successes[0][0] = 5  # enough to win whatever is revealed
    hand = sum(state.faerie_hand[0])
    deck = len(state.expedition_deck)
    state.dwarfs[0].append(witch)
    assert fights.fight(state, 0, witch)
    assert state.heroes[0][witch_card] == 1 and witch_card not in state.expedition_area
    assert state.monster_at[2] == NO_ONE and state.defeated[0] == 1
    assert sum(state.faerie_hand[0]) == min(5, hand + 2) and len(state.expedition_deck) == deck - 1
    assert len(state.expedition_area) == 6


def test_axe_successes_are_spent_only_to_win() -> None:
    """R15: after the reveal the shortfall is paid from axe successes only if that wins."""
    state = era_one()
    witch = wildland(state, "W-P1")
    kinds = state.game.kinds
    need = state.game.components.monsters[kinds.index("M05") - kinds.monsters.start].axes  # the Witch M05
    state.heroes[0] = [0] * len(state.heroes[0])
    state.heroes[0][kinds.index("H6")] = 1  # a deck with no axe at all
    state.dwarfs[0].append(witch)
    state.successes[0][0] = need - 1
    assert not fights.fight(state, 0, witch) and state.successes[0][0] == need - 1
    state.successes[0][0] = need + 1
    assert fights.fight(state, 0, witch) and state.successes[0][0] == 1


def test_gathering_yields_the_terrain_and_backpack_successes() -> None:
    """R16: one resource of the terrain per backpack; R15: the player chooses how many successes to add."""
    state = era_one()
    forest = wildland(state, "W-F1")
    state.heroes[0] = [0] * len(state.heroes[0])
    state.heroes[0][state.game.kinds.index("H7")] = 1  # one porter: 2 backpacks
    state.successes[0][1] = 2
    state.dwarfs[0].append(next(iter(state.world.geometry.surrounding(forest))))
    touch(state).apply(EXPLORE.encode(place(state, forest)))
    touch(state).apply(GATHER)
    assert state.treasury[0][0] == 2
    assert inner(state) == tuple(ADD_BACKPACKS.base + n for n in range(3))
    touch(state).apply(ADD_BACKPACKS.base + 1)
    assert state.treasury[0][0] == 3 and state.successes[0][1] == 1 and state.stage == AFTER


def test_dragon_spots() -> None:
    """R22 (rulebook): each spot exhausts up to 2 ready dragons; spot 2 only after spot 1; R21: spot 2 raises
    Faerie Power to 2 for the era."""
    state = era_one()
    legal = touch(state).legal_action_ids()
    assert DRAGON_SPOT.encode(0) in legal and DRAGON_SPOT.encode(1) not in legal
    state.nest[0] = [4, 5, 6]  # Timber Hatchlings: wood 2 each
    state.nest_level[0] = [1, 1, 1]
    state.exhausted[0] = [False] * 3
    touch(state).apply(DRAGON_SPOT.encode(0))
    assert inner(state) == (COMMAND.base, COMMAND.base + 1, COMMAND.base + 2, COMMAND_DONE)
    touch(state).apply(COMMAND.base + 1)
    touch(state).apply(COMMAND.base)
    assert state.treasury[0][0] == 4 and state.exhausted[0] == [True, True, False]
    assert state.stage == AFTER and not state.pending  # two commanded: the spot is done
    touch(state).apply(END_TURN)
    until_turn_of(state, 0)  # back to Blue next round: spot 2 is open now
    assert DRAGON_SPOT.encode(1) in touch(state).legal_action_ids()
    touch(state).apply(DRAGON_SPOT.encode(1))
    assert state.faerie_power[0] == 2
    assert inner(state) == (COMMAND.base + 2, COMMAND_DONE)


def test_any_resource_is_chosen_one_at_a_time() -> None:
    """spring.md §10: 'any n' = n resources, each of the player's choice."""
    state = era_one()
    state.nest[0] = [0]
    state.nest_level[0] = [3]  # Ribbon Wyrm: any 3, backpack 1
    state.exhausted[0] = [False]
    touch(state).apply(DRAGON_SPOT.encode(0))
    touch(state).apply(COMMAND.base)
    assert touch(state).legal_action_ids() == tuple(CHOOSE_RESOURCE.base + r for r in range(3))
    for r in (2, 2, 0):
        touch(state).apply(CHOOSE_RESOURCE.base + r)
    assert state.treasury[0] == [1, 0, 2] and state.successes[0][1] == 1


def test_training_costs_four_then_five() -> None:
    """rulebook: 4 to train level 1 into level 2, then 5 into level 3; the action example pays 4 wood for a
    starting dragon (D01 trains with wood, R44); an exhausted dragon stays exhausted."""
    state = era_one()
    state.nest[0] = [0]  # D01, trained with wood
    state.nest_level[0] = [1]
    state.exhausted[0] = [True]
    state.treasury[0] = [3, 0, 9]
    assert TRAIN.base not in touch(state).legal_action_ids()
    state.treasury[0] = [9, 0, 0]
    touch(state).apply(TRAIN.base)
    assert state.treasury[0][0] == 5 and state.nest_level[0] == [2] and state.exhausted[0] == [True]
    touch(state).apply(TRAIN.base)
    assert state.treasury[0][0] == 0 and state.nest_level[0] == [3]
    assert TRAIN.base not in touch(state).legal_action_ids()


def test_gold_only_training_option() -> None:
    """R44 option dragon_training = gold_only: the caption's gold for every dragon."""
    from dwarfhall.games.spring.game import SpringGame

    data = era_one().to_json()
    data["options"]["dragon_training"] = "gold_only"
    game = SpringGame(data["options"])
    state = game.state_from_json(data)
    assert isinstance(state, SpringState)
    state.nest[0], state.nest_level[0], state.exhausted[0] = [0], [1], [False]
    state.treasury[0] = [9, 0, 3]
    assert TRAIN.base not in touch(state).legal_action_ids()
    state.treasury[0] = [0, 0, 4]
    touch(state).apply(TRAIN.base)
    assert state.treasury[0] == [0, 0, 0]


def quest_state() -> tuple[SpringState, int]:
    """Era 1 with Q03 (own 2 dragons) face up at area index 5 and no Petrifier."""
    state = era_one()
    q03 = state.game.kinds.index("Q03")
    assert state.expedition_area[5] == q03
    return state, q03


def test_quest_requirements_are_checked_not_paid() -> None:
    """rulebook: a quest needs its requirement met, costs nothing, joins the heroes deck and brings an egg."""
    state, q03 = quest_state()
    assert all(a not in QUEST for a in touch(state).legal_action_ids())
    state.nest[0], state.nest_level[0], state.exhausted[0] = [0, 5], [1, 1], [False, False]
    state.treasury[0] = [2, 2, 2]
    eggs = len(state.egg_pile)
    touch(state).apply(QUEST.encode(0, 5))
    assert state.heroes[0][q03] == 1 and state.treasury[0] == [2, 2, 2]
    assert len(state.nest[0]) == 3 and len(state.egg_pile) == eggs - 1 and state.exhausted[0][2] is False
    assert len(state.expedition_area) == 6 and q03 not in state.expedition_area


def test_full_nest_takes_no_egg() -> None:
    """R26: with a full nest the quest still counts, no egg is drawn."""
    state, q03 = quest_state()
    state.nest[0] = [4, 5, 6, 7, 8]
    state.nest_level[0] = [1] * 5
    state.exhausted[0] = [False] * 5
    eggs = len(state.egg_pile)
    touch(state).apply(QUEST.encode(0, 5))
    assert len(state.nest[0]) == 5 and len(state.egg_pile) == eggs and state.heroes[0][q03] == 1


def test_second_expedition_spot_trims_the_deck() -> None:
    """R27 (rulebook): expedition spot 2 may remove any one card of the heroes deck, the new quest included."""
    state, q03 = quest_state()
    state.nest[0], state.nest_level[0], state.exhausted[0] = [0, 5], [1, 1], [False, False]
    touch(state).apply(QUEST.encode(1, 5))
    legal = touch(state).legal_action_ids()
    assert TRIM.base + q03 in legal and NO_TRIM in legal
    porter = state.game.kinds.index("H7")
    touch(state).apply(TRIM.base + porter)
    assert state.heroes[0][porter] == 0 and sum(state.heroes[0]) == 7
    assert len(state.expedition_area) == 6


def test_petrifier_blocks_quests() -> None:
    """R25 (rulebook): while a Petrifier is in play nobody may go on a quest."""
    state, _ = quest_state()
    state.nest[0], state.nest_level[0], state.exhausted[0] = [0, 5], [1, 1], [False, False]
    assert any(a in QUEST for a in touch(state).legal_action_ids())
    state.monster_at[0] = state.game.kinds.index("M07")
    state._legal = None
    assert all(a not in QUEST for a in touch(state).legal_action_ids())


def test_summon_needs_room_in_hand() -> None:
    """rulebook: the faerie spot draws one card; never more than 5 in hand (R19)."""
    state = era_one()
    assert SUMMON in touch(state).legal_action_ids()
    state.faerie_hand[0][state.game.kinds.faeries.start] += 5 - sum(state.faerie_hand[0])
    state._legal = None
    assert SUMMON not in touch(state).legal_action_ids()


def test_idle_when_no_dwarf_action_is_legal() -> None:
    """R9: a player with a dwarf at home and nothing legal sets it aside."""
    state = era_one()
    for location in own_settlements(state, 0):
        state.owner_at[location] = NO_ONE
    state.spots_used[0] = (1 << 9) - 1
    assert touch(state).legal_action_ids()[0] == IDLE
    touch(state).apply(IDLE)
    assert state.home[0] == 6 and state.stage == AFTER


def play_era(state: SpringState) -> None:
    era = state.era
    while state.era == era and not state.is_terminal:
        legal = touch(state).legal_action_ids()
        pick = END_TURN if END_TURN in legal else IDLE if IDLE in legal else SUMMON if SUMMON in legal else legal[-1]
        touch(state).apply(pick)


def test_seven_rounds_then_the_next_era() -> None:
    """R8: 7 rounds of one dwarf each; R29: the first-player token passes; R5: dwarfs home, spots free."""
    state = era_one()
    play_era(state)
    assert state.era == 2 and state.first == 1 and state.current_player == 1
    assert state.home == [7, 7, 7, 7] and state.spots_used == [0, 0, 0, 0]
    assert all(not any(ex) for ex in state.exhausted)


def test_the_game_ends_after_era_four_or_a_short_area() -> None:
    """R29 (rulebook): the game ends after the 4th era, or at the end of an era whose area shows fewer than 6."""
    state = era_one()
    state.expedition_deck = []
    state.expedition_area.pop()
    play_era(state)
    assert state.phase == OVER and state.era == 1
    state = era_one()
    for _ in range(4):
        play_era(state)
    assert state.phase == OVER and state.era == 4


def test_rulebook_action_example_yellow() -> None:
    """rulebook actions phase example (Yellow's turns): with a Witch in play a food spot gives 1 food instead of
    2; a wood spot gives 2 wood (2 + 2 = 4); 4 wood train the starting dragon to level 2 (D01, trained with
    wood, R44); a level 2 dragon meets the quest "have a level 2 dragon" (Q01), which brings an egg."""
    state = era_one()
    kinds = state.game.kinds
    for slot, monster, quest in ((4, "M09", "Q04"), (5, "M11", "Q05")):  # only the Witch, as in the example
        state.monster_at[slot] = NO_ONE
        state.expedition_area[state.expedition_area.index(kinds.index(monster))] = kinds.index(quest)
        state.expedition_deck[state.expedition_deck.index(kinds.index(quest))] = kinds.index(monster)
    state.treasury[0] = [2, 2, 0]
    state.nest[0], state.nest_level[0], state.exhausted[0] = [0], [1], [False]
    food = next(i for i, s in enumerate(state.world.slots) if s is not None and s.code == "food2")
    wood = next(i for i, s in enumerate(state.world.slots) if s is not None and s.code == "wood2")
    state.dwarfs[0] = [next(iter(state.world.geometry.adjacent[food])), next(iter(state.world.geometry.adjacent[wood]))]
    touch(state).apply(BUILD.encode(1, place(state, food)))
    assert state.treasury[0] == [2, 3, 0]  # the Witch (M05) is in play: 1 food, not 2
    state.apply(END_TURN)
    until_turn_of(state, 0)
    state.treasury[0] = [2, 3, 0]
    touch(state).apply(BUILD.encode(0, place(state, wood)))
    assert state.treasury[0][0] == 4
    state.apply(TRAIN.base)
    assert state.treasury[0][0] == 0 and state.nest_level[0] == [2]
    state.apply(END_TURN)
    until_turn_of(state, 0)
    q01 = kinds.index("Q01")
    state.expedition_area[3] = q01  # the example's quest is face up
    eggs = len(state.egg_pile)
    touch(state).apply(QUEST.encode(0, 3))
    assert state.heroes[0][q01] == 1 and len(state.nest[0]) == 2 and len(state.egg_pile) == eggs - 1
