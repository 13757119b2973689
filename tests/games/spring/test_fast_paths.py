"""The fast paths of the rules and the heuristic against a plain reading of the same rules, position by position.

The engine works out dwarf actions from precomputed tables and remembered occupancies, answers "can this faerie be
played" without building its ids, and scores positions from per-game tables; each reference below is the direct
reading (scan every location, build every list) that they must equal exactly.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from dwarfhall.core import Rng
from dwarfhall.games.spring import faeries, gains, hexmap, legal, pieces, quests, scoring
from dwarfhall.games.spring.game import SpringGame
from dwarfhall.games.spring.heuristic import SpringHeuristic, estimate
from dwarfhall.games.spring.hexmap import DIRECTIONS, SPOTS_PER_PETAL, add, rotated_position
from dwarfhall.games.spring.kit import (
    BUILD,
    DRAGON_SPOT,
    EXPLORE,
    FORTRESS,
    MOVE_FROM,
    PICK_DWARF,
    QUEST,
    REMOVE_WEB,
    START_SETTLEMENT,
    SUMMON,
)
from dwarfhall.games.spring.phases import AFTER, BEFORE, NO_ONE, PLACING, RESOURCE_INDEX
from dwarfhall.games.spring.state import SpringState
from dwarfhall.games.spring.targets import targets_of
from dwarfhall.games.spring.worldmap import random_layout


def positions(players: int, seed: int, options: dict[str, object] | None = None) -> Iterator[SpringState]:
    """Every position of a random game."""
    game = SpringGame({"players": players, **(options or {})})
    state = game.new_state(seed)
    assert isinstance(state, SpringState)
    rng = Rng(seed + 1000)
    while not state.is_terminal:
        yield state
        legal = state.legal_action_ids()
        state.apply(legal[rng.below(len(legal))])


def reference_dwarf_actions(state: SpringState, player: int) -> list[int]:
    """§11.3 read plainly: reach from every piece (R32, R41) and a dwarf's own wildland (R53), free spots, wildlands
    with room (R12), the board spots still free this era, quests whose requirements are met (R24, R25)."""
    game = state.game
    world = state.world
    owned = [i for i, owner in enumerate(state.owner_at) if owner == player] + state.dwarfs[player]
    reach: set[int] = {loc for loc in state.dwarfs[player] if world.slots[loc] is None}
    for loc in owned:
        reach |= world.geometry.adjacent[loc]
    free, wild = [], []
    for loc in reach:
        if world.slots[loc] is None:
            if pieces.dwarfs_in(state, loc) < pieces.WILDLAND_DWARFS:
                wild.append(loc)
        elif pieces.free_spot(state, loc):
            free.append(loc)
    land = [loc for loc in free if not world.is_water(loc)]
    used = state.spots_used[player]
    ids: list[int] = []
    for line in range(3):
        if state.line_left[player][line] and not used >> game.build_bits[line] & 1:
            ids += [BUILD.encode(line, world.place_of[loc]) for loc in land if state.web_at[loc] == NO_ONE]
    if (
        state.fortress_at[player] == NO_ONE
        and not used >> game.fortress_bit & 1
        and min(state.treasury[player]) >= game.components.fortress["cost"]
    ):
        ids += [FORTRESS.encode(world.place_of[loc]) for loc in land]
    ids += [EXPLORE.encode(world.place_of[loc]) for loc in free + wild]
    if (
        not used >> game.faerie_bit & 1
        and sum(state.faerie_hand[player]) < game.components.limits["faerie_hand"]
        and (state.faerie_deck or state.faerie_discard)
    ):
        ids.append(SUMMON)
    if not used >> game.dragon_bits[0] & 1:
        ids.append(DRAGON_SPOT.encode(0))
    elif not used >> game.dragon_bits[1] & 1:
        ids.append(DRAGON_SPOT.encode(1))
    if not quests.petrified(state):
        ordered = game.options.expedition_order == "ordered"
        for spot, bit in enumerate(game.expedition_bits):
            if used >> bit & 1 or (spot == 1 and ordered and not used >> game.expedition_bits[0] & 1):
                continue
            for index, card in enumerate(state.expedition_area):
                requirement = quests.quest_of(state, card)
                if requirement is not None and quests.met(state, player, requirement):
                    ids.append(QUEST.encode(spot, index))
    return sorted(ids)


def reference_start_settlements(state: SpringState) -> list[int]:
    """R3-R4 read plainly: any line with a settlement left, any free land spot without a web."""
    player = state.to_act
    places = sorted(
        state.world.place_of[loc] for loc in range(len(state.owner_at)) if pieces.land_for_settlement(state, loc)
    )
    return [START_SETTLEMENT.encode(line, p) for line in range(3) if state.line_left[player][line] for p in places]


def reference_resources(state: SpringState, player: int, eras_left: int) -> float:
    """The heuristic's resource worth read from the components: per resource, the treasury and the lines' output
    for the eras left go first to the nest dragons' training (0.25 VP each), then to the fortress while a dwarf may
    still build it (0.8 of its VP over its cost), then up to one first training per egg the nest may still take
    in the eras left (0.25), the rest at 1 VP per 7."""
    comps = state.game.components
    have = list(state.treasury[player])
    for r, line in enumerate(comps.lines):
        taken = len(line.positions) - state.line_left[player][r]
        for icons in line.positions[:taken]:
            for resource, amount in icons.items():
                have[RESOURCE_INDEX[resource]] += amount * eras_left
    need = [0, 0, 0]
    for dragon, level in zip(state.nest[player], state.nest_level[player], strict=True):
        train = "gold" if state.game.options.dragon_training == "gold_only" else comps.dragons[dragon].train
        need[RESOURCE_INDEX[train]] += sum(comps.training_cost[level - 1 :])
    cost = comps.fortress["cost"]
    fortress = state.fortress_at[player] == NO_ONE and (eras_left > 0 or state.home[player] > 0)
    worth, spare = 0.0, 0
    for r in range(3):
        used = min(have[r], need[r])
        worth += used * 0.25
        saved = min(have[r] - used, cost) if fortress else 0
        if fortress:
            worth += saved * (0.8 * comps.fortress["vp"] / (cost * 3))
        spare += have[r] - used - saved
    limit = comps.limits["nest" if state.fortress_at[player] == NO_ONE else "nest_with_fortress"]
    eggs = min(spare, max(0, min(limit - len(state.nest[player]), eras_left + 1)) * comps.training_cost[0])
    return worth + eggs * 0.25 + (spare - eggs) * (1 / 7)


def reference_estimate(state: SpringState, player: int, flat: bool = False) -> float:
    """The heuristic's estimate with the score read from `scoring.score_parts`, in the same order of sums; `flat`:
    every resource at 0.25 VP (the first version)."""
    parts = scoring.score_parts(state, player)
    points: float = sum(parts.values()) - parts["resources"]
    eras_left = max(0, state.game.options.eras - state.era)
    if flat:
        made = 0
        for r, line in enumerate(state.game.components.lines):
            taken = len(line.positions) - state.line_left[player][r]
            made += sum(sum(icons.values()) for icons in line.positions[:taken])
        points += (sum(state.treasury[player]) + made * eras_left) * 0.25
    else:
        points += reference_resources(state, player, eras_left)
    for level in state.nest_level[player]:
        points += {1: 1.2, 2: 0.6, 3: 0.0}[level] + 0.4 * eras_left
    points += 0.4 * sum(state.faerie_hand[player]) + 0.25 * sum(state.successes[player])
    points += 0.3 * sum(4 - left for left in state.line_left[player])
    return points


def reference_score(state: SpringState, player: int) -> dict[str, int]:
    """R36 read from the components."""
    comps = state.game.components
    kinds = state.game.kinds
    deck = state.heroes[player]
    return {
        "quests": sum(deck[k] * comps.quests[k - kinds.quests.start].vp for k in kinds.quests),
        "monsters": sum(deck[k] * comps.monsters[k - kinds.monsters.start].vp for k in kinds.monsters),
        "dragons": sum(
            comps.dragons[d].levels[level - 1].vp
            for d, level in zip(state.nest[player], state.nest_level[player], strict=True)
            if level >= 2
        ),
        "lines": sum(line.complete_vp for r, line in enumerate(comps.lines) if state.line_left[player][r] == 0),
        "fortress": comps.fortress["vp"] if state.fortress_at[player] != NO_ONE else 0,
        "resources": sum(state.treasury[player]) // 7,
    }


OPTION_SETS = [{}, {"expedition_order": "ordered", "dragon_training": "gold_only"}]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", OPTION_SETS)
def test_legal_moves_match_a_plain_reading(players: int, options: dict[str, object]) -> None:
    """§11.3, R3-R4, R9, R23: every position's legal ids equal the plain reading's, in the engine's order."""
    checked = 0
    for seed in range(3):
        for state in positions(players, seed, options):
            player = state.to_act
            if state.phase == PLACING:
                assert list(state.legal_action_ids()) == reference_start_settlements(state)
            elif not state.pending and state.stage == BEFORE:
                assert legal.dwarf_actions(state, player) == reference_dwarf_actions(state, player)
                checked += 1
            hand = state.faerie_hand[player]
            for card in state.game.kinds.faeries:
                if hand[card]:
                    expected = bool(faeries.application_ids(state, player, card))
                    assert faeries.playable(state, player, card) is expected
    assert checked > 50


def test_crowded_and_webbed_maps_match_a_plain_reading() -> None:
    """R12 (a wildland takes 7 dwarfs), webs on spots (no settlement there) and spots taken by hand, read plainly."""
    for state in positions(4, 5):
        if state.phase != PLACING and not state.pending and state.stage == BEFORE and state.era >= 2:
            break
    wildland = state.world.wildland_locations[0]
    around = state.world.geometry.surrounding(wildland)
    for p in range(4):
        state.owner_at[around[p]] = p  # every player reaches the wildland
        state.dwarfs[p] = [wildland] * 2  # 8 dwarfs: full
    spots = [loc for loc, slot in enumerate(state.world.slots) if slot is not None and state.owner_at[loc] == NO_ONE]
    for loc in spots[:6]:
        state.web_at[loc] = state.game.kinds.monsters.start
    for loc in spots[6:12]:
        state.owner_at[loc] = (loc % 4) if loc % 5 else NO_ONE
    state.map_changes += 1  # edits by hand count themselves, as the rules' changes do (targets.targets_of)
    explore = EXPLORE.encode(state.world.place_of[wildland])
    for player in range(4):
        assert legal.dwarf_actions(state, player) == reference_dwarf_actions(state, player)
        assert explore not in legal.dwarf_actions(state, player)
    state.dwarfs[0] = [wildland]  # 7 dwarfs: room for none
    state.map_changes += 1
    assert legal.dwarf_actions(state, 1) == reference_dwarf_actions(state, 1)
    assert explore not in legal.dwarf_actions(state, 1)
    state.dwarfs[1] = []  # 5 dwarfs: room again
    state.map_changes += 1
    assert legal.dwarf_actions(state, 0) == reference_dwarf_actions(state, 0)
    assert explore in legal.dwarf_actions(state, 0)


@pytest.mark.parametrize("players", [2, 4])
def test_scores_and_estimates_match_a_plain_reading(players: int) -> None:
    """R36 and the heuristic's estimate, to the last bit of the float."""
    advice = SpringHeuristic()
    for state in positions(players, 11):
        for p in range(players):
            assert scoring.score_parts(state, p) == reference_score(state, p)
            assert estimate(state, p) == reference_estimate(state, p)
            assert estimate(state, p, flat=True) == reference_estimate(state, p, flat=True)
        assert advice.evaluate_all(state) == [advice.evaluate(state, p) for p in range(players)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_quest_checks_with_the_kept_settlement_count_match_a_plain_reading(players: int) -> None:
    """R24, R34: at every position, every quest's requirement checked with the targets' settlement count (the dwarf
    actions' path) equals the check that scans the map and `met` on the requirement itself."""
    tables = SpringGame({"players": players}).tables
    checked = 0
    for state in positions(players, 60 + players):
        if state.phase == PLACING:
            continue
        found = targets_of(state)
        for p in range(players):
            assert found.settlements(p, state.fortress_at[p]) == pieces.settlements_on_map(state, p)
            for card in state.game.kinds.quests:
                need = tables.quest_needs[card]
                assert need is not None
                plain = quests.met(state, p, quests.quest_of(state, card))  # type: ignore[arg-type]
                assert quests.meets(state, p, need, found) == quests.meets(state, p, need) == plain
                checked += plain
    assert checked > 100  # requirements met, not only failed


def test_clone_copies_every_field() -> None:
    """A clone holds every slot of the state, equal and independent (no list shared)."""
    for state in positions(3, 2):
        if state.stage == AFTER and state.era == 2:
            break
    other = state.clone()
    assert isinstance(other, SpringState)
    assert other.to_json() == state.to_json()
    for cls in type(state).__mro__:
        for name in getattr(cls, "__slots__", ()):
            mine, theirs = getattr(state, name), getattr(other, name)
            if isinstance(mine, list):
                assert mine == theirs and mine is not theirs, name
                assert all(a is not b for a, b in zip(mine, theirs, strict=True) if isinstance(a, list)), name


def test_samples_for_the_player_to_act_keep_the_legal_moves() -> None:
    """R38: a player's own legal moves read nothing they cannot see, so every sample for them has the same ones;
    a sample for another player (who cannot see the hand of the player to act) works them out afresh."""
    for state in positions(4, 3):
        legal = state.legal_action_ids()
        for k in range(3):
            mine = state.determinize(state.to_act, Rng(k))
            assert mine.legal_action_ids() is legal
            mine._legal = None
            assert mine.legal_action_ids() == legal
        other = state.determinize((state.to_act + 1) % 4, Rng(9))
        assert other._legal is None


def test_map_tables_restate_the_geometry() -> None:
    """§3.6: adjacency by place number is the geometry's adjacency renumbered, and the geometry's adjacency is a
    plain scan of touching cells (two locations touch when a cell of one touches a cell of the other)."""
    game = SpringGame({"players": 2})
    for seed in range(40):
        world = random_layout(Rng(seed), game.components)
        geometry = world.geometry
        owner = {cell: loc.index for loc in geometry.locations for cell in loc.cells}
        # place numbers (the ids' numbering) laid petal by petal: petal place x 7 + spot, a wildland its spot 0
        assert world.place_of == tuple(loc.position * SPOTS_PER_PETAL + (loc.spot or 0) for loc in geometry.locations)
        tables = world.tables
        land = [loc.index for loc in geometry.locations if world.slots[loc.index] is not None
                and world.slots[loc.index].kind != "water"]  # fmt: skip
        assert tables.land == tuple(land)
        assert tables.land_places == {world.place_of[loc] for loc in land}
        assert tables.grass_places == {world.place_of[loc.index] for loc in geometry.locations if not loc.is_wildland}
        for loc in geometry.locations:
            plain = {owner[n] for cell in loc.cells for d in DIRECTIONS if (n := add(cell, d)) in owner} - {loc.index}
            assert geometry.adjacent[loc.index] == plain
            places = frozenset(world.place_of[n] for n in plain)
            assert world.tables.adjacent_places[loc.index] == places
            around = geometry.surrounding(loc.index) if loc.is_wildland else ()
            assert world.tables.surrounding[loc.index] == around
            # the printed spot: the tile's slot that its rotation turns onto this spot position
            placement = world.placements[loc.position]
            slot = None
            if loc.spot is not None:
                tile = next(g for g in game.components.grasslands if g.id == placement.tile)
                slot = next(x for i, x in enumerate(tile.slots) if rotated_position(i, placement.rotation) == loc.spot)
            assert world.slots[loc.index] == slot


def test_every_faerie_is_playable_exactly_when_it_has_an_application() -> None:
    """§9: a faerie card can be played when one application is possible; checked for every kind on positions of
    random games and on hand-made ones (dwarfs of one player only, all dwarfs in one place, crowded wildlands)."""
    game = SpringGame({"players": 3})
    kinds = game.kinds.faeries
    samples = [state.clone() for i, state in enumerate(positions(3, 4)) if i % 7 == 0]
    crowded = samples[len(samples) // 2].clone()
    assert isinstance(crowded, SpringState)
    wildland = crowded.world.wildland_locations[1]
    handmade = []
    for layout in ([[wildland] * 3, [wildland] * 4, []], [[wildland], [], []], [[], [], []], [[wildland] * 6, [], []]):
        state = crowded.clone()
        assert isinstance(state, SpringState)
        state.dwarfs = [list(locations) for locations in layout]
        state.map_changes += 1  # an edit by hand counts itself (targets.targets_of)
        handmade.append(state)
        moved = state.clone()
        assert isinstance(moved, SpringState)
        moved.dwarfs[0] = moved.dwarfs[0][:1] + list(moved.world.geometry.surrounding(wildland))
        moved.map_changes += 1
        handmade.append(moved)
    hemmed = crowded.clone()  # a dwarf whose only way out is a wildland holding 6 or 7 dwarfs
    assert isinstance(hemmed, SpringState)
    geometry = hemmed.world.geometry
    spot = next(
        s
        for s in geometry.surrounding(wildland)
        if sum(1 for loc in geometry.adjacent[s] if geometry.locations[loc].is_wildland) == 1
    )
    for loc in geometry.adjacent[spot]:
        if hemmed.world.slots[loc] is not None:
            hemmed.owner_at[loc] = 1
    hemmed.map_changes += 1
    for crowd in (6, 7):
        state = hemmed.clone()
        assert isinstance(state, SpringState)
        state.dwarfs = [[spot], [wildland] * crowd, []]
        state.map_changes += 1
        handmade.append(state)
    for state in samples + handmade:
        assert isinstance(state, SpringState)
        for player in range(3):
            for card in kinds:
                expected = bool(faeries.application_ids(state, player, card))
                assert faeries.playable(state, player, card) is expected, (card, state.dwarfs)


def reference_move_targets(state: SpringState, origin: int) -> list[int]:
    """F1 read plainly: the neighbouring locations a dwarf may step to (a free spot or a wildland with room)."""
    return sorted(loc for loc in state.world.geometry.adjacent[origin] if pieces.open_for_dwarf(state, loc))


def reference_dwarf_picks(state: SpringState, exclude: tuple[int, int] | None = None) -> list[tuple[int, int]]:
    """§9 (swap dwarfs) read plainly: a dwarf can be picked when another player's dwarf stands elsewhere."""
    placed = sorted({(p, loc) for p in range(state.num_players) for loc in state.dwarfs[p]})
    if exclude is not None:
        return [(p, loc) for p, loc in placed if p != exclude[0] and loc != exclude[1]]
    return [(p, loc) for p, loc in placed if any(q != p and other != loc for q, other in placed)]


def reference_application_ids(state: SpringState, player: int, card: int) -> list[int]:
    """§9: the ways to start one application of a faerie, read from the lists and the geometry."""
    what = faeries.effect_of(state, card).primitive
    place_of = state.world.place_of
    if what == "remove_web":
        return sorted(REMOVE_WEB.encode(place_of[i]) for i, web in enumerate(state.web_at) if web != NO_ONE)
    if what == "move_own_dwarf":
        steps = {MOVE_FROM.encode(place_of[loc]) for loc in state.dwarfs[player] if reference_move_targets(state, loc)}
        return sorted(steps)
    if what == "swap_dwarfs":
        return [PICK_DWARF.encode(p, place_of[loc]) for p, loc in reference_dwarf_picks(state)]
    return faeries.application_ids(state, player, card)  # the others read no map targets


def faerie_samples() -> list[SpringState]:
    """Positions of random games and hand-made ones: dwarfs crowding a wildland, all in one place, of one player."""
    samples = [state.clone() for i, state in enumerate(positions(3, 4)) if i % 5 == 0]
    crowded = samples[len(samples) // 2].clone()
    assert isinstance(crowded, SpringState)
    wildland = crowded.world.wildland_locations[1]
    spot = crowded.world.geometry.surrounding(wildland)[0]
    for layout in ([[wildland] * 3, [wildland] * 4, []], [[wildland, spot], [wildland], []], [[spot], [spot], [spot]],
                   [[wildland] * 6, [spot], []], [[wildland], [], []]):  # fmt: skip
        state = crowded.clone()
        assert isinstance(state, SpringState)
        state.dwarfs = [list(locations) for locations in layout]
        state.map_changes += 1  # an edit by hand counts itself (targets.targets_of)
        samples.append(state)
    return [s for s in samples if isinstance(s, SpringState)]


def test_faerie_choices_match_a_plain_reading() -> None:
    """§9, F1: where a dwarf may step, which webs may go and which dwarfs may be swapped equal a plain reading from
    the lists and the geometry, also after the lists were edited by hand."""
    game = SpringGame({"players": 3})
    checked = 0
    for state in faerie_samples():
        for player in range(3):
            for card in game.kinds.faeries:
                assert faeries.application_ids(state, player, card) == reference_application_ids(state, player, card)
            for origin in {loc for row in state.dwarfs for loc in row}:
                assert faeries._move_targets(state, origin) == reference_move_targets(state, origin)
                checked += 1
        assert faeries._dwarf_picks(state) == reference_dwarf_picks(state)
        for owner, where in reference_dwarf_picks(state)[:3]:
            assert faeries._dwarf_picks(state, (owner, where)) == reference_dwarf_picks(state, (owner, where))
    assert checked > 50


def test_geometry_memo_gives_every_layout_its_own_adjacency() -> None:
    """§3.6: the touching places remembered per petal and wild neighbours equal a plain scan of touching cells, on
    layouts met cold (the memo emptied first) and warm (after many others), and adjacency asked for first or later."""
    hexmap._PETALS.clear()
    for wild in ([0, 1, 2, 3, 4, 5], [0, 7, 9, 11, 13, 15], [3, 8, 17, 18, 10, 6], [0], []):
        hexmap._geometry.cache_clear()
        geometry = hexmap.build_geometry(wild)
        owner = {cell: loc.index for loc in geometry.locations for cell in loc.cells}
        place_of = [loc.position * hexmap.SPOTS_PER_PETAL + (loc.spot or 0) for loc in geometry.locations]
        for loc in geometry.locations:
            plain = {owner[n] for cell in loc.cells for d in DIRECTIONS if (n := add(cell, d)) in owner} - {loc.index}
            assert geometry.adjacent_places[loc.index] == frozenset(place_of[n] for n in plain)
            assert geometry.adjacent[loc.index] == plain
            if loc.is_wildland:
                assert geometry.surrounding(loc.index) == tuple(
                    sorted(n for n in plain if not geometry.locations[n].is_wildland)
                )
    assert len(hexmap._PETALS) > 50


def test_production_matches_the_line_icons() -> None:
    """R6: production adds every icon revealed on the player's lines, then cuts to the warehouse limit; also for
    lines edited by hand beyond what the rules allow."""
    game = SpringGame({"players": 2})
    state = game.new_state(3)
    assert isinstance(state, SpringState)
    comps = game.components
    cap = comps.limits["warehouse"]
    for lefts in ([4, 4, 4], [0, 2, 3], [1, 0, 4], [0, 0, 0], [5, -1, 2]):
        for start in ([0, 0, 0], [6, 1, 7]):
            state.line_left[0] = list(lefts)
            state.treasury[0] = list(start)
            expected = list(start)
            for r, line in enumerate(comps.lines):
                for icons in line.positions[: len(line.positions) - lefts[r]]:
                    for resource, amount in icons.items():
                        expected[RESOURCE_INDEX[resource]] += amount
            gains.produce(state, 0)
            assert state.treasury[0] == [min(amount, cap) for amount in expected]
