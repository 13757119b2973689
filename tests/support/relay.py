"""A small card game for 2 to 4 players with hidden hands, built on the core's kit (zones, action space,
messages, the N-player returns), so that every driver is tested with more than two players.

Rules: a deck of 5 kinds (worth 1 to 5 points), 3 copies each. Each player is dealt 3 cards into a hidden
hand; the rest is a hidden draw pile. On a turn a player either lays a card from their hand face up on their
row (scoring its value) or draws the top card of the pile. After every player has had `rounds` turns the
game ends: the highest row wins, tied rows share the win.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dwarfhall.core import (
    TERMINAL,
    Action,
    ActionSpace,
    Catalog,
    Game,
    Name,
    Options,
    Rng,
    State,
    ZoneSet,
    area,
    counter,
    hand,
    msg,
    pile,
    winner_returns,
)
from dwarfhall.core.errors import InvalidOptions, ScenarioError
from dwarfhall.core.info import Chance, GameInfo, Information

KINDS = 5
COPIES = 3
HAND = 3
KEYS = ("one", "two", "three", "four", "five")
NAMES = (
    Name({"en": "the One", "de": "der Einser", "de_acc": "den Einser"}),
    Name({"en": "the Two", "de": "der Zweier", "de_acc": "den Zweier"}),
    Name({"en": "the Three", "de": "der Dreier", "de_acc": "den Dreier"}),
    Name({"en": "the Four", "de": "der Vierer", "de_acc": "den Vierer"}),
    Name({"en": "the Five", "de": "der Fünfer", "de_acc": "den Fünfer"}),
)
MESSAGES = Catalog(
    {
        "lay": {"en": "Lay {card}", "de": "Lege {card:acc}"},
        "draw": {"en": "Draw a card", "de": "Eine Karte ziehen"},
    }
)

SPACE = ActionSpace()
DRAW = SPACE.single("draw")
LAY = SPACE.block("lay", kind=KINDS)


@dataclass(frozen=True)
class RelayOptions(Options):
    players: int = 4
    rounds: int = 4

    def validate(self) -> None:
        if not 2 <= self.players <= 4:
            raise InvalidOptions(f"option players: must be 2, 3 or 4, got {self.players}")
        if not 1 <= self.rounds <= 20:
            raise InvalidOptions(f"option rounds: must be 1 to 20, got {self.rounds}")


class RelayGame(Game[RelayOptions]):
    name = "relay"
    title = {"en": "Relay", "de": "Staffel"}
    min_players = 2
    max_players = 4
    info = GameInfo(Information.IMPERFECT, Chance.SAMPLED, 2, 4)
    options_type = RelayOptions

    def __init__(self, options: RelayOptions | Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.zones = ZoneSet(
            [pile("pile", "deck", per_player=False), hand("hand", "deck", counts=True), area("row"),
             counter("turns", high=self.options.rounds)],
            self.num_players,
            KINDS,
            KEYS,
        )

    @property
    def num_players(self) -> int:
        return self.options.players

    def num_distinct_actions(self) -> int:
        return SPACE.size

    def _initial_state(self, rng: Rng) -> RelayState:
        s = RelayState(self, rng)
        deck = [k for k in range(KINDS) for _ in range(COPIES)]
        rng.shuffle(deck)
        for p in range(self.num_players):
            for _ in range(HAND):
                s.hand[p][deck.pop()] += 1
        s.pile = deck
        return s

    def _state_from_json(self, body: Mapping[str, Any], rng: Rng) -> RelayState:
        s = RelayState(self, rng)
        try:
            s.pile = [int(k) for k in body["pile"]]
            s.hand = [[int(n) for n in h] for h in body["hand"]]
            s.row = [[int(k) for k in r] for r in body["row"]]
            s.turns = [int(t) for t in body["turns"]]
            s.to_act = int(body["to_act"])
        except (KeyError, TypeError, ValueError) as exc:
            raise ScenarioError(f"relay state: {exc}") from exc
        return s


class RelayState(State):
    __slots__ = ("hand", "pile", "row", "to_act", "turns")

    def __init__(self, game: RelayGame, rng: Rng) -> None:
        super().__init__(game, rng)
        n = game.num_players
        self.pile: list[int] = []
        self.hand = [[0] * KINDS for _ in range(n)]
        self.row: list[list[int]] = [[] for _ in range(n)]
        self.turns = [0] * n
        self.to_act = 0

    @property
    def is_terminal(self) -> bool:
        return self.turns[-1] >= self.game.options.rounds  # type: ignore[attr-defined, no-any-return]

    @property
    def current_player(self) -> int:
        return TERMINAL if self.is_terminal else self.to_act

    def _legal_action_ids(self) -> list[int]:
        ids = [LAY.base + k for k, n in enumerate(self.hand[self.to_act]) if n]
        if self.pile or not ids:
            ids.insert(0, DRAW)  # drawing from an empty pile is a pass, allowed only when nothing else is
        return ids

    def _describe_action(self, action_id: int) -> Action:
        if action_id == DRAW:
            return Action(action_id, {"move": "draw"}, msg("draw"), MESSAGES)
        (kind,) = LAY.decode(action_id)
        return Action(action_id, {"move": "lay", "card": KEYS[kind], "component": KEYS[kind]},
                      msg("lay", card=NAMES[kind]), MESSAGES)

    def _apply(self, action_id: int) -> None:
        p = self.to_act
        if action_id == DRAW:
            if self.pile:
                self.hand[p][self.pile.pop()] += 1
        else:
            kind = action_id - LAY.base
            self.hand[p][kind] -= 1
            self.row[p].append(kind)
        self.turns[p] += 1
        self.to_act = (p + 1) % self.num_players

    def scores(self) -> list[float]:
        return [float(sum(k + 1 for k in r)) for r in self.row]

    def returns(self) -> list[float]:
        if not self.is_terminal:
            return [0.0] * self.num_players
        scores = self.scores()
        best = max(scores)
        return winner_returns(self.num_players, [p for p, v in enumerate(scores) if v == best])

    def _observe(self, viewer: int | None) -> dict[str, Any]:
        obs = super()._observe(viewer)
        obs["to_act"] = self.current_player
        return obs

    def _clone_body(self) -> RelayState:
        other = RelayState.__new__(RelayState)
        other.game = self.game
        other.rng = self.rng.clone()
        other.pile = self.pile[:]
        other.hand = [h[:] for h in self.hand]
        other.row = [r[:] for r in self.row]
        other.turns = self.turns[:]
        other.to_act = self.to_act
        return other

    def _to_json_body(self) -> dict[str, Any]:
        return {"pile": self.pile[:], "hand": [h[:] for h in self.hand], "row": [r[:] for r in self.row],
                "turns": self.turns[:], "to_act": self.to_act}
