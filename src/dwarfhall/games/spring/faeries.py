"""Faerie cards (spring.md §9): played as a free action in your own turn, applied Faerie Power times, each
application chosen on its own and skippable (R10, R21, R33)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import Effect
from .dragons import AXE, PACK, add_success
from .kit import FAERIE_APPLY, FAERIE_SKIP
from .layout import (
    MOVE_FROM_AT,
    MOVE_FROM_END,
    MOVE_TO_AT,
    PICK_DWARF_AT,
    PICK_DWARF_END,
    PICK_DWARF_STRIDE,
    REMOVE_WEB_AT,
    REMOVE_WEB_END,
    SWAP_OTHER_AT,
    SWAP_OWN_AT,
    SWAP_OWN_END,
)
from .phases import FAERIE, MOVING, NO_ONE, RESOURCE, SWAPPING_DWARF, SWAPPING_SETTLEMENT
from .tables import ALWAYS_PLAYABLE, occupancy
from .targets import places_of, targets_of

if TYPE_CHECKING:
    from .state import SpringState


def effect_of(state: SpringState, card: int) -> Effect:
    game = state.game
    return game.components.faeries[card - game.kinds.faeries.start].effect


def _own_settlements(state: SpringState, player: int) -> list[int]:
    fortress = state.fortress_at[player]
    # the occupancy lists each player's pieces by location, ascending (remembered while `owner_at` reads the same)
    return [i for i in occupancy(state).owned[player] if i != fortress]


def _other_settlements(state: SpringState, player: int) -> list[int]:
    fortresses = state.fortress_at  # a few seats: a list's `in` is as fast as a set's
    owner_at = state.owner_at
    taken = occupancy(state).taken  # the locations with a settlement or fortress, ascending
    return [i for i in taken if owner_at[i] != player and i not in fortresses]


def _move_targets(state: SpringState, origin: int) -> list[int]:
    """Where a dwarf standing at `origin` may step: a neighbouring free spot (water and webs allowed) or a
    wildland with room (spring.md §9, F1). Read from the map targets by place number (ascending with the location)."""
    found = targets_of(state)
    near = state.world.tables.adjacent_bits[origin]
    location_at = state.world.location_at
    return [location_at[place] for place in places_of(near & found.room)]


def _dwarf_picks(state: SpringState, exclude: tuple[int, int] | None = None) -> list[tuple[int, int]]:
    """(owner, location) of every dwarf on the map that can be swapped: another player's dwarf stands in a
    different location (swapping two dwarfs of one player would change nothing)."""
    dwarfs = state.dwarfs
    placed = sorted({(p, loc) for p in range(len(dwarfs)) for loc in dwarfs[p]})
    if exclude is not None:
        owner, where = exclude
        return [(p, loc) for p, loc in placed if p != owner and loc != where]
    # a pair has a partner unless every other pair shares its owner or its location; the pairs are distinct, so
    # the others at its location all have another owner
    per_owner = [0] * len(dwarfs)
    per_location: dict[int, int] = {}
    for p, loc in placed:
        per_owner[p] += 1
        per_location[loc] = per_location.get(loc, 0) + 1
    total = len(placed)
    return [(p, loc) for p, loc in placed if total - per_owner[p] - per_location[loc] + 1 > 0]


def application_ids(state: SpringState, player: int, card: int) -> list[int]:
    """The ways to start one application of this faerie now (without the skip)."""
    tables = state.tables
    what = tables.faerie_primitive[card - tables.faerie_first]
    if what in ALWAYS_PLAYABLE:
        return [FAERIE_APPLY]
    place_of = state.world.place_of
    if what == "remove_web":
        return [REMOVE_WEB_AT + place for place in places_of(targets_of(state).webbed)]
    if what == "move_own_dwarf":
        room = targets_of(state).room  # read once, not once per dwarf
        adjacent = state.world.tables.adjacent_bits
        return sorted({MOVE_FROM_AT + place_of[loc] for loc in state.dwarfs[player] if adjacent[loc] & room})
    if what == "swap_settlements":
        if not _other_settlements(state, player):
            return []
        ids = [SWAP_OWN_AT + place_of[loc] for loc in _own_settlements(state, player)]
        ids.sort()
        return ids
    if what == "swap_dwarfs":
        return [PICK_DWARF_AT + pick[0] * PICK_DWARF_STRIDE + place_of[pick[1]] for pick in _dwarf_picks(state)]
    return []


def playable(state: SpringState, player: int, card: int) -> bool:
    """Whether `application_ids` would offer anything, answered without building the ids."""
    tables = state.tables
    kind = card - tables.faerie_first
    if tables.faerie_always[kind]:
        return True
    what = tables.faerie_primitive[kind]
    if what == "remove_web":
        return state.web_at.count(NO_ONE) != len(state.web_at)
    if what == "move_own_dwarf":
        return bool(state.dwarfs[player]) and _can_step(state, player)
    if what == "swap_settlements":
        return _can_swap_settlements(state, player)
    if what == "swap_dwarfs":
        # `_dwarf_picks` finds a pair exactly when dwarfs of two players stand on the map and not all in one place
        dwarfs = state.dwarfs
        owners = len(dwarfs) - dwarfs.count([])  # the players with a dwarf on the map
        return owners >= 2 and len({loc for locations in dwarfs for loc in locations}) >= 2
    return False


def _can_step(state: SpringState, player: int) -> bool:
    """Whether `_move_targets` offers a step to any of the player's dwarfs: a free spot (no settlement, fortress
    or dwarf) or a wildland with room next to one of them."""
    found = targets_of(state)
    room = found.room
    adjacent = state.world.tables.adjacent_bits
    for origin in state.dwarfs[player]:  # a loop, not `any` of a generator: no closure in the compiled build
        if adjacent[origin] & room:
            return True
    return False


def _can_swap_settlements(state: SpringState, player: int) -> bool:
    """Whether `_own_settlements` and `_other_settlements` are both not empty, counted from the pieces the map
    targets keep (three scans of `owner_at` cost more than their check)."""
    found = targets_of(state)
    if found.settlements(player, state.fortress_at[player]) <= 0:
        return False
    owner_at = state.owner_at
    pieces = found.pieces
    others = sum(pieces) - pieces[player]
    for fortress in state.fortress_at:  # no two fortresses share a location
        if fortress != NO_ONE and owner_at[fortress] not in (NO_ONE, player):
            others -= 1
    return others > 0


def play(state: SpringState, player: int, card: int) -> None:
    state.faerie_hand[player][card] -= 1
    state.faerie_discard.append(card)
    state.pending.append([FAERIE, card, state.faerie_power[player]])


def pending_ids(state: SpringState, player: int) -> list[int]:
    step = state.pending[-1]
    what = step[0]
    place_of = state.world.place_of
    if what == FAERIE:
        ids = application_ids(state, player, step[1])
        ids.append(FAERIE_SKIP)
        return ids
    if what == MOVING:
        return [MOVE_TO_AT + place_of[loc] for loc in _move_targets(state, step[2])]
    if what == SWAPPING_SETTLEMENT:
        ids = [SWAP_OTHER_AT + place_of[loc] for loc in _other_settlements(state, player)]
        ids.sort()
        return ids
    if what == SWAPPING_DWARF:
        picks = _dwarf_picks(state, (step[1], step[2]))
        return [PICK_DWARF_AT + pick[0] * PICK_DWARF_STRIDE + place_of[pick[1]] for pick in picks]
    raise AssertionError(f"not a faerie decision: {step}")


def _spend_application(state: SpringState) -> None:
    step = state.pending[-1]
    step[2] -= 1
    if step[2] <= 0:
        state.pending.pop()


def apply(state: SpringState, player: int, action_id: int) -> None:
    step = state.pending[-1]
    location_at = state.world.location_at
    if step[0] == FAERIE:
        if action_id == FAERIE_SKIP:
            state.pending.pop()
            return
        _spend_application(state)
        if action_id == FAERIE_APPLY:
            effect = effect_of(state, step[1])
            if effect.primitive == "gain_any":
                state.pending.append([RESOURCE, effect.n])
            else:
                add_success(state, player, AXE if effect.primitive == "axe" else PACK, effect.n)
        elif REMOVE_WEB_AT <= action_id < REMOVE_WEB_END:
            state.web_at[location_at[action_id - REMOVE_WEB_AT]] = NO_ONE
            state.map_changes += 1  # the map targets' validity (targets.targets_of)
        elif MOVE_FROM_AT <= action_id < MOVE_FROM_END:
            steps = effect_of(state, step[1]).n
            state.pending.append([MOVING, steps, location_at[action_id - MOVE_FROM_AT]])
        elif SWAP_OWN_AT <= action_id < SWAP_OWN_END:
            state.pending.append([SWAPPING_SETTLEMENT, location_at[action_id - SWAP_OWN_AT]])
        elif PICK_DWARF_AT <= action_id < PICK_DWARF_END:
            owner, place = divmod(action_id - PICK_DWARF_AT, PICK_DWARF_STRIDE)
            state.pending.append([SWAPPING_DWARF, owner, location_at[place]])
        return
    if step[0] == MOVING:
        target = location_at[action_id - MOVE_TO_AT]
        dwarfs = state.dwarfs[player]
        dwarfs[dwarfs.index(step[2])] = target  # R33: no gain, no fight, no gathering
        state.map_changes += 1
        step[1] -= 1
        step[2] = target
        if step[1] <= 0 or not _move_targets(state, target):
            state.pending.pop()
        return
    if step[0] == SWAPPING_SETTLEMENT:
        mine, theirs = step[1], location_at[action_id - SWAP_OTHER_AT]
        state.pending.pop()
        # each settlement keeps its owner and its line; no resources are gained (rulebook)
        state.owner_at[mine], state.owner_at[theirs] = state.owner_at[theirs], state.owner_at[mine]
        state.map_changes += 1
        lines = state.settlement_line
        lines[mine], lines[theirs] = lines[theirs], lines[mine]
        return
    if step[0] == SWAPPING_DWARF:
        first_owner, first_at = step[1], step[2]
        owner, place = divmod(action_id - PICK_DWARF_AT, PICK_DWARF_STRIDE)
        second_at = location_at[place]
        state.pending.pop()
        a, b = state.dwarfs[first_owner], state.dwarfs[owner]
        a[a.index(first_at)] = second_at
        b[b.index(second_at)] = first_at
        state.map_changes += 1
        return
    raise AssertionError(f"not a faerie decision: {step}")
