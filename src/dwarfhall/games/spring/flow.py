"""Carrying out an action: a starting settlement, a dwarf action, the answer to a pending decision, a free action,
the end of a turn and the start of the next era (spring.md §11.3, R1, R5, R6, R29)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import dragons, faeries, fights, quests
from .gains import draw_faeries, place_gain, produce
from .kit import (
    COMMAND_DONE,
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
    BUILD_AT,
    BUILD_END,
    BUILD_STRIDE,
    CHOOSE_RESOURCE_AT,
    CHOOSE_RESOURCE_END,
    COMMAND_AT,
    COMMAND_END,
    DRAGON_SPOT_AT,
    DRAGON_SPOT_END,
    EXPLORE_AT,
    EXPLORE_END,
    FORTRESS_AT,
    FORTRESS_END,
    PLAY_FAERIE_AT,
    PLAY_FAERIE_END,
    QUEST_AT,
    QUEST_END,
    QUEST_STRIDE,
    START_AT,
    START_END,
    START_STRIDE,
    TRAIN_AT,
    TRAIN_END,
    TRIM_AT,
    TRIM_END,
)
from .phases import ACTIONS, AFTER, BEFORE, COMMANDING, FAERIE_STEPS, OVER, REVEALED, WILD_CHOICE

if TYPE_CHECKING:
    from .state import SpringState


COMMANDS_PER_SPOT = 2
SETTLING = (COMMANDING, REVEALED)  # decisions that may close by themselves after a move


def apply(state: SpringState, action_id: int) -> None:
    player = state.to_act
    if action_id < START_END:
        line, place = divmod(action_id - START_AT, START_STRIDE)
        _place_start(state, line, state.world.location_at[place])
        return
    if TRAIN_AT <= action_id < TRAIN_END:  # free actions first: R10 allows them between pending decisions
        dragons.train(state, player, action_id - TRAIN_AT)
    elif PLAY_FAERIE_AT <= action_id < PLAY_FAERIE_END:
        faeries.play(state, player, state.tables.faerie_first + action_id - PLAY_FAERIE_AT)
    elif state.pending:
        _apply_pending(state, player, action_id)
    elif action_id == END_TURN:
        _next_turn(state)
        return
    else:
        _apply_dwarf_action(state, player, action_id)
        state.stage = AFTER
    pending = state.pending
    if pending and (pending[-1][0] == COMMANDING or pending[-1][0] == REVEALED):  # SETTLING
        _settle(state)


def _apply_dwarf_action(state: SpringState, player: int, action_id: int) -> None:
    """One dwarf leaves the bastion (spot bits: the board spot it takes this era) and does the action."""
    tables = state.tables
    world = state.world
    state.home[player] -= 1
    if EXPLORE_AT <= action_id < EXPLORE_END:
        location = world.location_at[action_id - EXPLORE_AT]
        state.dwarfs[player].append(location)
        fresh = state._targets_seen == state.map_changes  # an update of a stale one is stale too
        state.map_changes += 1
        known = state._targets
        if known is not None:
            state._targets = known.after_dwarf(player, location)
            if fresh:
                state._targets_seen = state.map_changes
        if world.slots[location] is None:
            state.pending.append([WILD_CHOICE, location])  # R13
    elif BUILD_AT <= action_id < BUILD_END:
        line, place = divmod(action_id - BUILD_AT, BUILD_STRIDE)
        location = world.location_at[place]
        state.spots_used[player] |= 1 << tables.build_bits[line]
        state.line_left[player][line] -= 1
        _settle_at(state, player, location)
        state.settlement_line[location] = line
        place_gain(state, player, location)
    elif FORTRESS_AT <= action_id < FORTRESS_END:
        location = world.location_at[action_id - FORTRESS_AT]
        state.spots_used[player] |= 1 << tables.fortress_bit
        cost = tables.fortress_cost
        state.treasury[player] = [amount - cost for amount in state.treasury[player]]
        state.fortress_at[player] = location
        _settle_at(state, player, location)
        place_gain(state, player, location, fortress=True)
    elif action_id == SUMMON:
        state.spots_used[player] |= 1 << tables.faerie_bit
        draw_faeries(state, player, 1)
    elif DRAGON_SPOT_AT <= action_id < DRAGON_SPOT_END:
        spot = action_id - DRAGON_SPOT_AT
        state.spots_used[player] |= 1 << tables.dragon_bits[spot]
        if spot == 1:
            state.faerie_power[player] = 2  # R21: for the rest of the era
        state.pending.append([COMMANDING, 0])
    elif QUEST_AT <= action_id < QUEST_END:
        spot, index = divmod(action_id - QUEST_AT, QUEST_STRIDE)
        state.spots_used[player] |= 1 << tables.expedition_bits[spot]
        quests.take(state, player, index, trim=spot == 1)
    elif action_id != IDLE:
        state.home[player] += 1
        raise AssertionError(f"action {action_id} is not a dwarf action")


def _settle_at(state: SpringState, player: int, location: int) -> None:
    """A settlement or the fortress of `player` goes to `location`; the state's targets follow."""
    state.owner_at[location] = player
    fresh = state._targets_seen == state.map_changes  # an update of a stale one is stale too
    state.map_changes += 1
    known = state._targets
    if known is not None:
        state._targets = known.after_settlement(player, location)
        if fresh:
            state._targets_seen = state.map_changes


def _apply_pending(state: SpringState, player: int, action_id: int) -> None:
    step = state.pending[-1]
    what = step[0]
    if what in FAERIE_STEPS:
        faeries.apply(state, player, action_id)
    elif what == REVEALED:
        fights.settle_open_fight(state, player, concede=True)
    elif action_id == FIGHT or action_id == GATHER or action_id == LEAVE:
        state.pending.pop()
        if action_id == FIGHT:
            fights.fight(state, player, step[1])
        elif action_id == GATHER:
            fights.gather(state, player, step[1])
    elif ADD_BACKPACKS_AT <= action_id < ADD_BACKPACKS_END:
        state.pending.pop()
        fights.add_backpacks(state, player, step[1], action_id - ADD_BACKPACKS_AT)
    elif COMMAND_AT <= action_id < COMMAND_END:
        step[1] += 1
        dragons.command(state, player, action_id - COMMAND_AT)
    elif action_id == COMMAND_DONE:
        state.pending.pop()
    elif CHOOSE_RESOURCE_AT <= action_id < CHOOSE_RESOURCE_END:
        state.treasury[player][action_id - CHOOSE_RESOURCE_AT] += 1
        step[1] -= 1
        if not step[1]:
            state.pending.pop()
    elif TRIM_AT <= action_id < TRIM_END or action_id == NO_TRIM:
        state.pending.pop()
        quests.remove_card(state, player, action_id - TRIM_AT if action_id != NO_TRIM else None)
    else:
        raise AssertionError(f"action {action_id} does not answer the pending decision {step}")


def _settle(state: SpringState) -> None:
    """Closes a dragon command that has no choice left (2 dragons commanded, or none ready), and wins an open fight
    whose shortfall the axe successes now cover (R15)."""
    player = state.to_act
    pending = state.pending
    while pending and pending[-1][0] in SETTLING:
        step = pending[-1]
        if step[0] == REVEALED:
            fights.settle_open_fight(state, player, concede=False)
            if pending and pending[-1] is step:
                break
        elif step[1] < COMMANDS_PER_SPOT and not all(state.exhausted[player]):
            break
        else:
            pending.pop()


def _place_start(state: SpringState, line: int, location: int) -> None:
    player = state.to_act
    state.line_left[player][line] -= 1
    _settle_at(state, player, location)
    state.settlement_line[location] = line
    place_gain(state, player, location)
    state.placing.pop(0)
    if state.placing:
        state.to_act = state.placing[0]
    else:
        start_era(state)


def _next_turn(state: SpringState) -> None:
    """The next seat clockwise (R1); after the last dwarf of the era, the end of the era (R29)."""
    n = len(state.home)
    state.stage = BEFORE
    if not any(state.home):
        comps = state.game.components
        if len(state.expedition_area) < comps.expedition["area"] or state.era >= state.game.options.eras:
            state.phase = OVER
            return
        state.first = (state.first + 1) % n
        start_era(state)
        return
    state.to_act = (state.to_act + 1) % n
    if state.to_act == state.first:
        state.round += 1


def start_era(state: SpringState) -> None:
    """Dwarfs go home, dragons rest, Faerie Power back to 1, board spots free (R5); then production."""
    comps = state.game.components
    state.era += 1
    for p in range(state.num_players):
        state.home[p] = comps.pieces["dwarfs"]
        state.dwarfs[p] = []
        state.map_changes += 1
        state.exhausted[p] = [False] * len(state.nest[p])
        state.faerie_power[p] = 1
        state.spots_used[p] = 0
        produce(state, p)
    state.phase = ACTIONS
    state.round = 1
    state.to_act = state.first
