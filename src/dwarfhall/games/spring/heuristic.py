"""Spring's own playing advice (a first version): a position estimate and rules of thumb for every decision.

`evaluate` estimates each player's final score from what they have now (points, resources, production for the
eras left, dragons still to train, faerie cards, successes) and compares the player's estimate with the best
rival's. Resources count by what they can still become: training the nest's dragons, the fortress while it is
unbuilt, eggs still to come, and the rest only at the scoring rate (1 VP per 7). `choose` scores the legal
actions directly (no search): quests first, then the dwarf action with the best estimated worth when it clearly
leads the next one (a close call is left to the agent's evaluation or the search); inner decisions follow simple
rules.
"""

from __future__ import annotations

import math
from operator import mul

from dwarfhall.core import Rng, State
from dwarfhall.core.heuristic import Heuristic, terminal_value

from . import dragons, faeries, fights
from .dragons import nest_limit
from .kit import (
    ADD_BACKPACKS,
    CHOOSE_RESOURCE,
    COMMAND,
    COMMAND_DONE,
    END_TURN,
    FAERIE_APPLY,
    FAERIE_SKIP,
    FIGHT,
    GATHER,
    IDLE,
    LEAVE,
    NO_TRIM,
    START_SETTLEMENT,
    SUMMON,
    TRIM,
)
from .layout import (
    BUILD_AT,
    BUILD_END,
    BUILD_STRIDE,
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
    TRAIN_AT,
    TRAIN_END,
)
from .monsters import monster_in_play_caps
from .odds import expected, p_at_least
from .phases import (
    BACKPACKS,
    BEFORE,
    COMMANDING,
    FAERIE,
    NO_ONE,
    PLACING,
    RESOURCE,
    REVEALED,
    TRIMMING,
    WILD_CHOICE,
)
from .quests import meets
from .scoring import RESOURCES_PER_VP
from .state import SpringState
from .tables import MEMO_LIMIT, WILDLAND, MapTables

RESOURCE_VP = 0.25  # what a resource is worth toward points (training: 4-5 resources for 1-2 VP)
LEFTOVER_VP = 1 / RESOURCES_PER_VP  # a resource nothing will use scores only at the end (1 VP per 7)
FORTRESS_HOPE = 0.8  # share of the fortress's points its savings count for: building must beat saving
FORTRESS_WORTH = 7.0  # the first version's fixed worth of the fortress action (flat pricing)
NEST_SLOT = (0.2, 0.6)  # the fortress's extra nest slot: with room left in the nest, with the nest (nearly) full
SCALE = 8.0  # VP difference that counts as a clear lead
MARGIN = 1.0  # a dwarf action whose worth leads the next by this much is advised without a search
FIGHT_WEIGHT = 1.5  # on a fight's worth: players weighing fights this much more won more (docs/rules/spring.md)

# Leanings for balance studies (spring.md §12.2's archetypes): per family of dwarf actions, a weight on its worth
STYLES: dict[str, tuple[str, dict[str, float]]] = {
    "balanced": ("the default advice, no leaning", {}),
    "builder": ("building x1.4, the fortress x1.5", {"build": 1.4, "fortress": 1.5}),
    "fighter": ("fights x1.5, gathering x0.8", {"fight": 1.5, "gather": 0.8}),
    "gatherer": ("gathering x1.5, fights x0.8", {"gather": 1.5, "fight": 0.8}),
    "quester": ("quests x1.4, summoning faeries x1.4", {"quest": 1.4, "faerie": 1.4}),
    "dragon": ("the dragon spots x1.5", {"dragon": 1.5}),
}


def production(state: SpringState, player: int) -> int:
    icons = state.tables.line_icons
    line_left = state.line_left[player]
    total = 0
    for r, shown in enumerate(icons):
        total += sum(shown[: len(shown) - line_left[r]])
    return total


# what a dragon of each level may still be worth (level 3 is trained out); indexed by level
_LEVEL_WORTH = (0.0, 1.2, 0.6, 0.0)

# compiled (this module is then an extension, not the .py), a loop by index over a deck's kinds runs in C; in Python
# `sum(map(mul, ...))` over slices is faster
_BY_INDEX = not __file__.endswith((".py", ".pyc"))


def training_left(state: SpringState, player: int) -> list[int]:
    """Per resource: what training the player's nest dragons up to the top level still costs."""
    tables = state.tables
    costs = tables.training_cost
    train_resource = tables.train_resource
    nest = state.nest[player]
    levels = state.nest_level[player]
    top = len(costs)
    need = [0, 0, 0]
    for i in range(len(nest)):
        left = 0
        for k in range(levels[i] - 1, top):
            left += costs[k]
        need[train_resource[nest[i]]] += left
    return need


def supply(state: SpringState, player: int, eras_left: int) -> list[int]:
    """Per resource: the treasury plus what the player's lines produce in the eras left."""
    output = state.tables.production
    line_left = state.line_left[player]
    have = state.treasury[player][:]
    if eras_left:
        for line, left in enumerate(line_left):
            made = output[line][len(output[line]) - 1 - left]
            for r in range(len(have)):
                have[r] += made[r] * eras_left
    return have


def fortress_open(state: SpringState, player: int, eras_left: int) -> bool:
    """The fortress is unbuilt and a dwarf may still go to its spot (this era or a later one)."""
    return state.fortress_at[player] == NO_ONE and (eras_left > 0 or state.home[player] > 0)


def resource_worth(state: SpringState, player: int, have: list[int], eras_left: int, fortress: bool) -> float:
    """What resources `have` (per resource) may still become in VP: training the nest's dragons first (RESOURCE_VP
    each), then, with `fortress`, the fortress cost of each (a share of its VP), then training for the eggs the
    nest may still take, and every resource beyond that at the scoring rate."""
    tables = state.tables
    need = training_left(state, player)
    cost = tables.fortress_cost
    fortress_rate = FORTRESS_HOPE * tables.fortress_vp / (cost * len(have))
    worth = 0.0
    spare = 0
    for r, amount in enumerate(have):
        used = min(amount, need[r])
        worth += used * RESOURCE_VP
        amount -= used
        if fortress:
            saved = min(amount, cost)
            worth += saved * fortress_rate
            amount -= saved
        spare += amount
    room = nest_limit(state, player) - len(state.nest[player])
    eggs = min(spare, max(0, min(room, eras_left + 1)) * tables.training_cost[0])
    return worth + eggs * RESOURCE_VP + (spare - eggs) * LEFTOVER_VP


def _held_vp(deck: list[int], first: int, vps: tuple[int, ...]) -> int:
    """The points of the cards held of the kinds from `first` on, `vps[k]` each of kind `first + k` (a C loop
    when compiled)."""
    whole = 0
    for k in range(len(vps)):
        held = deck[first + k]
        if held:
            vp = vps[k]
            whole += held * vp
    return whole


def estimate(state: SpringState, player: int, flat: bool = False) -> float:
    """An estimate of the player's final points; `flat` prices every resource at RESOURCE_VP (the first
    version)."""
    tables = state.tables
    deck = state.heroes[player]
    quests = tables.quests
    monsters = tables.monsters
    dragon_vp = tables.dragon_vp
    line_left = state.line_left[player]
    line_vp = tables.line_vp
    nest = state.nest[player]
    levels = state.nest_level[player]
    # the score without its resources part (scoring.score_parts), all whole numbers (so their order is free)
    if _BY_INDEX:
        whole = _held_vp(deck, tables.quest_first, tables.quest_vp) + _held_vp(
            deck, tables.monster_first, tables.monster_vp
        )
    else:
        whole = sum(map(mul, deck[quests.start : quests.stop], tables.quest_vp)) + sum(
            map(mul, deck[monsters.start : monsters.stop], tables.monster_vp)
        )
    for i in range(len(nest)):
        level = levels[i]
        if level >= 2:
            whole += dragon_vp[nest[i]][level - 1]
    for r in range(len(line_vp)):
        if line_left[r] == 0:
            whole += line_vp[r]
    if state.fortress_at[player] != NO_ONE:
        whole += tables.fortress_vp
    points: float = whole
    eras_left = max(0, state.game.options.eras - state.era)
    if flat:
        points += (sum(state.treasury[player]) + production(state, player) * eras_left) * RESOURCE_VP
    else:
        have = supply(state, player, eras_left)
        points += resource_worth(state, player, have, eras_left, fortress_open(state, player, eras_left))
    later = 0.4 * eras_left
    for level in levels:
        worth = _LEVEL_WORTH[level]
        points += worth + later
    if _BY_INDEX:
        points += 0.4 * _total(state.faerie_hand[player]) + 0.25 * _total(state.successes[player])
        points += 0.3 * (4 * len(line_left) - _total(line_left))  # the line's steps taken, a whole number
    else:
        points += 0.4 * sum(state.faerie_hand[player]) + 0.25 * sum(state.successes[player])
        points += 0.3 * (4 * len(line_left) - sum(line_left))
    return points


def _total(row: list[int]) -> int:
    """`sum(row)` of small counts, a C loop when compiled (Python's `sum` is faster interpreted)."""
    total = 0
    for i in range(len(row)):
        count = row[i]
        total += count
    return total


_SCALE = SCALE  # a private alias that the compiled build types as a C double


def leads(state: SpringState, players: int, flat: bool) -> list[float]:
    """`SpringHeuristic.evaluate_all` of a game not over: each player's estimate against the best rival's, scaled
    into (-1, 1); a module function so that the compiled build types it."""
    values = [estimate(state, p, flat) for p in range(players)]
    # the best estimate (the first of equal ones) and the best of the others: a player's rival is one of the two
    top = 0
    best = values[0]
    for p in range(1, players):
        value = values[p]
        if value > best:
            top = p
            best = value
    second = values[1 if top == 0 else 0]
    for p in range(players):
        value = values[p]
        if p != top and value > second:
            second = value
    out = []
    for p in range(players):
        value = values[p]
        out.append(math.tanh((value - (second if p == top else best)) / _SCALE))
    return out


class SpringHeuristic(Heuristic):
    """`margin`: how far (in estimated worth) the best dwarf action must lead the next one to be advised.
    `flat`: the first version's pricing, kept for comparisons: every resource at RESOURCE_VP, the fortress
    action at a fixed worth, training before any dwarf action, fights without FIGHT_WEIGHT. `style`: one of
    STYLES, weights on the worths of some dwarf actions."""

    def __init__(self, margin: float = MARGIN, flat: bool = False, style: str = "balanced") -> None:
        if style not in STYLES:
            raise ValueError(f"no Spring heuristic style {style!r}; styles: {', '.join(STYLES)}")
        self.margin = margin
        self.flat = flat
        self.style = style
        self.weights = STYLES[style][1]
        self.fight_weight = 1.0 if flat else FIGHT_WEIGHT

    def evaluate(self, state: State, player: int) -> float:
        assert isinstance(state, SpringState)
        if state.is_terminal:
            return terminal_value(state, player)
        values = [estimate(state, p, self.flat) for p in range(state.num_players)]
        rival = max(v for p, v in enumerate(values) if p != player)
        return math.tanh((values[player] - rival) / SCALE)

    def evaluate_all(self, state: State) -> list[float]:
        """`evaluate` for every player, estimating each player's points once."""
        assert isinstance(state, SpringState)
        players = range(state.num_players)
        if state.is_terminal:
            return [terminal_value(state, p) for p in players]
        return leads(state, state.num_players, self.flat)

    def choose(self, state: State, player: int, rng: Rng) -> int | None:
        assert isinstance(state, SpringState)
        legal = state.legal_action_ids()
        if len(legal) == 1:
            return legal[0]
        if state.phase == PLACING:
            return max(legal, key=lambda a: (self._start_worth(state, a), rng.random()))
        return advise(self, state, player, legal, rng)

    # -- the starting settlements ------------------------------------------------------------
    def _start_worth(self, state: SpringState, action: int) -> float:
        line, place = START_SETTLEMENT.decode(action)
        return self._spot_gain(state, state.world.location_at[place]) + 0.01 * (2 - line)

    def _spot_gain(self, state: SpringState, location: int, capped: bool = True) -> float:
        return spot_gain(state, location, capped)

    # -- a dwarf action ----------------------------------------------------------------------
    def _worth(self, state: SpringState, player: int, action: int) -> float:
        return self._worths(state, player, [action])[0]

    def _worths(self, state: SpringState, player: int, actions: list[int]) -> list[float]:
        """The estimated worth of each dwarf action (the ids of other moves are worth 0.1)."""
        return dwarf_worths(self, state, player, actions)

    def _weight(self, state: SpringState, action: int) -> float:
        """The style's weight on a dwarf action's worth: an explore counts as a fight where a monster waits, as
        gathering on any other wildland."""
        weights = self.weights
        if BUILD_AT <= action < BUILD_END:
            return weights.get("build", 1.0)
        if FORTRESS_AT <= action < FORTRESS_END:
            return weights.get("fortress", 1.0)
        if EXPLORE_AT <= action < EXPLORE_END:
            location = state.world.location_at[action - EXPLORE_AT]
            if state.world.slots[location] is not None:
                return 1.0
            wild = state.world.tables.wild_slot[location]
            return weights.get("fight" if state.monster_at[wild] != NO_ONE else "gather", 1.0)
        if QUEST_AT <= action < QUEST_END:
            return weights.get("quest", 1.0)
        if DRAGON_SPOT_AT <= action < DRAGON_SPOT_END:
            return weights.get("dragon", 1.0)
        if action == SUMMON:
            return weights.get("faerie", 1.0)
        return 1.0

    def _not_spending_fortress(self, state: SpringState, player: int, training: list[int]) -> list[int]:
        return not_spending_fortress(self.flat, state, player, training)

    def _fortress_worth(self, state: SpringState, player: int, eras_left: int) -> float:
        return fortress_worth(state, player, eras_left)

    def _explore_worth(self, state: SpringState, player: int, location: int) -> float:
        return explore_worth(state, player, location, self.fight_weight)


def advise(advisor: SpringHeuristic, state: SpringState, player: int, legal: tuple[int, ...], rng: Rng) -> int | None:
    """`SpringHeuristic.choose` past the starting settlements with more than one legal action; a module function
    so that the compiled build types it (the tie-breaks drawn in C)."""
    flat = advisor.flat
    if state.pending:
        return inner_choice(state, player, legal, flat)
    training = []
    actions = []
    for a in legal:  # one loop: compiled, each id is compared as a C int (a typed copy) and kept as it is
        action = a
        if TRAIN_AT <= action < TRAIN_END:
            training.append(a)
        if not PLAY_FAERIE_AT <= action < PLAY_FAERIE_END:
            actions.append(a)
    worths: list[float] | None = None
    if training and not flat and state.stage == BEFORE and _has_fortress(legal):
        # training first would spend what the fortress needs: build it first when it is (nearly) the best
        worths = dwarf_worths(advisor, state, player, actions)
        fortress = -math.inf
        most = -math.inf
        for i in range(len(actions)):
            worth = worths[i]
            action = actions[i]
            if FORTRESS_AT <= action < FORTRESS_END and worth > fortress:
                fortress = worth
            if worth > most:
                most = worth
        if fortress < most - advisor.margin:
            worths = None
        else:
            training = []
    if training:
        training = not_spending_fortress(flat, state, player, training)
    if training:  # training is cheap points: train when the resources are there
        return training[0]
    if END_TURN in legal:
        return END_TURN
    if worths is None:
        worths = dwarf_worths(advisor, state, player, actions)
    # the tie-breaks are drawn in the order of the actions, as the worths were scored; the best (worth, draw,
    # action) and the best worth among the others are what sorting them all would give first and second
    best = actions[0]
    worth = worths[0]
    draw = rng.random()
    second = -math.inf
    for i in range(1, len(actions)):
        other = worths[i]
        tie = rng.random()
        action = actions[i]
        if other > worth or (other == worth and (tie > draw or (tie == draw and action > best))):
            if worth > second:
                second = worth
            best = action
            worth = other
            draw = tie
        elif other > second:
            second = other
    if worth < 1.0:  # a weak turn ahead: let a faerie card help first
        for action in legal:
            if PLAY_FAERIE_AT <= action < PLAY_FAERIE_END:
                return action
    if len(actions) > 1 and worth - second < advisor.margin:
        return None  # a close call: the agent's own evaluation (or a search) decides
    return best


def _has_fortress(legal: tuple[int, ...]) -> bool:
    for action in legal:
        if FORTRESS_AT <= action < FORTRESS_END:
            return True
    return False


def not_spending_fortress(flat: bool, state: SpringState, player: int, training: list[int]) -> list[int]:
    """After a dwarf action: the trainings that keep what the fortress needs for a later turn of this era, when
    the fortress pays (it is weighed again, against training, at the start of that turn); else all."""
    if flat or state.stage == BEFORE or state.home[player] == 0 or state.fortress_at[player] != NO_ONE:
        return training
    tables = state.tables
    treasury = state.treasury[player]
    cost = tables.fortress_cost
    if state.spots_used[player] >> state.game.fortress_bit & 1 or min(treasury) < cost:
        return training
    keep = []
    nest = state.nest[player]
    levels = state.nest_level[player]
    for action in training:
        index = action - TRAIN_AT
        resource = tables.train_resource[nest[index]]
        if treasury[resource] - tables.training_cost[levels[index] - 1] >= cost:
            keep.append(action)
    if len(keep) == len(training):
        return training
    eras_left = max(0, state.game.options.eras - state.era)
    return keep if fortress_worth(state, player, eras_left) > 0.0 else training


def fortress_worth(state: SpringState, player: int, eras_left: int) -> float:
    """The fortress action before its spot's gain: its VP, the VP of a face-up quest it would open, a little for
    the extra nest slot and the fight bonus, less what the spent resources would otherwise still become."""
    tables = state.tables
    game = state.game
    have = supply(state, player, eras_left)
    spent = [amount - tables.fortress_cost for amount in have]
    cost = resource_worth(state, player, have, eras_left, False) - resource_worth(
        state, player, spent, eras_left, False
    )
    opened = 0
    for card in state.expedition_area:
        needs = tables.quest_needs[card]
        if needs is not None and needs[-1] and meets(state, player, (*needs[:-1], False)):
            opened = max(opened, game.components.quests[card - game.kinds.quests.start].vp)
    limits = game.components.limits
    slot = NEST_SLOT[len(state.nest[player]) >= limits["nest"] - 1]
    later = eras_left > 0 or state.home[player] > 1  # dwarfs left to fight next to it
    bonus = RESOURCE_VP * tables.reveal_bonus if later else 0.0
    return tables.fortress_vp + opened + slot + bonus - cost


def explore_worth(state: SpringState, player: int, location: int, fight_weight: float) -> float:
    """An explore's worth: the chance of winning the fight (its monster's VP and a little more), weighted by
    `fight_weight`, or the backpacks a gathering is expected to bring; a reach only where the location is no
    wildland."""
    world = state.world
    if world.slots[location] is not None:
        return 0.3  # reach only
    game = state.game
    tables = state.tables
    deck = state.heroes[player]
    count = fights.reveal_count(state, player, location) + 1  # the dwarf about to arrive
    card = state.monster_at[world.tables.wild_slot[location]]
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
        return chance * (monster.vp + 2.0) * fight_weight
    key = (tuple(deck), count, -1)
    mean = memo.get(key)
    if mean is None:
        packs = [game.card_backpacks[k] for k, n in enumerate(deck) for _ in range(n)]
        mean = memo[key] = float(expected(packs, count))
    return mean * 0.8


def spot_gain(state: SpringState, location: int, capped: bool = True) -> float:
    """What a settlement at `location` gains; `capped=False` for the fortress, which no monster caps (R42)."""
    return _spot_gain(state, state.world.tables, location, capped)


def _spot_gain(state: SpringState, maps: MapTables, location: int, capped: bool) -> float:
    """`spot_gain` from the map's tables of the spots' amounts and kinds."""
    amounts = maps.spot_amount
    kinds = maps.spot_kind
    if amounts is None or kinds is None:
        amounts, kinds = maps.spots()
    amount = amounts[location]
    if amount <= 0:  # a wildland, or no resource spot (`Slot.is_resource`)
        return 0.0
    kind = kinds[location]
    if capped and monster_in_play_caps(state, kind):
        amount = 1
    return amount * (1.5 if kind == "faerie" else 1.0)


def dwarf_worths(advisor: SpringHeuristic, state: SpringState, player: int, actions: list[int]) -> list[float]:
    """The estimated worth of each dwarf action for `advisor` (the ids of other moves are worth 0.1); a module
    function so that the compiled build types its loop."""
    game = state.game
    world = state.world
    location_at = world.location_at
    maps = world.tables
    kind_at = maps.kind_at
    out: list[float] = []
    gains: dict[int, float] = {}  # per location: what a settlement there gains
    eras_left = max(0, game.options.eras - state.era)
    fortress: float | None = None
    flat = advisor.flat
    fight_weight = advisor.fight_weight
    for action in actions:
        if BUILD_AT <= action < BUILD_END:
            location = location_at[(action - BUILD_AT) % BUILD_STRIDE]
            gain = gains.get(location)
            if gain is None:
                gain = gains[location] = _spot_gain(state, maps, location, True)
            out.append(1.0 + gain + 0.5 * eras_left)
        elif FORTRESS_AT <= action < FORTRESS_END:
            if flat:
                out.append(FORTRESS_WORTH)
                continue
            if fortress is None:
                fortress = fortress_worth(state, player, eras_left)
            out.append(fortress + _spot_gain(state, maps, location_at[action - FORTRESS_AT], False))
        elif EXPLORE_AT <= action < EXPLORE_END:
            location = location_at[action - EXPLORE_AT]
            if kind_at[location] != WILDLAND:
                out.append(0.3)  # reach only (as explore_worth, without its call)
            else:
                out.append(explore_worth(state, player, location, fight_weight))
        elif QUEST_AT <= action < QUEST_END:
            card = state.expedition_area[(action - QUEST_AT) % QUEST_STRIDE]
            out.append(6.0 + game.components.quests[card - game.kinds.quests.start].vp)
        elif DRAGON_SPOT_AT <= action < DRAGON_SPOT_END:
            ready = state.exhausted[player].count(False)  # the dragons not exhausted
            out.append(1.6 * min(2, ready) + (0.5 if action - DRAGON_SPOT_AT == 1 else 0.0))
        elif action == SUMMON:
            out.append(1.2)
        elif action == IDLE:
            out.append(0.0)
        else:
            out.append(0.1)
    if advisor.weights:
        out = [worth * advisor._weight(state, action) for worth, action in zip(out, actions, strict=True)]
    return out


# -- decisions inside an action: rules of thumb that need none of the heuristic's pricing -------------------
def inner_choice(state: SpringState, player: int, legal: tuple[int, ...], flat: bool) -> int | None:
    """A decision inside an action (a wildland, a fight, backpacks, dragons, a resource, trimming, a faerie card)
    by simple rules; `flat` as the heuristic's."""
    step = state.pending[-1]
    what = step[0]
    if what == WILD_CHOICE:
        return FIGHT if FIGHT in legal else GATHER if GATHER in legal else LEAVE
    if what == REVEALED:
        return rescue(state, player, legal)
    if what == BACKPACKS:
        return max(a for a in legal if a in ADD_BACKPACKS)
    if what == COMMANDING:
        ready = [a for a in legal if a in COMMAND]
        return ready[0] if ready else COMMAND_DONE
    if what == RESOURCE:
        return CHOOSE_RESOURCE.base + wanted_resource(state, player, flat)
    if what == TRIMMING:
        return trim(state, player, legal)
    if what == FAERIE:
        if FAERIE_APPLY in legal:
            return FAERIE_APPLY
        options = [a for a in legal if a != FAERIE_SKIP]
        return options[0] if faeries.effect_of(state, step[1]).primitive == "remove_web" else FAERIE_SKIP
    return legal[0]

def rescue(state: SpringState, player: int, legal: tuple[int, ...]) -> int:
    """An open fight (R10): play the axe faerie cards in hand when together they win it, else give it up."""
    tables = state.tables
    power = state.faerie_power[player]
    axe_cards = [a for a in legal if PLAY_FAERIE_AT <= a < PLAY_FAERIE_END
                 and faeries.effect_of(state, tables.faerie_first + a - PLAY_FAERIE_AT).primitive == "axe"]
    gain = sum(faeries.effect_of(state, tables.faerie_first + a - PLAY_FAERIE_AT).n * power
               * state.faerie_hand[player][tables.faerie_first + a - PLAY_FAERIE_AT] for a in axe_cards)
    if axe_cards and gain >= fights.fight_short(state, player):
        return axe_cards[0]
    return LEAVE

def wanted_resource(state: SpringState, player: int, flat: bool) -> int:
    """The resource the nest's training lacks most, else the one the fortress lacks most while a dwarf may
    still build it, else the scarcest (flat: the first trainable dragon's resource, else the scarcest)."""
    treasury = state.treasury[player]
    if not flat:
        need = training_left(state, player)
        eras_left = max(0, state.game.options.eras - state.era)
        if fortress_open(state, player, eras_left):
            cost = state.tables.fortress_cost
            lacking = max(range(3), key=lambda r: need[r] - treasury[r])
            if need[lacking] <= treasury[lacking]:
                lacking = max(range(3), key=lambda r: need[r] + cost - treasury[r])
            return lacking
        return max(range(3), key=lambda r: (need[r] - treasury[r], -treasury[r]))
    for index, dragon in enumerate(state.nest[player]):
        if dragons.training_cost(state, player, index) is not None:
            return dragons.training_resource(state, dragon)
    return min(range(3), key=lambda r: treasury[r])

def trim(state: SpringState, player: int, legal: tuple[int, ...]) -> int:
    """Remove the hero card that carries the fewest symbols, if it carries at most one."""
    game = state.game
    heroes = [a for a in legal if a in TRIM and (a - TRIM.base) in game.kinds.heroes]
    if not heroes:
        return NO_TRIM
    weakest = min(heroes, key=lambda a: game.card_axes[a - TRIM.base] + game.card_backpacks[a - TRIM.base])
    symbols = game.card_axes[weakest - TRIM.base] + game.card_backpacks[weakest - TRIM.base]
    return weakest if symbols <= 1 else NO_TRIM
