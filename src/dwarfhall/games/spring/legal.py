"""Which actions are legal (spring.md §11.3 and the readings R1-R53), as ids in ascending order.

A turn of the action phase: one dwarf action (whose inner choices come as pending decisions) and free actions at
any point of the turn, between those decisions too (R10), then the end of the turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import faeries
from .faeries import playable
from .kit import (
    COMMAND_DONE,
    DECK_KINDS,
    END_TURN,
    FIGHT,
    GATHER,
    IDLE,
    LEAVE,
    NO_TRIM,
    SUMMON,
)
from .layout import (
    ADD_BACKPACKS_AT,
    ADD_BACKPACKS_END,
    BUILD_IDS,
    CHOOSE_RESOURCE_AT,
    COMMAND_AT,
    DRAGON_SPOT_AT,
    FORTRESS_IDS,
    PLAY_FAERIE_AT,
    QUEST_AT,
    QUEST_TWO_AT,
    START_IDS,
    TRAIN_AT,
    TRIM_AT,
    ids_at,
)
from .phases import (
    AFTER,
    BACKPACKS,
    BEFORE,
    COMMANDING,
    FAERIE_STEPS,
    FREE_BETWEEN,
    NO_ONE,
    PLACING,
    RESOURCE,
    REVEALED,
    TRIMMING,
    WILD_CHOICE,
)
from .quests import faerie_cards_held, meets
from .targets import places_of, targets_of

# compiled (this module is then an extension, not the .py), a loop over a few kinds is C; in Python a slice and
# `sum` are faster
_COMPILED = not __file__.endswith((".py", ".pyc"))

if TYPE_CHECKING:
    from .state import SpringState


def legal_action_ids(state: SpringState) -> list[int]:
    if state.phase == PLACING:
        return _start_settlements(state)
    pending = state.pending
    if pending:
        ids = _pending_choices(state)
        if pending[-1][0] in FREE_BETWEEN:  # R10: free actions between the decisions of a dwarf action
            _free_actions(state, state.to_act, ids)
        return ids
    player = state.to_act
    if state.stage == BEFORE:
        ids = dwarf_actions(state, player) or [IDLE]  # R9: idle only when nothing else is legal
    else:
        ids = []
    _free_actions(state, player, ids)
    if state.stage == AFTER:
        ids.append(END_TURN)
    return ids


def _free_actions(state: SpringState, player: int, ids: list[int]) -> None:
    """Adds the free actions the player may take now to `ids`: training, then faerie cards (ids ascending)."""
    tables = state.tables
    # training (R23): dragons below the top level whose training resource is in the treasury
    levels = state.nest_level[player]
    if levels:
        treasury = state.treasury[player]
        costs = tables.training_cost
        top = len(costs)
        resource = tables.train_resource
        for i, dragon in enumerate(state.nest[player]):
            level = levels[i]
            if level <= top and treasury[resource[dragon]] >= costs[level - 1]:
                ids.append(TRAIN_AT + i)
    first = tables.faerie_first
    always = tables.faerie_always
    hand = state.faerie_hand[player]
    # the few faerie kinds one by one: faster than a slice and `compress` in both builds
    for card in range(first, tables.faerie_end):
        if hand[card] and (always[card - first] or playable(state, player, card)):  # no call for one always playable
            ids.append(PLAY_FAERIE_AT + card - first)


def _start_settlements(state: SpringState) -> list[int]:
    """R3-R4: a settlement from the leftmost spot of any line that still has one, on any free land spot."""
    player = state.to_act
    found = targets_of(state)
    # land without a settlement, fortress, dwarf or web
    places = places_of(found.open_land & ~found.webbed)
    ids: list[int] = []
    for line, left in enumerate(state.line_left[player]):
        if left:
            if _COMPILED:  # appended one by one in a C loop: no list per line
                line_ids = START_IDS[line]
                for p in places:
                    ids.append(line_ids[p])
            else:
                ids += ids_at(START_IDS[line], places)
    return ids


def dwarf_actions(state: SpringState, player: int) -> list[int]:
    """§11.3: every dwarf action the player may take now, by id, in ascending order. Map targets are worked out
    as sets of place numbers (the numbering of the ids; it ascends with the location index) by `targets`."""
    tables = state.tables
    # reach (R32, R41): next to a settlement, the fortress or a dwarf of the player; R12: a wildland takes 7 dwarfs
    found = targets_of(state)
    explore, build_at, land, unwebbed = found.mine(player)
    used = state.spots_used[player]
    ids: list[int] = []
    if build_at is not None:  # pure Python: the picker
        line_left = state.line_left[player]
        for line, bit in enumerate(tables.build_bits):
            if line_left[line] and not used >> bit & 1:
                ids += build_at(BUILD_IDS[line])
    elif unwebbed:  # compiled (no picker): a typed loop, C indexing
        line_left = state.line_left[player]
        for line, bit in enumerate(tables.build_bits):
            if line_left[line] and not used >> bit & 1:
                line_ids = BUILD_IDS[line]
                for p in unwebbed:  # appended one by one: no list per line
                    ids.append(line_ids[p])
    if land and state.fortress_at[player] == NO_ONE and not used >> tables.fortress_bit & 1:
        treasury = state.treasury[player]
        cost = tables.fortress_cost
        if treasury[0] >= cost and treasury[1] >= cost and treasury[2] >= cost:  # each of the three resources
            ids += ids_at(FORTRESS_IDS, land)
    ids.extend(explore)
    if not used >> tables.faerie_bit & 1 and (state.faerie_deck or state.faerie_discard):
        if faerie_cards_held(tables, state.faerie_hand[player]) < tables.hand_limit:
            ids.append(SUMMON)
    first, second = tables.dragon_bits
    if not used >> first & 1:
        ids.append(DRAGON_SPOT_AT)
    elif not used >> second & 1:
        ids.append(DRAGON_SPOT_AT + 1)  # R22: spot 2 only after spot 1
    area = state.expedition_area
    # R25: no Petrifier in play (compiled a C loop, in Python one `isdisjoint` call: each the faster in its build)
    if area and (_no_petrifier(tables.blocks_quests, state.monster_at) if _COMPILED else
                 tables.blocks_quests.isdisjoint(state.monster_at)):  # fmt: skip
        spot_one, spot_two = tables.expedition_bits
        if not used >> spot_one & 1:
            # R24 with option expedition_order = "ordered": spot 2 only after spot 1
            bases = [QUEST_AT] if used >> spot_two & 1 or tables.ordered_expeditions else [QUEST_AT, QUEST_TWO_AT]
        elif not used >> spot_two & 1:
            bases = [QUEST_TWO_AT]
        else:
            return ids
        gates = tables.quest_gate
        treasury = state.treasury[player]
        takeable: list[int] = []
        for index, card in enumerate(area):  # a plain loop: a comprehension is one more frame in Python 3.11
            gate = gates[card]
            # the first resource checked inline: it turns away about one quest in seven without a call of `meets`
            if gate is not None and treasury[gate[0]] >= gate[1] and meets(state, player, gate[2], found):
                takeable.append(index)
        if takeable:
            for base in bases:
                for index in takeable:
                    ids.append(base + index)
    return ids


def _no_petrifier(blocks: frozenset[int], monster_at: list[int]) -> bool:
    """`blocks.isdisjoint(monster_at)` as a loop of set look-ups over the six wildlands (a C loop compiled)."""
    for card in monster_at:
        if card != NO_ONE and card in blocks:  # an empty wildland needs no look-up
            return False
    return True


def _pending_choices(state: SpringState) -> list[int]:
    player = state.to_act
    step = state.pending[-1]
    what = step[0]
    if what in FAERIE_STEPS:
        return faeries.pending_ids(state, player)
    if what == WILD_CHOICE:
        if step[1] not in state.dwarfs[player]:  # a faerie card took the dwarf away before it fought (R33)
            return [LEAVE]
        slot = state.world.wildland_locations.index(step[1])
        return [FIGHT if state.monster_at[slot] != NO_ONE else GATHER, LEAVE]
    if what == REVEALED:
        return [LEAVE]  # give the fight up; a free action that covers the shortfall wins it at once
    if what == BACKPACKS:
        most = min(state.successes[player][1], ADD_BACKPACKS_END - ADD_BACKPACKS_AT - 1)
        return [ADD_BACKPACKS_AT + n for n in range(most + 1)]
    if what == COMMANDING:
        ready = [COMMAND_AT + i for i, ex in enumerate(state.exhausted[player]) if not ex]
        ready.append(COMMAND_DONE)
        return ready
    if what == RESOURCE:
        return [CHOOSE_RESOURCE_AT + r for r in range(3)]
    if what == TRIMMING:
        deck = state.heroes[player]
        ids = [TRIM_AT + k for k in range(DECK_KINDS) if deck[k]]
        ids.append(NO_TRIM)
        return ids
    raise AssertionError(f"unknown pending decision {step}")
