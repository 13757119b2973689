"""Which actions are legal, what they do and how they read (spring.md §11.3 and the readings R1-R49).

A turn of the action phase: free actions, one dwarf action (whose inner choices come as pending decisions,
R10), more free actions, the end of the turn.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from dwarfhall.core import Action, Message, Name, msg

from . import dragons, faeries, fights, quests
from .action_ids import (
    ADD_BACKPACKS,
    BUILD,
    BUILD_AT,
    BUILD_END,
    BUILD_IDS,
    BUILD_STRIDE,
    CHOOSE_RESOURCE,
    COMMAND,
    COMMAND_DONE,
    DECK_KINDS,
    DRAGON_SPOT,
    DRAGON_SPOT_AT,
    DRAGON_SPOT_END,
    END_TURN,
    EXPLORE,
    EXPLORE_AT,
    EXPLORE_END,
    FAERIE_APPLY,
    FAERIE_SKIP,
    FIGHT,
    FORTRESS,
    FORTRESS_AT,
    FORTRESS_END,
    FORTRESS_IDS,
    GATHER,
    IDLE,
    LEAVE,
    MOVE_FROM,
    MOVE_TO,
    NO_TRIM,
    PICK_DWARF,
    PLAY_FAERIE,
    PLAY_FAERIE_AT,
    PLAY_FAERIE_END,
    QUEST,
    QUEST_AT,
    QUEST_END,
    QUEST_STRIDE,
    QUEST_TWO_AT,
    REMOVE_WEB,
    START_AT,
    START_END,
    START_IDS,
    START_SETTLEMENT,
    START_STRIDE,
    SUMMON,
    SWAP_OTHER,
    SWAP_OWN,
    TRAIN,
    TRAIN_AT,
    TRAIN_END,
    TRIM,
    ids_at,
)
from .eras import start_era
from .phases import (
    AFTER,
    BACKPACKS,
    BEFORE,
    COMMANDING,
    FAERIE,
    MOVING,
    NO_ONE,
    OVER,
    PLACING,
    RESOURCE,
    SWAPPING_DWARF,
    SWAPPING_SETTLEMENT,
    TRIMMING,
    WILD_CHOICE,
)
from .table import draw_faeries, place_gain
from .targets import targets_of
from .usage import DWARF_ACTIONS, TRIM_PREFIX, dwarf_action_key

if TYPE_CHECKING:
    from .state import SpringState

RESOURCE_KEYS = ("wood", "food", "gold")
FAERIE_STEPS = (FAERIE, MOVING, SWAPPING_SETTLEMENT, SWAPPING_DWARF)
COMMANDS_PER_SPOT = 2


# ------------------------------------------------------------------------------------------ legal


def legal_action_ids(state: SpringState) -> list[int]:
    if state.phase == PLACING:
        return _start_settlements(state)
    if state.pending:
        return _pending_choices(state)
    player = state.to_act
    tables = state.game.tables
    if state.stage == BEFORE:
        ids = _dwarf_actions(state, player) or [IDLE]  # R9: idle only when nothing else is legal
    else:
        ids = []
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
    for card in compress(tables.faerie_kinds, state.faerie_hand[player][first : tables.faerie_end]):  # those held
        if always[card - first] or faeries.playable(state, player, card):  # no call for a card always playable
            ids.append(PLAY_FAERIE_AT + card - first)
    if state.stage == AFTER:
        ids.append(END_TURN)
    return ids


def _start_settlements(state: SpringState) -> list[int]:
    """R3-R4: a settlement from the leftmost spot of any line that still has one, on any free land spot."""
    player = state.to_act
    found = targets_of(state)
    # land without a settlement, fortress, dwarf or web
    places = sorted(found.open_land - found.webbed)
    ids: list[int] = []
    for line, left in enumerate(state.line_left[player]):
        if left:
            ids += ids_at(START_IDS[line], places)
    return ids


def _bit_free(state: SpringState, player: int, bit: int) -> bool:
    return not state.spots_used[player] >> bit & 1


def _dwarf_actions(state: SpringState, player: int) -> list[int]:
    """§11.3: every dwarf action the player may take now, by id, in ascending order. Map targets are worked out
    as sets of place numbers (the numbering of the ids; it ascends with the location index) by `targets`."""
    game = state.game
    tables = game.tables
    # reach (R32, R41): next to a settlement, the fortress or a dwarf of the player; R12: a wildland takes 7 dwarfs
    found = targets_of(state)
    explore, build_at, land = found.mine(player)
    used = state.spots_used[player]
    ids: list[int] = []
    if build_at is not None:
        line_left = state.line_left[player]
        for line, bit in enumerate(game.build_bits):
            if line_left[line] and not used >> bit & 1:
                ids += build_at(BUILD_IDS[line])
    if (
        land
        and state.fortress_at[player] == NO_ONE
        and not used >> game.fortress_bit & 1
        and min(state.treasury[player]) >= tables.fortress_cost
    ):
        ids += ids_at(FORTRESS_IDS, land)
    ids.extend(explore)
    if (
        not used >> game.faerie_bit & 1
        and sum(state.faerie_hand[player][tables.faerie_first : tables.faerie_end]) < tables.hand_limit
        and (state.faerie_deck or state.faerie_discard)
    ):
        ids.append(SUMMON)
    first, second = game.dragon_bits
    if not used >> first & 1:
        ids.append(DRAGON_SPOT_AT)
    elif not used >> second & 1:
        ids.append(DRAGON_SPOT_AT + 1)  # R22: spot 2 only after spot 1
    area = state.expedition_area
    if area and tables.blocks_quests.isdisjoint(state.monster_at):  # R25: no Petrifier in play
        spot_one, spot_two = game.expedition_bits
        if not used >> spot_one & 1:
            # R24 with option expedition_order = "ordered": spot 2 only after spot 1
            bases = [QUEST_AT] if used >> spot_two & 1 or game.ordered_expeditions else [QUEST_AT, QUEST_TWO_AT]
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
            if gate is not None and treasury[gate[0]] >= gate[1] and quests.meets(state, player, gate[2], found):
                takeable.append(index)
        if takeable:
            for base in bases:
                ids += map(base.__add__, takeable)
    return ids


def _pending_choices(state: SpringState) -> list[int]:
    player = state.to_act
    step = state.pending[-1]
    what = step[0]
    if what in FAERIE_STEPS:
        return faeries.pending_ids(state, player)
    if what == WILD_CHOICE:
        slot = state.world.wildland_locations.index(step[1])
        return [FIGHT if state.monster_at[slot] != NO_ONE else GATHER, LEAVE]
    if what == BACKPACKS:
        most = min(state.successes[player][1], ADD_BACKPACKS.size - 1)
        return [ADD_BACKPACKS.base + n for n in range(most + 1)]
    if what == COMMANDING:
        ready = [COMMAND.base + i for i, ex in enumerate(state.exhausted[player]) if not ex]
        return [*ready, COMMAND_DONE]
    if what == RESOURCE:
        return [CHOOSE_RESOURCE.base + r for r in range(3)]
    if what == TRIMMING:
        deck = state.heroes[player]
        return [TRIM.base + k for k in range(DECK_KINDS) if deck[k]] + [NO_TRIM]
    raise AssertionError(f"unknown pending decision {step}")


# ------------------------------------------------------------------------------------------ apply


def apply(state: SpringState, action_id: int) -> None:
    player = state.to_act
    if action_id < START_END:
        line, place = divmod(action_id - START_AT, START_STRIDE)
        _place_start(state, line, state.world.location_at[place])
        return
    if state.pending:
        _apply_pending(state, player, action_id)
    elif action_id == END_TURN:
        _next_turn(state)
        return
    elif TRAIN_AT <= action_id < TRAIN_END:
        dragons.train(state, player, action_id - TRAIN_AT)
        return
    elif PLAY_FAERIE_AT <= action_id < PLAY_FAERIE_END:
        faeries.play(state, player, state.game.tables.faerie_first + action_id - PLAY_FAERIE_AT)
    else:
        _apply_dwarf_action(state, player, action_id)
        state.stage = AFTER
    pending = state.pending
    if pending and pending[-1][0] == COMMANDING:
        _settle(state)


def _apply_dwarf_action(state: SpringState, player: int, action_id: int) -> None:
    """One dwarf leaves the bastion (spot bits: the board spot it takes this era) and does the action."""
    game = state.game
    world = state.world
    state.home[player] -= 1
    if EXPLORE_AT <= action_id < EXPLORE_END:
        location = world.location_at[action_id - EXPLORE_AT]
        state.dwarfs[player].append(location)
        known = state._targets  # an update of a stale one is stale too: `targets_of` checks before use
        if known is not None:
            state._targets = known.after_dwarf(player, location)
        if world.slots[location] is None:
            state.pending.append([WILD_CHOICE, location])  # R13
    elif BUILD_AT <= action_id < BUILD_END:
        line, place = divmod(action_id - BUILD_AT, BUILD_STRIDE)
        location = world.location_at[place]
        state.spots_used[player] |= 1 << game.build_bits[line]
        state.line_left[player][line] -= 1
        _settle_at(state, player, location)
        state.settlement_line[location] = line
        place_gain(state, player, location)
    elif FORTRESS_AT <= action_id < FORTRESS_END:
        location = world.location_at[action_id - FORTRESS_AT]
        state.spots_used[player] |= 1 << game.fortress_bit
        cost = game.components.fortress["cost"]
        state.treasury[player] = [amount - cost for amount in state.treasury[player]]
        state.fortress_at[player] = location
        _settle_at(state, player, location)
        place_gain(state, player, location, fortress=True)
    elif action_id == SUMMON:
        state.spots_used[player] |= 1 << game.faerie_bit
        draw_faeries(state, player, 1)
    elif DRAGON_SPOT_AT <= action_id < DRAGON_SPOT_END:
        spot = action_id - DRAGON_SPOT_AT
        state.spots_used[player] |= 1 << game.dragon_bits[spot]
        if spot == 1:
            state.faerie_power[player] = 2  # R21: for the rest of the era
        state.pending.append([COMMANDING, 0])
    elif QUEST_AT <= action_id < QUEST_END:
        spot, index = divmod(action_id - QUEST_AT, QUEST_STRIDE)
        state.spots_used[player] |= 1 << game.expedition_bits[spot]
        quests.take(state, player, index, trim=spot == 1)
    elif action_id != IDLE:
        state.home[player] += 1
        raise AssertionError(f"action {action_id} is not a dwarf action")


def _settle_at(state: SpringState, player: int, location: int) -> None:
    """A settlement or the fortress of `player` goes to `location`; the state's targets follow."""
    state.owner_at[location] = player
    known = state._targets  # an update of a stale one is stale too: `targets_of` checks before use
    if known is not None:
        state._targets = known.after_settlement(player, location)


def _apply_pending(state: SpringState, player: int, action_id: int) -> None:
    step = state.pending[-1]
    if step[0] in FAERIE_STEPS:
        faeries.apply(state, player, action_id)
    elif action_id in (FIGHT, GATHER, LEAVE):
        state.pending.pop()
        if action_id == FIGHT:
            fights.fight(state, player, step[1])
        elif action_id == GATHER:
            fights.gather(state, player, step[1])
    elif ADD_BACKPACKS.base <= action_id < ADD_BACKPACKS.end:
        state.pending.pop()
        fights.add_backpacks(state, player, step[1], action_id - ADD_BACKPACKS.base)
    elif COMMAND.base <= action_id < COMMAND.end:
        step[1] += 1
        dragons.command(state, player, action_id - COMMAND.base)
    elif action_id == COMMAND_DONE:
        state.pending.pop()
    elif action_id in CHOOSE_RESOURCE:
        state.treasury[player][action_id - CHOOSE_RESOURCE.base] += 1
        step[1] -= 1
        if not step[1]:
            state.pending.pop()
    elif action_id in TRIM or action_id == NO_TRIM:
        state.pending.pop()
        quests.remove_card(state, player, action_id - TRIM.base if action_id in TRIM else None)
    else:
        raise AssertionError(f"action {action_id} does not answer the pending decision {step}")


def _settle(state: SpringState) -> None:
    """Closes a dragon command that has no choice left (2 dragons commanded, or none ready)."""
    player = state.to_act
    while state.pending and state.pending[-1][0] == COMMANDING:
        step = state.pending[-1]
        if step[1] < COMMANDS_PER_SPOT and not all(state.exhausted[player]):
            break
        state.pending.pop()


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


# ------------------------------------------------------------------------------------------ labels


def spot_text(state: SpringState, location: int) -> Message:
    """A map place for labels: its id and what is printed there."""
    comps = state.game_.components
    place = state.world.geometry.locations[location].id
    slot = state.world.slots[location]
    if slot is None:
        wildland = state.world.wildland_of(location)
        assert wildland is not None
        return msg("spot", place=place, kind=Name(wildland.name))
    kind = Name(comps.spot_kinds[slot.kind].name)
    if slot.is_resource:
        return msg("resource_spot", place=place, kind=kind, amount=slot.amount)
    return msg("spot", place=place, kind=kind)


def describe_action(state: SpringState, action_id: int) -> Action:
    payload, text = _describe(state, action_id)
    return Action(action_id, payload, text, state.game_.messages)


def _describe(state: SpringState, action_id: int) -> tuple[dict[str, object], Message]:
    game = state.game_
    comps = game.components
    world = state.world
    player = state.to_act

    def where(place: int) -> tuple[str, Message]:
        location = world.location_at[place]
        return world.geometry.locations[location].id, spot_text(state, location)

    def resource(index: int) -> Name:
        return Name(comps.resources[RESOURCE_KEYS[index]].name)

    if action_id in START_SETTLEMENT or action_id in BUILD:
        block = START_SETTLEMENT if action_id in START_SETTLEMENT else BUILD
        line, place = block.decode(action_id)
        spot_id, spot = where(place)
        move = "start_settlement" if block is START_SETTLEMENT else "build"
        payload: dict[str, object] = {"move": move, "line": RESOURCE_KEYS[line], "spot": spot_id}
        if block is BUILD:
            payload["component"] = dwarf_action_key(move)
        return payload, msg(move, line=resource(line), spot=spot)
    if action_id in FORTRESS:
        spot_id, spot = where(FORTRESS.decode(action_id)[0])
        return {"move": "fortress", "spot": spot_id, "component": dwarf_action_key("fortress")}, msg(
            "fortress", spot=spot
        )
    if action_id in EXPLORE:
        spot_id, spot = where(EXPLORE.decode(action_id)[0])
        return {"move": "explore", "spot": spot_id, "component": dwarf_action_key("explore")}, msg(
            "explore", spot=spot
        )
    if action_id in DRAGON_SPOT:
        (spot_index,) = DRAGON_SPOT.decode(action_id)
        payload = {"move": "dragon_spot", "spot": spot_index + 1, "component": dwarf_action_key("dragon_spot")}
        return payload, msg("dragon_spot", spot=spot_index + 1)
    if action_id in QUEST:
        spot_index, index = QUEST.decode(action_id)
        card = state.expedition_area[index]
        quest = comps.quests[card - game.kinds.quests.start]
        # taking a quest is a dwarf action and uses the quest card: the report counts both
        payload = {"move": "quest", "spot": spot_index + 1, "quest": quest.id,
                   "component": [dwarf_action_key("quest"), quest.id]}
        return payload, msg("quest", spot=spot_index + 1, quest=quest.id, text=dict(quest.text))
    if action_id in COMMAND:
        index = action_id - COMMAND.base
        dragon = comps.dragons[state.nest[player][index]]
        name = Name(dragon.levels[state.nest_level[player][index] - 1].name)
        return {"move": "command", "dragon": dragon.id, "component": dragon.id}, msg("command", dragon=name)
    if action_id in TRAIN:
        index = action_id - TRAIN.base
        dragon_index = state.nest[player][index]
        dragon = comps.dragons[dragon_index]
        name = Name(dragon.levels[state.nest_level[player][index] - 1].name)
        cost = dragons.training_cost(state, player, index)
        paid = resource(dragons.training_resource(state, dragon_index))
        payload = {"move": "train", "dragon": dragon.id, "component": dragon.id}
        return payload, msg("train", dragon=name, cost=cost, resource=paid)
    if action_id in CHOOSE_RESOURCE:
        index = action_id - CHOOSE_RESOURCE.base
        text = msg("choose_resource", resource=resource(index))
        return {"move": "choose_resource", "resource": RESOURCE_KEYS[index]}, text
    if action_id in ADD_BACKPACKS:
        n = action_id - ADD_BACKPACKS.base
        return {"move": "add_backpacks", "n": n}, msg("add_backpacks", n=n)
    if action_id in PLAY_FAERIE:
        card = game.kinds.faeries.start + action_id - PLAY_FAERIE.base
        faerie = comps.faeries[action_id - PLAY_FAERIE.base]
        payload = {"move": "play_faerie", "faerie": faerie.id, "component": faerie.id}
        return payload, msg(
            "play_faerie", faerie=Name(faerie.name), text=dict(faerie.text), times=state.faerie_power[player]
        )
    for block, move in (
        (REMOVE_WEB, "remove_web"),
        (MOVE_FROM, "move_from"),
        (MOVE_TO, "move_to"),
        (SWAP_OWN, "swap_own"),
        (SWAP_OTHER, "swap_other"),
    ):
        if action_id in block:
            spot_id, spot = where(action_id - block.base)
            return {"move": move, "spot": spot_id}, msg(move, spot=spot)
    if action_id in PICK_DWARF:
        owner, place_index = PICK_DWARF.decode(action_id)
        spot_id, spot = where(place_index)
        return {"move": "pick_dwarf", "owner": owner, "spot": spot_id}, msg("pick_dwarf", seat=owner, spot=spot)
    if action_id in TRIM:
        card = action_id - TRIM.base
        key = game.kinds.keys[card]
        payload = {"move": "trim", "card": key, "component": TRIM_PREFIX + key}
        return payload, msg("trim", card=_card_name(state, card))
    simple = {
        SUMMON: "summon_faerie",
        IDLE: "idle",
        FIGHT: "fight",
        GATHER: "gather",
        LEAVE: "leave",
        COMMAND_DONE: "command_done",
        NO_TRIM: "no_trim",
        END_TURN: "end_turn",
        FAERIE_APPLY: "faerie_apply",
        FAERIE_SKIP: "faerie_skip",
    }
    if action_id in simple:
        move = simple[action_id]
        if move in DWARF_ACTIONS:
            return {"move": move, "component": dwarf_action_key(move)}, msg(move)
        if move == "fight":
            # the monster fought, won or lost: the report's monster impact
            slot = world.wildland_locations.index(state.pending[-1][1])
            return {"move": move, "component": game.kinds.keys[state.monster_at[slot]]}, msg(move)
        return {"move": move}, msg(move)
    raise ValueError(f"action id {action_id} is not a Spring action")


def _card_name(state: SpringState, card: int) -> Name | str:
    """A heroes-deck card's name: a hero, a monster (its kind's name) or a quest (its id)."""
    game = state.game_
    kinds = game.kinds
    if card in kinds.heroes:
        return Name(game.components.heroes[card - kinds.heroes.start].name)
    if card in kinds.monsters:
        return Name(game.monster_kind_of[card - kinds.monsters.start].name)
    return kinds.keys[card]


def is_over(state: SpringState) -> bool:
    return state.phase == OVER
