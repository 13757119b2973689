"""A tiny hidden-information game (three-card poker) to test drivers without a real game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dwarfhall.core import TERMINAL, Action, Game, Options, Rng, State
from dwarfhall.core.errors import ScenarioError
from dwarfhall.core.info import Chance, GameInfo, Information

PASS, BET = 0, 1


class KuhnGame(Game[Options]):
    name = "kuhn"
    info = GameInfo(Information.IMPERFECT, Chance.SAMPLED, 2, 2)
    title = {"en": "Three-card poker", "de": "Drei-Karten-Poker"}

    def num_distinct_actions(self) -> int:
        return 2

    def _initial_state(self, rng: Rng) -> KuhnState:
        deck = [1, 2, 3]
        rng.shuffle(deck)
        return KuhnState(self, rng, cards=deck[:2], bets=[])

    def _state_from_json(self, body: Mapping[str, Any], rng: Rng) -> KuhnState:
        cards = body.get("cards")
        if not isinstance(cards, list) or len(cards) != 2:
            raise ScenarioError("cards: need two cards")
        return KuhnState(self, rng, cards=list(cards), bets=list(body.get("bets", [])))


class KuhnState(State):
    def __init__(self, game: Game[Any], rng: Rng, cards: list[int], bets: list[int]) -> None:
        super().__init__(game, rng)
        self.cards = cards
        self.bets = bets

    @property
    def is_terminal(self) -> bool:
        b = self.bets
        return b in ([PASS, PASS], [BET, PASS], [BET, BET], [PASS, BET, PASS], [PASS, BET, BET])

    @property
    def current_player(self) -> int:
        return TERMINAL if self.is_terminal else len(self.bets) % 2

    def _legal_action_ids(self) -> list[int]:
        return [PASS, BET]

    def _describe_action(self, action_id: int) -> Action:
        word = ("pass", "bet")[action_id]
        return Action(action_id, {"move": word}, {"en": word, "de": ("passen", "setzen")[action_id]})

    def _apply(self, action_id: int) -> None:
        self.bets.append(action_id)

    def returns(self) -> list[float]:
        if not self.is_terminal:
            return [0.0, 0.0]
        b = self.bets
        if b == [BET, PASS]:
            return [1.0, -1.0]
        if b == [PASS, BET, PASS]:
            return [-1.0, 1.0]
        pot = 2.0 if BET in b else 1.0
        win = 0 if self.cards[0] > self.cards[1] else 1
        return [pot, -pot] if win == 0 else [-pot, pot]

    def observation(self, player: int | None) -> dict[str, Any]:
        showdown = self.is_terminal and self.bets not in ([BET, PASS], [PASS, BET, PASS])
        cards = [c if (showdown or p == player) else None for p, c in enumerate(self.cards)]
        return {"cards": cards, "bets": list(self.bets), "to_act": self.current_player}

    def determinize(self, player: int, rng: Rng) -> KuhnState:
        other = 1 - player
        pool = [c for c in (1, 2, 3) if c != self.cards[player]]
        cards = list(self.cards)
        cards[other] = rng.choice(pool)
        state = KuhnState(self.game, rng.spawn(), cards, list(self.bets))
        state.history = list(self.history)
        return state

    def _clone_body(self) -> KuhnState:
        return KuhnState(self.game, self.rng.clone(), list(self.cards), list(self.bets))

    def _to_json_body(self) -> dict[str, Any]:
        return {"cards": list(self.cards), "bets": list(self.bets)}
