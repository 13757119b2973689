"""Quests: whether a requirement is met (checked, never paid), taking a quest, the egg and the trim (§7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import Requirement
from .dragons import nest_limit
from .monsters import reveal_expedition
from .phases import NO_ONE, RESOURCE_INDEX, TRIMMING
from .pieces import settlements_on_map
from .tables import Needs

if TYPE_CHECKING:
    from .state import SpringState
    from .tables import GameTables
    from .targets import Targets


# compiled (this module is then an extension, not the .py), a loop over a few kinds is C; in Python a slice and
# `sum` are faster
_COMPILED = not __file__.endswith((".py", ".pyc"))


def faerie_cards_held(tables: GameTables, hand: list[int]) -> int:
    """How many faerie cards a hand holds (the faerie kinds are one block of a hand's counts)."""
    if _COMPILED:  # a C loop over the few faerie kinds
        held = 0
        for card in range(tables.faerie_first, tables.faerie_end):
            count = hand[card]  # a C int: the sum stays in C, no int object per kind
            held += count
        return held
    return sum(hand[tables.faerie_first : tables.faerie_end])  # a slice and `sum`: two C calls in Python


def met(state: SpringState, player: int, req: Requirement) -> bool:
    treasury = state.treasury[player]
    for resource, amount in req.resources.items():
        if treasury[RESOURCE_INDEX[resource]] < amount:
            return False
    if req.faeries and sum(state.faerie_hand[player]) < req.faeries:
        return False
    if req.settlements and settlements_on_map(state, player) < req.settlements:
        return False
    if req.line_complete is not None and state.line_left[player][RESOURCE_INDEX[req.line_complete]]:
        return False
    if req.dragons and len(state.nest[player]) < req.dragons:
        return False
    if req.dragon_level and max(state.nest_level[player], default=0) < req.dragon_level:
        return False
    if req.monsters and state.defeated[player] < req.monsters:  # R35: ever defeated
        return False
    return not (req.fortress and state.fortress_at[player] == NO_ONE)


def meets(state: SpringState, player: int, needs: Needs, found: Targets | None = None) -> bool:
    """`met` for a requirement in plain numbers (`tables.needs_of`), for the legal-move hot path; `found`: the
    state's targets, checked up to date by the caller, to count the settlements without a scan of the map."""
    resources, faerie_cards, settlements, line, dragons, level, monsters, fortress = needs
    treasury = state.treasury[player]
    for resource, amount in resources:
        if treasury[resource] < amount:
            return False
    tables = state.tables
    if faerie_cards:  # a hand holds faerie cards only
        if faerie_cards_held(tables, state.faerie_hand[player]) < faerie_cards:
            return False
    if settlements and (
        settlements_on_map(state, player) if found is None else found.settlements(player, state.fortress_at[player])
    ) < settlements:
        return False
    if line >= 0 and state.line_left[player][line]:
        return False
    if dragons and len(state.nest[player]) < dragons:
        return False
    if level and max(state.nest_level[player], default=0) < level:
        return False
    if monsters and state.defeated[player] < monsters:  # R35: ever defeated
        return False
    return not (fortress and state.fortress_at[player] == NO_ONE)


def petrified(state: SpringState) -> bool:
    """R25: while any Petrifier is in play nobody may use an expedition spot."""
    game = state.game
    start = game.kinds.monsters.start
    return any(c != NO_ONE and game.monster_kind_of[c - start].ability == "block_quests" for c in state.monster_at)


def quest_of(state: SpringState, card: int) -> Requirement | None:
    game = state.game
    if card not in game.kinds.quests:
        return None
    return game.components.quests[card - game.kinds.quests.start].requires


def take(state: SpringState, player: int, area_index: int, trim: bool) -> None:
    """The quest joins the heroes deck; an egg if the nest has room (R26); on spot 2 a trim may follow (R27);
    then the area is refilled (R28)."""
    card = state.expedition_area.pop(area_index)
    state.heroes[player][card] += 1
    if state.egg_pile and len(state.nest[player]) < nest_limit(state, player):
        egg = state.egg_pile.pop() - state.game.kinds.dragons.start
        state.nest[player].append(egg)
        state.nest_level[player].append(1)
        state.exhausted[player].append(False)  # R45: the egg arrives ready
    if trim:
        state.pending.append([TRIMMING])
    else:
        reveal_expedition(state)


def remove_card(state: SpringState, player: int, card: int | None) -> None:
    """The end of a trim: the chosen card leaves the game (or none does); then the area is refilled."""
    if card is not None:
        state.heroes[player][card] -= 1
        state.removed.append(card)
    reveal_expedition(state)
