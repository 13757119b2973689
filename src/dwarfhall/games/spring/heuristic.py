"""Spring's own playing advice (a first version): a position estimate and rules of thumb for every decision.

`evaluate` estimates each player's final score from what they have now (points, resources, production for the
eras left, dragons still to train, faerie cards, successes) and compares the player's estimate with the best
rival's. `choose` scores the legal actions directly (no search): quests first, then the dwarf action with the
best estimated worth when it clearly leads the next one (a close call is left to the agent's evaluation or
the search); inner decisions follow simple rules.
"""

from __future__ import annotations

import math
from operator import mul

from dwarfhall.core import Rng, State
from dwarfhall.core.heuristic import Heuristic, terminal_value

from . import dragons, faeries, fights
from .action_ids import (
    ADD_BACKPACKS,
    BUILD_AT,
    BUILD_END,
    BUILD_STRIDE,
    CHOOSE_RESOURCE,
    COMMAND,
    COMMAND_DONE,
    DRAGON_SPOT_AT,
    DRAGON_SPOT_END,
    END_TURN,
    EXPLORE_AT,
    EXPLORE_END,
    FAERIE_APPLY,
    FAERIE_SKIP,
    FIGHT,
    FORTRESS_AT,
    FORTRESS_END,
    GATHER,
    IDLE,
    NO_TRIM,
    PLAY_FAERIE_AT,
    PLAY_FAERIE_END,
    QUEST_AT,
    QUEST_END,
    QUEST_STRIDE,
    START_SETTLEMENT,
    SUMMON,
    TRAIN_AT,
    TRAIN_END,
    TRIM,
)
from .lookup import MEMO_LIMIT
from .odds import expected, p_at_least
from .phases import BACKPACKS, COMMANDING, FAERIE, NO_ONE, PLACING, RESOURCE, TRIMMING, WILD_CHOICE
from .state import SpringState
from .table import monster_in_play_caps

RESOURCE_VP = 0.25  # what a resource is worth toward points (training: 4-5 resources for 1-2 VP)
SCALE = 8.0  # VP difference that counts as a clear lead
MARGIN = 1.0  # a dwarf action whose worth leads the next by this much is advised without a search


def production(state: SpringState, player: int) -> int:
    icons = state.game.tables.line_icons
    line_left = state.line_left[player]
    total = 0
    for r, shown in enumerate(icons):
        total += sum(shown[: len(shown) - line_left[r]])
    return total


# what a dragon of each level may still be worth (level 3 is trained out); indexed by level
_LEVEL_WORTH = (0.0, 1.2, 0.6, 0.0)


def estimate(state: SpringState, player: int) -> float:
    """An estimate of the player's final points."""
    tables = state.game.tables
    deck = state.heroes[player]
    quests = tables.quests
    monsters = tables.monsters
    dragon_vp = tables.dragon_vp
    line_left = state.line_left[player]
    levels = state.nest_level[player]
    # the score without its resources part (scoring.score_parts), all whole numbers
    points: float = (
        sum(map(mul, deck[quests.start : quests.stop], tables.quest_vp))
        + sum(map(mul, deck[monsters.start : monsters.stop], tables.monster_vp))
        + sum(dragon_vp[d][level - 1] for d, level in zip(state.nest[player], levels, strict=True) if level >= 2)
        + sum(vp for r, vp in enumerate(tables.line_vp) if line_left[r] == 0)
        + (tables.fortress_vp if state.fortress_at[player] != NO_ONE else 0)
    )
    eras_left = max(0, state.game_.options.eras - state.era)
    resources = sum(state.treasury[player]) + production(state, player) * eras_left
    points += resources * RESOURCE_VP
    later = 0.4 * eras_left
    for level in levels:
        points += _LEVEL_WORTH[level] + later
    points += 0.4 * sum(state.faerie_hand[player]) + 0.25 * sum(state.successes[player])
    points += 0.3 * sum([4 - left for left in line_left])
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

    def evaluate_all(self, state: State) -> list[float]:
        """`evaluate` for every player, estimating each player's points once."""
        assert isinstance(state, SpringState)
        players = range(state.num_players)
        if state.is_terminal:
            return [terminal_value(state, p) for p in players]
        values = [estimate(state, p) for p in players]
        out = []
        for player in players:
            rival = max(v for p, v in enumerate(values) if p != player)
            out.append(math.tanh((values[player] - rival) / SCALE))
        return out

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
            if TRAIN_AT <= action < TRAIN_END:
                return action
        if END_TURN in legal:
            return END_TURN
        actions = [a for a in legal if not PLAY_FAERIE_AT <= a < PLAY_FAERIE_END]
        worths = self._worths(state, player, actions)
        # the tie-breaks are drawn in the order of the actions, as the worths were scored
        scored = sorted([(w, rng.random(), a) for w, a in zip(worths, actions, strict=True)], reverse=True)
        worth, _, best = scored[0]
        playable = [a for a in legal if PLAY_FAERIE_AT <= a < PLAY_FAERIE_END]
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
        return self._worths(state, player, [action])[0]

    def _worths(self, state: SpringState, player: int, actions: list[int]) -> list[float]:
        """The estimated worth of each dwarf action (the ids of other moves are worth 0.1)."""
        game = state.game_
        world = state.world
        location_at = world.location_at
        out: list[float] = []
        gains: dict[int, float] = {}  # per location: what a settlement there gains
        eras_left = max(0, game.options.eras - state.era)
        for action in actions:
            if BUILD_AT <= action < BUILD_END:
                location = location_at[(action - BUILD_AT) % BUILD_STRIDE]
                gain = gains.get(location)
                if gain is None:
                    gain = gains[location] = self._spot_gain(state, location)
                out.append(1.0 + gain + 0.5 * eras_left)
            elif FORTRESS_AT <= action < FORTRESS_END:
                out.append(7.0)
            elif EXPLORE_AT <= action < EXPLORE_END:
                out.append(self._explore_worth(state, player, location_at[action - EXPLORE_AT]))
            elif QUEST_AT <= action < QUEST_END:
                card = state.expedition_area[(action - QUEST_AT) % QUEST_STRIDE]
                out.append(6.0 + game.components.quests[card - game.kinds.quests.start].vp)
            elif DRAGON_SPOT_AT <= action < DRAGON_SPOT_END:
                ready = sum(1 for ex in state.exhausted[player] if not ex)
                out.append(1.6 * min(2, ready) + (0.5 if action - DRAGON_SPOT_AT == 1 else 0.0))
            elif action == SUMMON:
                out.append(1.2)
            elif action == IDLE:
                out.append(0.0)
            else:
                out.append(0.1)
        return out

    def _explore_worth(self, state: SpringState, player: int, location: int) -> float:
        if state.world.slots[location] is not None:
            return 0.3  # reach only
        game = state.game_
        tables = game.tables
        deck = state.heroes[player]
        count = fights.reveal_count(state, player, location) + 1  # the dwarf about to arrive
        card = state.monster_at[state.world.tables.wild_slot[location]]
        memo = tables.odds_memo
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        if card != NO_ONE:
            monster = game.components.monsters[card - game.kinds.monsters.start]
            need = max(0, monster.axes - state.successes[player][0])
            key = (tuple(deck), count, need)
            chance = memo.get(key)
            if chance is None:  # the odds depend on the deck's counts only
                axes = [game.card_axes[k] for k, n in enumerate(deck) for _ in range(n)]
                chance = memo[key] = float(p_at_least(axes, count, need))
            return chance * (monster.vp + 2.0)
        key = (tuple(deck), count, -1)
        mean = memo.get(key)
        if mean is None:
            packs = [game.card_backpacks[k] for k, n in enumerate(deck) for _ in range(n)]
            mean = memo[key] = float(expected(packs, count))
        return mean * 0.8

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
