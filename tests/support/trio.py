"""A tiny three-player hidden-information game, to show drivers work with more than two players.

Each player holds one hidden card of 1..6; in seat order each keeps it or swaps it for the hidden top card
of the deck (the old card is discarded face down). Then the highest card wins (+1, the others -1/2).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dwarfhall.core import TERMINAL, Action, Game, Options, Rng, State, winner_returns
from dwarfhall.core.errors import ScenarioError
from dwarfhall.core.info import Chance, GameInfo, Information

KEEP, SWAP = 0, 1
CARDS = (1, 2, 3, 4, 5, 6)


class TrioGame(Game[Options]):
    name = "trio"
    title = {"en": "Three-player high card", "de": "Höchste Karte zu dritt"}
    min_players = 3
    max_players = 3
    info = GameInfo(Information.IMPERFECT, Chance.SAMPLED, 3, 3)

    def num_distinct_actions(self) -> int:
        return 2

    def _initial_state(self, rng: Rng) -> TrioState:
        deck = list(CARDS)
        rng.shuffle(deck)
        return TrioState(self, rng, hands=deck[:3], deck=deck[3:], discarded=[None] * 3, moves=[])

    def _state_from_json(self, body: Mapping[str, Any], rng: Rng) -> TrioState:
        hands = body.get("hands")
        if not isinstance(hands, list) or len(hands) != 3:
            raise ScenarioError("hands: need three cards")
        return TrioState(
            self, rng, list(hands), list(body.get("deck", [])), list(body.get("discarded", [None] * 3)),
            list(body.get("moves", [])),
        )


class TrioState(State):
    def __init__(
        self, game: Game[Any], rng: Rng, hands: list[int], deck: list[int], discarded: list[int | None],
        moves: list[int],
    ) -> None:
        super().__init__(game, rng)
        self.hands = hands
        self.deck = deck
        self.discarded = discarded
        self.moves = moves

    @property
    def is_terminal(self) -> bool:
        return len(self.moves) == 3

    @property
    def current_player(self) -> int:
        return TERMINAL if self.is_terminal else len(self.moves)

    def _legal_action_ids(self) -> list[int]:
        return [KEEP, SWAP]

    def _describe_action(self, action_id: int) -> Action:
        word = ("keep", "swap")[action_id]
        return Action(action_id, {"move": word}, {"en": word, "de": ("behalten", "tauschen")[action_id]})

    def _apply(self, action_id: int) -> None:
        player = len(self.moves)
        if action_id == SWAP:
            self.discarded[player] = self.hands[player]
            self.hands[player] = self.deck.pop(0)
        self.moves.append(action_id)

    def returns(self) -> list[float]:
        if not self.is_terminal:
            return [0.0, 0.0, 0.0]
        return winner_returns(3, [self.hands.index(max(self.hands))])

    def observation(self, player: int | None) -> dict[str, Any]:
        shown = self.is_terminal
        hands = [c if (shown or p == player) else None for p, c in enumerate(self.hands)]
        mine = [c if p == player else None for p, c in enumerate(self.discarded)]
        return {"hands": hands, "discarded": mine, "moves": list(self.moves), "to_act": self.current_player}

    def determinize(self, player: int, rng: Rng) -> TrioState:
        if self.is_terminal:  # every hand is shown
            return self.clone()  # type: ignore[return-value]
        known = {self.hands[player]}
        if self.discarded[player] is not None:
            known.add(self.discarded[player])  # type: ignore[arg-type]
        pool = [c for c in CARDS if c not in known]
        rng.shuffle(pool)
        hands = list(self.hands)
        discarded = list(self.discarded)
        for p in range(3):
            if p != player:
                hands[p] = pool.pop()
                if discarded[p] is not None:
                    discarded[p] = pool.pop()
        state = TrioState(self.game, rng.spawn(), hands, pool, discarded, list(self.moves))
        state.history = list(self.history)
        return state

    def _clone_body(self) -> TrioState:
        return TrioState(
            self.game, self.rng.clone(), list(self.hands), list(self.deck), list(self.discarded), list(self.moves)
        )

    def _to_json_body(self) -> dict[str, Any]:
        return {"hands": list(self.hands), "deck": list(self.deck), "discarded": list(self.discarded),
                "moves": list(self.moves)}
