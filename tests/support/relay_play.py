"""Relay with what the drivers need beyond the rules: a small heuristic and a text view for the terminal.

The rules stay in relay.py; this subclass is what tests register as 'relay' for agents, arena, report and
the terminal front end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dwarfhall.core import Action, Rng, State, TextView
from dwarfhall.core.heuristic import Heuristic

from .relay import DRAW, KEYS, LAY, RelayGame

WORDS = {key: kind for kind, key in enumerate(KEYS)} | {str(kind + 1): kind for kind in range(len(KEYS))}
NAMES = {"en": ("One", "Two", "Three", "Four", "Five"), "de": ("Einser", "Zweier", "Dreier", "Vierer", "Fünfer")}


class RelayHeuristic(Heuristic):
    """Rules of thumb: every turn lays one card or draws one, so draw while there are more turns left than cards
    in hand (to lay the best of more cards later), otherwise lay the best card."""

    def evaluate(self, state: State, player: int) -> float:
        """The lead of the player's expected final row (the row plus the best cards the turns left can lay)
        over the best other one, scaled by the most a game can score."""
        rounds: int = state.game.options.rounds  # type: ignore[attr-defined]
        expected = []
        for p, row in enumerate(state.row):  # type: ignore[attr-defined]
            cards = sorted((k for k, n in enumerate(state.hand[p]) for _ in range(n)), reverse=True)  # type: ignore[attr-defined]
            left = rounds - state.turns[p]  # type: ignore[attr-defined]
            expected.append(sum(k + 1 for k in row) + sum(k + 1 for k in cards[:left]))
        best_other = max(v for p, v in enumerate(expected) if p != player)
        return max(-1.0, min(1.0, (expected[player] - best_other) / (5.0 * rounds)))

    def choose(self, state: State, player: int, rng: Rng) -> int | None:
        hand = state.hand[player]  # type: ignore[attr-defined]
        left = state.game.options.rounds - state.turns[player]  # type: ignore[attr-defined]
        if state.pile and sum(hand) < left:  # type: ignore[attr-defined]
            return DRAW
        kinds = [k for k, n in enumerate(hand) if n]
        return LAY.encode(max(kinds)) if kinds else None


class RelayTextView(TextView):
    """Every row face up, the viewer's own hand, the others' hand sizes; `lay five`, `5` or `draw` as moves."""

    def render(self, observation: Mapping[str, Any], lang: str, color: bool) -> str:
        names = NAMES["de" if lang == "de" else "en"]
        word, hand_word, row_word = ("Spieler", "Hand", "Reihe") if lang == "de" else ("Player", "hand", "row")
        viewer = observation["viewer"]
        lines = [("Stapel: " if lang == "de" else "Pile: ") + str(observation["pile"]["size"])]
        for p, (hand, row) in enumerate(zip(observation["hand"], observation["row"], strict=True)):
            cards = hand["cards"]
            shown = ", ".join(names[KEYS.index(c)] for c in cards) if cards is not None else f"{hand['size']} ?"
            laid = ", ".join(names[KEYS.index(c)] for c in row["cards"]) or "-"
            points = sum(KEYS.index(c) + 1 for c in row["cards"])
            marker = " *" if p == viewer else ""
            lines.append(f"{word} {p}{marker}: {hand_word} [{shown}]  {row_word} [{laid}] = {points}")
        return "\n".join(lines)

    def parse_move(self, text: str, actions: Sequence[Action], observation: Mapping[str, Any]) -> int | None:
        words = text.strip().lower().split()
        if words in (["draw"], ["d"], ["ziehen"]):
            return DRAW
        if len(words) == 2 and words[0] in ("lay", "lege") and words[1] in WORDS:
            return LAY.encode(WORDS[words[1]])
        return None


class RelayPlayGame(RelayGame):
    def heuristic(self) -> Heuristic:
        return RelayHeuristic()

    def text_view(self) -> TextView:
        return RelayTextView()
