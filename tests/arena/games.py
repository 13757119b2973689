"""Kuhn poker whose actions name a component, so reports have component impact to show."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dwarfhall.core import Action, Rng

from ..support.kuhn import KuhnGame, KuhnState


class ComponentKuhnGame(KuhnGame):
    name = "ckuhn"

    def _initial_state(self, rng: Rng) -> ComponentKuhnState:
        deck = [1, 2, 3]
        rng.shuffle(deck)
        return ComponentKuhnState(self, rng, cards=deck[:2], bets=[])

    def _state_from_json(self, body: Mapping[str, Any], rng: Rng) -> ComponentKuhnState:
        return ComponentKuhnState(self, rng, cards=list(body["cards"]), bets=list(body.get("bets", [])))


class ComponentKuhnState(KuhnState):
    def _describe_action(self, action_id: int) -> Action:
        action = super()._describe_action(action_id)
        # the card in the acting player's hand is "used" by the move, e.g. "bet-with-3"
        card = self.cards[self.current_player]
        component = f"{action.payload['move']}-with-{card}"
        return Action(action.id, {**action.payload, "component": component}, action.labels)

    def _clone_body(self) -> ComponentKuhnState:
        return ComponentKuhnState(self.game, self.rng.clone(), list(self.cards), list(self.bets))
