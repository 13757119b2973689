"""Dragons: commanding them from a dragon spot (R21-R22), their abilities, and training (R23)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import Effect
from .gains import draw_faeries
from .phases import RESOURCE, RESOURCE_INDEX

if TYPE_CHECKING:
    from .state import SpringState

AXE, PACK = 0, 1


def add_success(state: SpringState, player: int, which: int, n: int) -> None:
    """Successes are counters with a cap per kind; the excess is lost (§5.4)."""
    cap = state.game.components.limits["successes"]
    state.successes[player][which] = min(cap, state.successes[player][which] + n)


def resolve(state: SpringState, player: int, effects: tuple[Effect, ...]) -> None:
    """Applies effects in order; a choice of resources waits as a pending decision."""
    choices = 0
    for effect in effects:
        if effect.primitive == "gain":
            assert effect.resource is not None
            state.treasury[player][RESOURCE_INDEX[effect.resource]] += effect.n
        elif effect.primitive == "gain_any":
            choices += effect.n
        elif effect.primitive == "axe":
            add_success(state, player, AXE, effect.n)
        elif effect.primitive == "pack":
            add_success(state, player, PACK, effect.n)
        elif effect.primitive == "draw_faerie":
            draw_faeries(state, player, effect.n)
    if choices:
        state.pending.append([RESOURCE, choices])


def command(state: SpringState, player: int, index: int) -> None:
    """Exhausts a ready dragon of the nest; its current level's ability resolves at once."""
    state.exhausted[player][index] = True
    dragon = state.game.components.dragons[state.nest[player][index]]
    resolve(state, player, dragon.levels[state.nest_level[player][index] - 1].effects)


def training_resource(state: SpringState, dragon: int) -> int:
    """R44: the card's own resource, or gold for every dragon with option dragon_training = gold_only."""
    if state.game.options.dragon_training == "gold_only":
        return RESOURCE_INDEX["gold"]
    return RESOURCE_INDEX[state.game.components.dragons[dragon].train]


def training_cost(state: SpringState, player: int, index: int) -> int | None:
    """What training this nest dragon costs now, or None at level 3."""
    level = state.nest_level[player][index]
    costs = state.game.components.training_cost
    return costs[level - 1] if level <= len(costs) else None


def can_train(state: SpringState, player: int, index: int) -> bool:
    cost = training_cost(state, player, index)
    resource = training_resource(state, state.nest[player][index])
    return cost is not None and state.treasury[player][resource] >= cost


def train(state: SpringState, player: int, index: int) -> None:
    """Pays and puts the next level's card on top; an exhausted dragon stays exhausted (rulebook)."""
    tables = state.tables
    levels = state.nest_level[player]
    cost = tables.training_cost[levels[index] - 1]  # a legal training is below the top level
    state.treasury[player][tables.train_resource[state.nest[player][index]]] -= cost
    levels[index] += 1


def nest_limit(state: SpringState, player: int) -> int:
    tables = state.tables
    return tables.nest_fortress_cap if state.fortress_at[player] != -1 else tables.nest_cap
