"""Questions about the map and a player's pieces: reach, free spots, counts (spring.md §3.6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .phases import NO_ONE

if TYPE_CHECKING:
    from .state import SpringState

WILDLAND_DWARFS = 7  # a wildland has 7 spots (R12)


def has_dwarf(state: SpringState, location: int) -> bool:
    return any(location in dwarfs for dwarfs in state.dwarfs)


def pieces_of(state: SpringState, player: int) -> list[int]:
    """The locations of a player's settlements, fortress and dwarfs on the map."""
    owned = [i for i, owner in enumerate(state.owner_at) if owner == player]
    return owned + state.dwarfs[player]


def reach(state: SpringState, player: int) -> frozenset[int]:
    """Locations adjacent to one of the player's pieces (R32, R41: the fortress counts like a settlement), and the
    wildlands holding one of the player's dwarfs (R53)."""
    wild = [loc for loc in state.dwarfs[player] if state.world.slots[loc] is None]
    return state.world.geometry.reach(pieces_of(state, player)) | frozenset(wild)


def free_spot(state: SpringState, location: int) -> bool:
    """A grassland spot with no settlement, fortress or dwarf (water and webs allowed)."""
    return (
        state.world.slots[location] is not None
        and state.owner_at[location] == NO_ONE
        and not has_dwarf(state, location)
    )


def land_for_settlement(state: SpringState, location: int) -> bool:
    """A free spot a settlement may take: not water, no web (rulebook)."""
    slot = state.world.slots[location]
    return slot is not None and slot.kind != "water" and state.web_at[location] == NO_ONE and free_spot(state, location)


def land_for_fortress(state: SpringState, location: int) -> bool:
    """A free spot the fortress may take: not water; webs do not stop it (R42)."""
    slot = state.world.slots[location]
    return slot is not None and slot.kind != "water" and free_spot(state, location)


def dwarfs_in(state: SpringState, location: int) -> int:
    return sum(dwarfs.count(location) for dwarfs in state.dwarfs)


def open_for_dwarf(state: SpringState, location: int) -> bool:
    """R12: a free grassland spot, or a wildland with room for another dwarf."""
    if state.world.slots[location] is None:
        return dwarfs_in(state, location) < WILDLAND_DWARFS
    return free_spot(state, location)


def settlements_on_map(state: SpringState, player: int) -> int:
    """R34: the fortress is not a settlement."""
    fortress = state.fortress_at[player]
    owner_at = state.owner_at
    return owner_at.count(player) - (fortress != NO_ONE and owner_at[fortress] == player)


def monster_index_at(state: SpringState, location: int) -> int:
    """The wildland slot (fixed order) of a wildland location, or -1."""
    try:
        return state.world.wildland_locations.index(location)
    except ValueError:
        return NO_ONE
