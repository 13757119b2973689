"""The map targets the state keeps for the dwarf actions (`targets.py`) are never served stale: after the state's
lists are edited by hand, between and around moves, the legal moves equal a plain reading and a fresh reading."""

from __future__ import annotations

from dwarfhall.core import Rng
from dwarfhall.games.spring import faeries, flow, legal, pieces
from dwarfhall.games.spring.game import SpringGame
from dwarfhall.games.spring.kit import END_TURN, PLACES
from dwarfhall.games.spring.layout import EXPLORE_AT, EXPLORE_END
from dwarfhall.games.spring.phases import BEFORE, NO_ONE, PLACING
from dwarfhall.games.spring.state import SpringState
from dwarfhall.games.spring.targets import Targets, places_of, targets_of
from tests.games.spring.test_fast_paths import (
    positions,
    reference_application_ids,
    reference_dwarf_actions,
    reference_move_targets,
    reference_start_settlements,
)


def fresh_ids(state: SpringState) -> list[int]:
    """The legal ids with no kept targets (read from the lists alone), the state's own targets left as they were."""
    kept = state._targets
    state._targets = None
    try:
        return legal.legal_action_ids(state)
    finally:
        state._targets = kept


def assert_right(state: SpringState) -> None:
    """§11.3 and R3-R4: the legal ids equal a reading without kept targets and the plain reading."""
    ids = legal.legal_action_ids(state)
    assert ids == fresh_ids(state)
    if state.phase == PLACING:
        assert ids == reference_start_settlements(state)
    elif not state.pending and state.stage == BEFORE:
        player = state.to_act
        assert legal.dwarf_actions(state, player) == reference_dwarf_actions(state, player)
    if state.phase != PLACING:
        found = targets_of(state)
        for p in range(state.num_players):  # R34: the kept count against a scan of the map
            assert found.settlements(p, state.fortress_at[p]) == pieces.settlements_on_map(state, p)


def same_sets(found: Targets, scanned: Targets) -> None:
    assert found.open == scanned.open
    assert found.open_wild == scanned.open_wild
    assert found.room == scanned.room == found.open | found.open_wild
    assert found.open_land == scanned.open_land == found.open & found.maps.land_bits
    assert found.webbed == scanned.webbed
    assert found.unsettled == scanned.unsettled
    assert found.near == scanned.near
    assert found.settled_near == scanned.settled_near
    assert found.pieces == scanned.pieces


def edit(state: SpringState, rng: Rng) -> None:
    """One edit by hand of the lists the targets read: a dwarf placed, moved or sent home, a settlement placed or
    removed, a web laid or cleared; counted in `map_changes` as the rules count theirs."""
    world = state.world
    spots = [loc for loc, slot in enumerate(world.slots) if slot is not None]
    anywhere = list(range(len(state.owner_at)))
    player = rng.below(state.num_players)
    what = rng.below(6)
    if what == 0:
        state.dwarfs[player].append(anywhere[rng.below(len(anywhere))])
    elif what == 1 and state.dwarfs[player]:
        state.dwarfs[player][rng.below(len(state.dwarfs[player]))] = anywhere[rng.below(len(anywhere))]
    elif what == 2:
        state.dwarfs[player] = []
    elif what == 3:
        state.owner_at[spots[rng.below(len(spots))]] = player
    elif what == 4:
        taken = [loc for loc, owner in enumerate(state.owner_at) if owner != NO_ONE]
        if taken:
            state.owner_at[taken[rng.below(len(taken))]] = NO_ONE
    else:
        loc = spots[rng.below(len(spots))]
        state.web_at[loc] = NO_ONE if state.web_at[loc] != NO_ONE else state.game.kinds.monsters.start
    state.map_changes += 1  # an edit by hand counts itself, as every rule that changes those lists does


def test_legal_moves_after_edits_by_hand_match_a_fresh_reading() -> None:
    """Every few moves the state's lists are edited by hand (before and after its targets were worked out, on the
    state and on clones sharing them); the legal moves then, and after the next moves, are read right."""
    rng = Rng(17)
    checked = 0
    for players, seed in ((4, 1), (3, 2), (2, 3), (4, 4)):
        for step, state in enumerate(positions(players, seed)):
            if step % 5 == 0:
                assert_right(state)
                clone = state.clone()
                assert isinstance(clone, SpringState)
                edit(clone, rng)
                state._legal = None
                clone._legal = None
                assert_right(clone)
                assert_right(state)  # the original is untouched by the clone's edits
                if step % 10 == 0:
                    edit(state, rng)  # the game goes on from the edited position
                    state._legal = None
                    assert_right(state)
                checked += 1
            if state.phase != PLACING:
                found = targets_of(state)
                same_sets(found, Targets.scan(state))
    assert checked > 100


def test_a_move_after_an_edit_does_not_keep_stale_targets() -> None:
    """An edit after the legal moves were worked out, then a move: the update of the (now stale) targets is found
    out, and the next legal moves are read afresh."""
    for state in positions(4, 6):
        if state.phase != PLACING and not state.pending and state.stage == BEFORE and state.era >= 2:
            ids = state.legal_action_ids()
            if any(EXPLORE_AT <= a < EXPLORE_END for a in ids):
                break
    explore = next(a for a in ids if EXPLORE_AT <= a < EXPLORE_END)
    other = (state.to_act + 1) % 4
    wildland = state.world.wildland_locations[0]
    state.dwarfs[other] = state.dwarfs[other] + [wildland] * 3  # by hand, after the legal moves
    state.map_changes += 1
    flow.apply(state, explore)
    state._legal = None
    while state.pending:
        flow.apply(state, legal.legal_action_ids(state)[-1])
    flow.apply(state, END_TURN)
    assert_right(state)
    same_sets(targets_of(state), Targets.scan(state))


def test_faerie_choices_read_the_kept_targets_right_after_edits() -> None:
    """§9, F1: the faerie choices that read the kept targets (steps, webs, swappable dwarfs) equal a plain reading
    after the lists were edited by hand, on the state and on a clone sharing its targets, before and after moves."""
    rng = Rng(23)
    checked = 0
    for step, state in enumerate(positions(4, 8)):
        if state.phase == PLACING or step % 7:
            continue
        clone = state.clone()
        assert isinstance(clone, SpringState)
        targets_of(state)  # the clone shares what the state works out now
        for edited in (clone, state):
            edit(edited, rng)
            for player in range(4):
                for card in edited.game.kinds.faeries:
                    got = faeries.application_ids(edited, player, card)
                    assert got == reference_application_ids(edited, player, card)
            for origin in {loc for row in edited.dwarfs for loc in row}:
                assert faeries._move_targets(edited, origin) == reference_move_targets(edited, origin)
            edited._legal = None
            checked += 1
    assert checked > 40


def play_on(state: SpringState, rng: Rng, moves: int) -> None:
    """A few random moves, each position's targets checked against a fresh reading."""
    for _ in range(moves):
        if state.is_terminal:
            return
        ids = state.legal_action_ids()
        assert_right(state)
        if state.phase != PLACING:
            same_sets(targets_of(state), Targets.scan(state))
        state.apply(ids[rng.below(len(ids))])


def test_targets_held_by_one_state_are_updated_in_place_and_read_right() -> None:
    """§11.3, R12, R32, R41: a state no clone shares its targets with updates them in place through explore, build
    and fortress (the same object, owned), with hand edits in between; the sets equal a fresh reading throughout."""
    rng = Rng(31)
    in_place = 0
    for players, seed in ((4, 11), (3, 12), (2, 13)):
        state = SpringGame({"players": players}).new_state(seed)
        assert isinstance(state, SpringState)
        step = 0
        while not state.is_terminal:
            ids = state.legal_action_ids()
            before = state._targets
            if state.phase != PLACING:
                found = targets_of(state)
                assert found.owned  # no clone was taken: read afresh or updated in place, never shared
                same_sets(found, Targets.scan(state))
            state.apply(ids[rng.below(len(ids))])
            if before is not None and before.owned and state._targets is before:
                in_place += 1
            step += 1
            if step % 37 == 0:
                edit(state, rng)
                state._legal = None
                assert_right(state)
    assert in_place > 100


def test_clones_and_samples_sharing_targets_stay_independent() -> None:
    """A clone or determinized sample shares the state's targets: from then on neither changes them in place, so
    moves on one side leave the other's targets, sets and legal moves as they were."""
    rng = Rng(41)
    checked = 0
    for step, state in enumerate(positions(4, 21)):
        if state.phase == PLACING or step % 9:
            continue
        targets_of(state)
        assert state._targets is not None
        snapshot = Targets.scan(state)
        before = legal.legal_action_ids(state)
        clone = state.clone()
        sample = state.determinize(state.to_act, Rng(step))
        for other in (clone, sample):
            assert isinstance(other, SpringState)
            assert other._targets is state._targets
            assert not state._targets.owned
            shared = state._targets
            play_on(other, rng, 12)
            assert state._targets is shared
            same_sets(shared, snapshot)  # the shared targets were not changed by the other's moves
            same_sets(targets_of(state), snapshot)
            assert legal.legal_action_ids(state) == before
        play_on(state, rng, 3)  # the original moves on; the clone's targets are its own reading still
        if not clone.is_terminal and clone.phase != PLACING:
            same_sets(targets_of(clone), Targets.scan(clone))
        checked += 1
    assert checked > 20


def test_places_of_lists_a_bit_set_in_ascending_order() -> None:
    """The targets' bit sets (bit p for place p) list as the sorted places, for every byte and the last place."""
    rng = Rng(7)
    samples = [set(), {0}, {PLACES - 1}, set(range(PLACES)), {7, 8, 63, 64, 127, 128}]
    samples += [{p for p in range(PLACES) if rng.below(4) == 0} for _ in range(200)]
    for places in samples:
        assert places_of(sum(1 << p for p in places)) == sorted(places)


def test_every_change_of_the_map_lists_is_counted() -> None:
    """The kept targets are trusted while `map_changes` stands still: every move of random games (faerie swaps,
    steps and web removals, webs laid and cleared by monsters, the era's return home) that changes `owner_at`,
    `web_at` or `dwarfs` bumps it."""
    changed = 0
    for players, seed in ((4, 31), (3, 32), (2, 33), (4, 34), (4, 35), (3, 36)):
        state = SpringGame({"players": players}).new_state(seed)
        rng = Rng(seed)
        while not state.is_terminal:
            before = (state.owner_at[:], state.web_at[:], [row[:] for row in state.dwarfs], state.map_changes)
            ids = state.legal_action_ids()
            state.apply(ids[rng.below(len(ids))])
            if (state.owner_at, state.web_at, state.dwarfs) != before[:3]:
                assert state.map_changes > before[3], state.history[-1]
                changed += 1
    assert changed > 200
