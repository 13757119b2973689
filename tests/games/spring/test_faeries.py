"""Faerie cards (spring.md §9): free actions in your own turn, applied Faerie Power times (R10, R21, R33)."""

from __future__ import annotations

from dwarfhall.games.spring.kit import (
    CHOOSE_RESOURCE,
    FAERIE_APPLY,
    FAERIE_SKIP,
    FIGHT,
    MOVE_FROM,
    MOVE_TO,
    PICK_DWARF,
    PLAY_FAERIE,
    REMOVE_WEB,
    SWAP_OTHER,
    SWAP_OWN,
)
from dwarfhall.games.spring.phases import BEFORE, NO_ONE
from dwarfhall.games.spring.state import SpringState

from .test_actions import era_one, own_settlements, place, touch, wildland


def give(state: SpringState, player: int, faerie_id: str) -> int:
    """Puts one faerie card of this kind in the player's hand; returns its PLAY_FAERIE id."""
    kinds = state.game.kinds
    card = kinds.index(faerie_id)
    state.faerie_hand[player][card] += 1
    touch(state)
    return PLAY_FAERIE.base + card - kinds.faeries.start


def test_a_faerie_is_applied_faerie_power_times() -> None:
    """rulebook: each faerie ability is applied as many times as the Faerie Power; R21: 2 after dragon spot 2."""
    state = era_one()
    play = give(state, 0, "F4")  # Bounty: 1 resource of your choice
    state.faerie_power[0] = 2
    discard = len(state.faerie_discard)
    touch(state).apply(play)
    assert len(state.faerie_discard) == discard + 1
    for resource in (2, 0):
        assert touch(state).legal_action_ids() == (FAERIE_APPLY, FAERIE_SKIP)
        state.apply(FAERIE_APPLY)
        state.apply(CHOOSE_RESOURCE.base + resource)
    assert state.treasury[0] == [1, 0, 1] and not state.pending and state.stage == BEFORE


def test_successes_from_faeries_and_skipping() -> None:
    """spring.md §9 F5: 1 axe success per application; an application may be skipped."""
    state = era_one()
    touch(state).apply(give(state, 0, "F5"))
    state.apply(FAERIE_APPLY)
    assert state.successes[0] == [1, 0] and not state.pending
    state.faerie_power[0] = 2
    touch(state).apply(give(state, 0, "F6"))
    state.apply(FAERIE_SKIP)
    assert state.successes[0] == [1, 0] and not state.pending


def test_a_faerie_needs_a_legal_application() -> None:
    """spring.md §9: a card is playable only when one application is legal (no web, no Webcutter)."""
    state = era_one()
    play = give(state, 0, "F7")
    assert all(c == NO_ONE for c in state.web_at) and play not in touch(state).legal_action_ids()
    some = next(i for i, s in enumerate(state.world.slots) if s is not None and s.is_resource)
    state.web_at[some] = state.game.kinds.index("M01")
    assert play in touch(state).legal_action_ids()
    state.apply(play)
    state.apply(REMOVE_WEB.base + place(state, some))
    assert state.web_at[some] == NO_ONE


def test_wayfinder_moves_one_dwarf_twice_at_faerie_power_two() -> None:
    """rulebook: at Faerie Power 2 the move faerie moves the same dwarf twice or two dwarfs once; R33: a dwarf
    moved into a wildland neither fights nor gathers."""
    state = era_one()
    geometry = state.world.geometry
    witch = wildland(state, "W-P1")
    around = geometry.surrounding(witch)
    start = next(s for s in around if state.owner_at[s] == NO_ONE)
    state.dwarfs[0].append(start)
    state.faerie_power[0] = 2
    touch(state).apply(give(state, 0, "F1"))
    assert MOVE_FROM.base + place(state, start) in state.legal_action_ids()
    state.apply(MOVE_FROM.base + place(state, start))
    assert MOVE_TO.base + place(state, witch) in state.legal_action_ids()
    state.apply(MOVE_TO.base + place(state, witch))
    assert state.dwarfs[0] == [witch] and FIGHT not in state.legal_action_ids()
    # the second application: the dwarf steps out again
    state.apply(MOVE_FROM.base + place(state, witch))
    target = touch(state).legal_action_ids()[0]
    state.apply(target)
    assert state.dwarfs[0] == [state.world.location_at[target - MOVE_TO.base]] and not state.pending


def test_trickster_swaps_settlements_without_gains() -> None:
    """rulebook: swapping settlements gains no resources; each keeps its owner and line; never the fortress."""
    state = era_one()
    mine = own_settlements(state, 0)[0]
    theirs = own_settlements(state, 1)[0]
    line_mine, line_theirs = state.settlement_line[mine], state.settlement_line[theirs]
    before = [row[:] for row in state.treasury]
    touch(state).apply(give(state, 0, "F2"))
    state.apply(SWAP_OWN.base + place(state, mine))
    assert SWAP_OTHER.base + place(state, theirs) in state.legal_action_ids()
    state.apply(SWAP_OTHER.base + place(state, theirs))
    assert state.owner_at[mine] == 1 and state.owner_at[theirs] == 0
    assert state.settlement_line[theirs] == line_mine and state.settlement_line[mine] == line_theirs
    assert state.treasury == before
    state.fortress_at[1] = mine
    touch(state).apply(give(state, 0, "F2"))
    assert SWAP_OTHER.base + place(state, mine) not in [a for a in _others(state)]


def _others(state: SpringState) -> list[int]:
    state.apply(SWAP_OWN.base + place(state, own_settlements(state, 0)[0]))
    return list(touch(state).legal_action_ids())


def test_changeling_swaps_two_dwarfs_of_different_players() -> None:
    """rulebook action example: a faerie swaps 2 dwarfs in play (any owners, spring.md §9 F3)."""
    state = era_one()
    free = [i for i, s in enumerate(state.world.slots) if s is not None and state.owner_at[i] == NO_ONE]
    state.dwarfs[0].append(free[0])
    state.dwarfs[2].append(free[1])
    touch(state).apply(give(state, 0, "F3"))
    state.apply(PICK_DWARF.encode(0, place(state, free[0])))
    assert touch(state).legal_action_ids() == (PICK_DWARF.encode(2, place(state, free[1])),)
    state.apply(PICK_DWARF.encode(2, place(state, free[1])))
    assert state.dwarfs[0] == [free[1]] and state.dwarfs[2] == [free[0]]
