"""Uniformly random legal moves."""

from __future__ import annotations

from dwarfhall.core.rng import Rng
from dwarfhall.core.view import PlayerView

from .base import Agent


class RandomAgent(Agent):
    name = "random"

    def __init__(self, params: dict[str, str], seed: int) -> None:
        super().__init__(params, seed)
        self.check_params(set())
        self.rng = Rng(seed)

    def choose(self, view: PlayerView) -> int:
        return self.rng.choice(view.legal_action_ids())
