"""Inference about what the other players hold, from the moves they made: weighted samples for ISMCTS.

A plain determinization re-deals everything the searching seat cannot see as if the others' moves said nothing
about it. Here the seat keeps, from one of its decisions to the next, a set of sampled worlds (particles), all
drawn from its own information set. At its next decision each particle replays the public moves made since
(its own and the others'); every move of another player that had a choice multiplies the particle's weight by
how likely that player was to make it in that world, under a cheap model of them: the game's rule of thumb where
it advises a move, else a softmax over the heuristic's value after each of their legal moves. A particle whose
replay no longer matches what the seat sees now (chance went another way in it: other dice, another card drawn
by the seat) is dropped; when too few are left, the search samples afresh, as without inference.

Only the seat's own view is read: the particles come from `PlayerView.determinize`, the moves from the public
record, the check from the seat's own observation. Two games the seat cannot tell apart give the same samples.
"""

from __future__ import annotations

import math
from typing import Any

from dwarfhall.core.game import State
from dwarfhall.core.heuristic import terminal_value
from dwarfhall.core.rng import Rng
from dwarfhall.core.view import PlayerView

PARTICLES = 32  # worlds carried from one decision to the next
MIN_KEPT = 4  # fewer consistent worlds than this: sample afresh
SHARPNESS = 20.0  # softmax inverse temperature over heuristic values in [-1, 1] (0.1 apart: a factor e^2)
NOISE = 0.1  # share of the model's probability spread evenly: a player may always surprise


def move_probability(state: State, action: int, advice: Any, rng: Rng) -> float:
    """How likely the player to act in `state` makes `action`, under the rule of thumb or the softmax model."""
    legal = state.legal_action_ids()
    if action not in legal:
        return 0.0
    if len(legal) == 1:
        return 1.0
    player = state.current_player
    even = NOISE / len(legal)
    advised = advice.choose(state.clone(), player, rng)
    if advised is not None and advised in legal:
        return (1.0 - NOISE) * (1.0 if advised == action else 0.0) + even
    values = []
    for move in legal:
        after = state.clone()
        after.apply(move)
        values.append(terminal_value(after, player) if after.is_terminal else float(advice.evaluate(after, player)))
    top = max(values)
    weights = [math.exp(SHARPNESS * (v - top)) for v in values]
    return (1.0 - NOISE) * weights[legal.index(action)] / sum(weights) + even


class WorldPool:
    """Weighted worlds consistent with the seat's view now; `draw` gives a fresh copy of one, by weight."""

    __slots__ = ("cumulative", "worlds")

    def __init__(self, worlds: list[State], weights: list[float]) -> None:
        self.worlds = worlds
        total, self.cumulative = 0.0, []
        for w in weights:
            total += w
            self.cumulative.append(total)

    def draw(self, rng: Rng) -> State:
        target = rng.random() * self.cumulative[-1]
        low, high = 0, len(self.cumulative) - 1
        while low < high:  # the first world whose running total passes the target
            mid = (low + high) // 2
            if self.cumulative[mid] > target:
                high = mid
            else:
                low = mid + 1
        world = self.worlds[low].clone()
        world.rng = Rng(rng.next_u64())  # the future's chance is drawn anew each time
        world.seed = None
        world.start = None
        return world


class OpponentFilter:
    """The particles one seat carries between its decisions (one filter per agent; a new game starts afresh)."""

    def __init__(self, particles: int = PARTICLES) -> None:
        self.size = particles
        self.worlds: list[State] = []
        self.weights: list[float] = []
        self.pools = 0  # decisions that drew from carried worlds
        self.last_weights: list[float] = []  # of the worlds that stayed consistent at the last update

    def pool(self, view: PlayerView, advice: Any, rng: Rng) -> WorldPool | None:
        """Brings the particles up to the view's position and returns them as a pool, or None when too few
        stayed consistent (the caller samples afresh). Then stores the particles for the next decision."""
        now = view.determinize(rng)
        if not _hides_anything(view, now):
            return None
        history = now.history
        seen = view.observation()
        kept: list[State] = []
        weights: list[float] = []
        for world, weight in zip(self.worlds, self.weights, strict=True):
            if world.history != history[: len(world.history)]:
                break  # another game: every particle is from it
            for action in history[len(world.history) :]:
                if world.current_player != view.player:
                    weight *= move_probability(world, action, advice, rng)
                elif action not in world.legal_action_ids():
                    weight = 0.0
                if weight <= 0.0:
                    break
                world.apply(action)
            if weight > 0.0 and world.observation(view.player) == seen:
                kept.append(world)
                weights.append(weight)
        self.last_weights = weights
        pool = WorldPool(kept, weights) if len(kept) >= MIN_KEPT else None
        self.pools += pool is not None
        self._store(view, rng, pool, now)
        return pool

    def _store(self, view: PlayerView, rng: Rng, pool: WorldPool | None, first: State) -> None:
        """The particles for the next decision: drawn from the pool by weight (so the weights start even), or
        fresh samples of the view when there is no pool."""
        if pool is not None:
            self.worlds = [pool.draw(rng) for _ in range(self.size)]
        else:
            self.worlds = [first] + [view.determinize(rng) for _ in range(self.size - 1)]
        self.weights = [1.0] * self.size


def _hides_anything(view: PlayerView, sample: State) -> bool:
    """False for a game whose every zone this seat sees and which re-samples nothing else: nothing to infer."""
    zones = view.game.zones
    resamples = type(sample)._resample is not State._resample
    return resamples or zones is None or not zones.hides_nothing_from(view.player)


__all__ = ["OpponentFilter", "WorldPool", "move_probability"]
