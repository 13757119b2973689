"""Greedy play on the game's own advice: its rule of thumb, else the best one-move evaluation."""

from __future__ import annotations

from typing import Any

from dwarfhall.core.game import Game, State
from dwarfhall.core.heuristic import terminal_value
from dwarfhall.core.rng import Rng
from dwarfhall.core.view import PlayerView

from .advice import AdviceCache
from .base import Agent

MAX_SAMPLES = 10_000  # determinizations per candidate move; more only wastes time


class HeuristicAgent(Agent):
    """Spec `heuristic` (params: `samples=4`, determinizations averaged per candidate move; `style=NAME`, one of
    the game's `heuristic_styles()`, for advice leaning toward some actions, as balance studies pit them;
    `blunder=P`, the share of decisions with a choice played at random instead, 0 by default: a weaker
    opponent for beginners, the `easy` level).

    1. If the game's `choose()` advises a legal move on a determinized state, play it.
    2. Otherwise play each legal move on `samples` determinizations and keep the best mean
       `evaluate()` (ties broken at random). Finished games count with their real result.
    A game without a heuristic is played on results alone: winning moves are found,
    everything else is a random choice.
    """

    name = "heuristic"

    def __init__(self, params: dict[str, str], seed: int) -> None:
        super().__init__(params, seed)
        self.check_params({"samples", "style", "blunder"})
        self.samples = self.param_int("samples", 4, 1, MAX_SAMPLES) or 4
        self.blunder = self.param_float("blunder", 0.0, 0.0, 1.0) or 0.0
        self.rng = Rng(seed)
        style = self.params.get("style", "")
        self._advice = AdviceCache(self.name, "plays on game results only, close to random", style)

    def check_game(self, game: Game[Any]) -> None:
        self._advice.get(game)

    def choose(self, view: PlayerView) -> int:
        legal = view.legal_action_ids()
        if len(legal) == 1:
            return legal[0]
        if self.blunder and self.rng.random() < self.blunder:
            return self.rng.choice(legal)
        player = view.player
        advice = self._advice.get(view.game)
        worlds = [view.determinize(self.rng) for _ in range(self.samples)]
        if advice is not None:
            advised = advice.choose(worlds[0].clone(), player, self.rng)
            if advised is not None and advised in legal:
                return int(advised)
        totals = [self._value_after(worlds, action, player, advice) for action in legal]
        best = max(totals)
        # near-equal values are ties: float noise should not decide between equally good moves
        top = [a for a, v in zip(legal, totals, strict=True) if v >= best - 1e-9]
        return self.rng.choice(top)

    def _value_after(self, worlds: list[State], action: int, player: int, advice: Any | None) -> float:
        total, counted = 0.0, 0
        for world in worlds:
            if action not in world.legal_action_ids():  # a determinization may differ in rare games
                continue
            after = world.clone()
            after.apply(action)
            if after.is_terminal:
                total += terminal_value(after, player)
            elif advice is not None:
                total += float(advice.evaluate(after, player))
            counted += 1
        return total / counted if counted else -2.0
