"""Spring's playing advice: legal, bounded, far better than random play, and pricing resources by their use."""

from __future__ import annotations

import pytest

from dwarfhall.agents import make_agent, play_game
from dwarfhall.core import Rng
from dwarfhall.games.spring.game import SpringGame
from dwarfhall.games.spring.heuristic import FIGHT_WEIGHT, RESOURCE_VP, STYLES, SpringHeuristic, estimate
from dwarfhall.games.spring.kit import BUILD, DRAGON_SPOT, EXPLORE, FORTRESS, QUEST, SUMMON, TRAIN
from dwarfhall.games.spring.layout import FORTRESS_AT, FORTRESS_END
from dwarfhall.games.spring.phases import NO_ONE, PLACING
from dwarfhall.games.spring.scoring import RESOURCES_PER_VP
from dwarfhall.games.spring.state import SpringState

from .test_actions import era_one, touch


def test_advice_is_legal_and_values_are_bounded() -> None:
    """At every kind of decision `choose` gives a legal id (or none) and `evaluate` stays in [-1, 1]."""
    advice = SpringHeuristic()
    for players in (2, 3, 4):
        game = SpringGame({"players": players})
        state = game.new_state(players)
        rng = Rng(1)
        while not state.is_terminal:
            assert isinstance(state, SpringState)
            player = state.current_player
            choice = advice.choose(state, player, rng)
            legal = state.legal_action_ids()
            assert choice is None or choice in legal
            assert -1.0 <= advice.evaluate(state, player) <= 1.0
            state.apply(legal[rng.below(len(legal))] if rng.random() < 0.5 or choice is None else choice)
        assert advice.evaluate(state, 0) == max(-1.0, min(1.0, state.returns()[0]))


def test_heuristic_beats_random_players() -> None:
    """Against three random players (fair share 25 %) the heuristic, on every seat in turn, wins most games."""
    game = SpringGame({"players": 4})
    games = 12
    won = 0
    for i in range(games):
        seat = i % 4
        agents = [make_agent("heuristic" if s == seat else "random", 50 * i + s) for s in range(4)]
        final = play_game(game, agents, 900 + i)
        won += seat in final.winners()
    assert won >= 9, f"the heuristic won {won} of {games}"


def rich_last_era(level: int) -> SpringState:
    """Era 4 (the last), Blue to act with 9 of each resource and every nest dragon at `level`; no quest and no
    dragon spot to take, so the fortress competes with building, exploring and summoning."""
    state = era_one()
    game = state.game
    state.era = game.options.eras
    state.treasury[0] = [9, 9, 9]
    state.nest_level[0] = [level] * len(state.nest[0])
    state.exhausted[0] = [True] * len(state.nest[0])
    for bit in (*game.expedition_bits, *game.dragon_bits):
        state.spots_used[0] |= 1 << bit
    return touch(state)


def bare_fortress(state: SpringState) -> int:
    """A legal fortress action on a spot that gains nothing, so only the fortress itself is weighed."""
    for action in state.legal_action_ids():
        if FORTRESS_AT <= action < FORTRESS_END:
            slot = state.world.slots[state.world.location_at[action - FORTRESS_AT]]
            if slot is None or not slot.is_resource:
                return action
    raise AssertionError("no fortress action on a spot without resources")


def test_resources_beyond_their_uses_count_at_the_scoring_rate() -> None:
    """R36 (rulebook: 1 VP for every 7 resources): with the fortress built, no dragon left to train and no room in
    the nest, 7 more resources raise the estimate by 1 VP, as at scoring; a dragon still to train makes the
    resource it trains with worth RESOURCE_VP."""
    state = rich_last_era(3)
    state.fortress_at[0] = state.world.location_at[0]
    limit = state.game.components.limits["nest_with_fortress"]
    state.nest[0] = (state.nest[0] * limit)[:limit]
    state.nest_level[0] = [3] * limit
    before, flat = estimate(state, 0), estimate(state, 0, flat=True)
    state.treasury[0] = [11, 11, 12]
    assert estimate(state, 0) - before == pytest.approx(7 / RESOURCES_PER_VP)
    assert estimate(state, 0, flat=True) - flat == pytest.approx(7 * RESOURCE_VP)  # the first version: 1.75 VP
    state.nest_level[0][0] = 2  # 5 more of its resource to reach level 3
    resource = state.game.tables.train_resource[state.nest[0][0]]
    state.treasury[0][resource] = 3
    before = estimate(state, 0)
    state.treasury[0][resource] = 2
    assert before - estimate(state, 0) == pytest.approx(RESOURCE_VP)


def test_building_the_fortress_beats_keeping_idle_resources() -> None:
    """R41/R36 (rulebook: the fortress costs 7 of each resource and scores 5 VP; leftover resources score 1 per 7):
    late in the game, with nothing to train, the estimate rises when the resources become the fortress, where the
    flat pricing of the first version saw a loss; the advice builds it."""
    state = rich_last_era(3)
    action = bare_fortress(state)
    built = state.clone()
    built.apply(action)
    assert isinstance(built, SpringState)
    assert estimate(built, 0) > estimate(state, 0)
    assert estimate(built, 0, flat=True) < estimate(state, 0, flat=True)
    choice = SpringHeuristic().choose(state, 0, Rng(3))
    assert choice is not None and FORTRESS_AT <= choice < FORTRESS_END


def test_training_waits_for_the_fortress() -> None:
    """R23/R41: training is free at any time of the turn, so a training that would leave less than the fortress
    needs comes after building it; the first version trained at once and could no longer build."""
    state = rich_last_era(1)
    legal = state.legal_action_ids()
    training = [a for a in legal if a in TRAIN]
    assert training
    advice = SpringHeuristic()
    choice = advice.choose(state, 0, Rng(3))
    assert choice is None or FORTRESS_AT <= choice < FORTRESS_END  # None: a close call the evaluation decides

    def value_after(action: int) -> float:
        after = state.clone()
        after.apply(action)
        return advice.evaluate(after, 0)

    assert value_after(bare_fortress(state)) > max(value_after(a) for a in training)
    assert SpringHeuristic(flat=True).choose(state, 0, Rng(3)) in TRAIN


def test_styles_weigh_their_families_of_dwarf_actions() -> None:
    """spring.md §12.2's archetypes: each style multiplies the worth of its families of dwarf actions (an explore
    counts as a fight where a monster waits, as gathering on another wildland) and leaves every other one alone."""
    game = SpringGame({"players": 4})
    state = game.new_state(4)
    rng = Rng(5)
    plain = SpringHeuristic()
    styled = {name: SpringHeuristic(style=name) for name in STYLES}
    seen: set[str] = set()
    while not state.is_terminal:
        assert isinstance(state, SpringState)
        player = state.current_player
        legal = list(state.legal_action_ids())
        if not state.pending and state.phase != PLACING:
            base = plain._worths(state, player, legal)
            for name, advice in styled.items():
                weights = STYLES[name][1]
                for action, worth, got in zip(legal, base, advice._worths(state, player, legal), strict=True):
                    family = action_family(state, action)
                    seen.add(family)
                    assert got == pytest.approx(worth * weights.get(family, 1.0)), (name, family)
        state.apply(legal[rng.below(len(legal))])
    assert {"build", "fight", "gather", "quest", "dragon", "faerie"} <= seen


def action_family(state: SpringState, action: int) -> str:
    """A plain reading of which family a dwarf action belongs to, for the style test."""
    if action in BUILD:
        return "build"
    if action in FORTRESS:
        return "fortress"
    if action in EXPLORE:
        location = state.world.location_at[action - EXPLORE.base]
        if state.world.slots[location] is not None:
            return "reach"
        return "fight" if state.monster_at[state.world.tables.wild_slot[location]] != NO_ONE else "gather"
    if action in QUEST:
        return "quest"
    if action in DRAGON_SPOT:
        return "dragon"
    return "faerie" if action == SUMMON else "other"


def test_balanced_style_is_the_default_advice() -> None:
    """`heuristic:style=balanced` plays the very game the plain heuristic plays (same seeds, same moves)."""
    game = SpringGame({"players": 3})
    plain = play_game(game, [make_agent("heuristic", s) for s in range(3)], 77)
    balanced = play_game(game, [make_agent("heuristic:style=balanced", s) for s in range(3)], 77)
    assert plain.history == balanced.history
    assert SpringHeuristic(style="fighter").style == "fighter"
    with pytest.raises(ValueError, match="no Spring heuristic style 'brawler'"):
        SpringHeuristic(style="brawler")


def test_fights_weigh_more_than_their_plain_odds() -> None:
    """The advice prices a fight (R13: explore a monster's wildland and fight it) at FIGHT_WEIGHT times its odds of a
    win times the monster's VP and faeries, as measured in docs/rules/spring.md; the first version (flat) without."""
    game = SpringGame({"players": 4})
    state = game.new_state(4)
    rng = Rng(9)
    plain, flat = SpringHeuristic(), SpringHeuristic(flat=True)
    fights = 0
    while not state.is_terminal and fights < 20:
        assert isinstance(state, SpringState)
        legal = list(state.legal_action_ids())
        if not state.pending and state.phase != PLACING:
            for action in legal:
                if action in EXPLORE and action_family(state, action) == "fight":
                    ours, first = plain._worth(state, state.current_player, action), flat._worth(
                        state, state.current_player, action
                    )
                    assert ours == pytest.approx(FIGHT_WEIGHT * first)
                    fights += first > 0
        state.apply(legal[rng.below(len(legal))])
    assert fights >= 5
