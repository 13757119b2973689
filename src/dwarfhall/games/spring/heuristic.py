"""Spring's own playing advice (a first version): a position estimate and rules of thumb for every decision.

`evaluate` estimates each player's final score from what they have now (points, resources, production for the
eras left, dragons still to train, faerie cards, successes) and compares the player's estimate with the best
rival's. `choose` scores the legal actions directly (no search): quests first, then the dwarf action with the
best estimated worth when it clearly leads the next one (a close call is left to the agent's evaluation or
the search); inner decisions follow simple rules.
"""

from __future__ import annotations

import math

from dwarfhall.core import Rng, State
from dwarfhall.core.heuristic import Heuristic, terminal_value

from . import dragons, faeries, fights, scoring
from .action_ids import (
    ADD_BACKPACKS,
    BUILD,
    CHOOSE_RESOURCE,
    COMMAND,
    COMMAND_DONE,
    DRAGON_SPOT,
    END_TURN,
    EXPLORE,
    FAERIE_APPLY,
    FAERIE_SKIP,
    FIGHT,
    FORTRESS,
    GATHER,
    IDLE,
    NO_TRIM,
    PLAY_FAERIE,
    QUEST,
    START_SETTLEMENT,
    SUMMON,
    TRAIN,
    TRIM,
)
from .odds import expected, p_at_least
from .phases import BACKPACKS, COMMANDING, FAERIE, NO_ONE, PLACING, RESOURCE, TRIMMING, WILD_CHOICE
from .state import SpringState
from .table import monster_in_play_caps

RESOURCE_VP = 0.25  # what a resource is worth toward points (training: 4-5 resources for 1-2 VP)
SCALE = 8.0  # VP difference that counts as a clear lead
MARGIN = 1.0  # a dwarf action whose worth leads the next by this much is advised without a search


def production(state: SpringState, player: int) -> int:
    comps = state.game_.components
    total = 0
    for r, line in enumerate(comps.lines):
        taken = len(line.positions) - state.line_left[player][r]
        total += sum(sum(icons.values()) for icons in line.positions[:taken])
    return total


def estimate(state: SpringState, player: int) -> float:
    """An estimate of the player's final points."""
    parts = scoring.score_parts(state, player)
    points: float = sum(parts.values()) - parts["resources"]
    eras_left = max(0, state.game_.options.eras - state.era)
    resources = sum(state.treasury[player]) + production(state, player) * eras_left
    points += resources * RESOURCE_VP
    for level in state.nest_level[player]:
        points += {1: 1.2, 2: 0.6, 3: 0.0}[level] + 0.4 * eras_left
    points += 0.4 * sum(state.faerie_hand[player]) + 0.25 * sum(state.successes[player])
    points += 0.3 * sum(4 - left for left in state.line_left[player])
    return points


class SpringHeuristic(Heuristic):
    """`margin`: how far (in estimated worth) the best dwarf action must lead the next one to be advised."""

    def __init__(self, margin: float = MARGIN) -> None:
        self.margin = margin

    def evaluate(self, state: State, player: int) -> float:
        assert isinstance(state, SpringState)
        if state.is_terminal:
            return terminal_value(state, player)
        values = [estimate(state, p) for p in range(state.num_players)]
        rival = max(v for p, v in enumerate(values) if p != player)
        return math.tanh((values[player] - rival) / SCALE)

    def choose(self, state: State, player: int, rng: Rng) -> int | None:
        assert isinstance(state, SpringState)
        legal = state.legal_action_ids()
        if len(legal) == 1:
            return legal[0]
        if state.phase == PLACING:
            return max(legal, key=lambda a: (self._start_worth(state, a), rng.random()))
        if state.pending:
            return self._inner(state, player, legal)
        for action in legal:  # training is cheap points: always train when the resources are there
            if action in TRAIN:
                return action
        if END_TURN in legal:
            return END_TURN
        scored = sorted(((self._worth(state, player, a), rng.random(), a) for a in legal if a not in PLAY_FAERIE),
                        reverse=True)
        worth, _, best = scored[0]
        playable = [a for a in legal if a in PLAY_FAERIE]
        if playable and worth < 1.0:
            return playable[0]  # a weak turn ahead: let a faerie card help first
        if len(scored) > 1 and worth - scored[1][0] < self.margin:
            return None  # a close call: the agent's own evaluation (or a search) decides
        return best

    # -- the starting settlements ------------------------------------------------------------
    def _start_worth(self, state: SpringState, action: int) -> float:
        line, place = START_SETTLEMENT.decode(action)
        return self._spot_gain(state, state.world.location_at[place]) + 0.01 * (2 - line)

    def _spot_gain(self, state: SpringState, location: int) -> float:
        slot = state.world.slots[location]
        if slot is None or not slot.is_resource:
            return 0.0
        amount = 1 if monster_in_play_caps(state, slot.kind) else slot.amount
        return amount * (1.5 if slot.kind == "faerie" else 1.0)

    # -- a dwarf action ----------------------------------------------------------------------
    def _worth(self, state: SpringState, player: int, action: int) -> float:
        game = state.game_
        if action in QUEST:
            _spot, index = QUEST.decode(action)
            card = state.expedition_area[index]
            return 6.0 + game.components.quests[card - game.kinds.quests.start].vp
        if action in FORTRESS:
            return 7.0
        if action in BUILD:
            _line, place = BUILD.decode(action)
            eras_left = max(0, state.game_.options.eras - state.era)
            return 1.0 + self._spot_gain(state, state.world.location_at[place]) + 0.5 * eras_left
        if action in EXPLORE:
            return self._explore_worth(state, player, state.world.location_at[EXPLORE.decode(action)[0]])
        if action in DRAGON_SPOT:
            ready = sum(1 for ex in state.exhausted[player] if not ex)
            return 1.6 * min(2, ready) + (0.5 if DRAGON_SPOT.decode(action)[0] == 1 else 0.0)
        if action == SUMMON:
            return 1.2
        if action == IDLE:
            return 0.0
        return 0.1

    def _explore_worth(self, state: SpringState, player: int, location: int) -> float:
        if state.world.slots[location] is not None:
            return 0.3  # reach only
        game = state.game_
        deck = state.heroes[player]
        count = fights.reveal_count(state, player, location) + 1  # the dwarf about to arrive
        slot = state.world.wildland_locations.index(location)
        card = state.monster_at[slot]
        if card != NO_ONE:
            axes = [game.card_axes[k] for k, n in enumerate(deck) for _ in range(n)]
            monster = game.components.monsters[card - game.kinds.monsters.start]
            need = max(0, monster.axes - state.successes[player][0])
            chance = float(p_at_least(axes, count, need))
            return chance * (monster.vp + 2.0)
        packs = [game.card_backpacks[k] for k, n in enumerate(deck) for _ in range(n)]
        return float(expected(packs, count)) * 0.8

    # -- inner decisions ---------------------------------------------------------------------
    def _inner(self, state: SpringState, player: int, legal: tuple[int, ...]) -> int | None:
        step = state.pending[-1]
        what = step[0]
        if what == WILD_CHOICE:
            return FIGHT if FIGHT in legal else GATHER
        if what == BACKPACKS:
            return max(a for a in legal if a in ADD_BACKPACKS)
        if what == COMMANDING:
            ready = [a for a in legal if a in COMMAND]
            return ready[0] if ready else COMMAND_DONE
        if what == RESOURCE:
            return CHOOSE_RESOURCE.base + self._wanted_resource(state, player)
        if what == TRIMMING:
            return self._trim(state, player, legal)
        if what == FAERIE:
            if FAERIE_APPLY in legal:
                return FAERIE_APPLY
            options = [a for a in legal if a != FAERIE_SKIP]
            return options[0] if faeries.effect_of(state, step[1]).primitive == "remove_web" else FAERIE_SKIP
        return legal[0]

    def _wanted_resource(self, state: SpringState, player: int) -> int:
        """The training resource of the cheapest dragon still to train, else the scarcest resource."""
        treasury = state.treasury[player]
        for index, dragon in enumerate(state.nest[player]):
            if dragons.training_cost(state, player, index) is not None:
                return dragons.training_resource(state, dragon)
        return min(range(3), key=lambda r: treasury[r])

    def _trim(self, state: SpringState, player: int, legal: tuple[int, ...]) -> int:
        """Remove the hero card that carries the fewest symbols, if it carries at most one."""
        game = state.game_
        heroes = [a for a in legal if a in TRIM and (a - TRIM.base) in game.kinds.heroes]
        if not heroes:
            return NO_TRIM
        weakest = min(heroes, key=lambda a: game.card_axes[a - TRIM.base] + game.card_backpacks[a - TRIM.base])
        symbols = game.card_axes[weakest - TRIM.base] + game.card_backpacks[weakest - TRIM.base]
        return weakest if symbols <= 1 else NO_TRIM

