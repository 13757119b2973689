"""Three-card poker with a small TextView, so the terminal front end can be tested on it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dwarfhall.core import Action, DwarfhallError, Text, TextView

from .kuhn import BET, PASS, KuhnGame

CARD_NAMES = {1: "Jack", 2: "Queen", 3: "King"}
CARD_NAMES_DE = {1: "Bube", 2: "Dame", 3: "König"}


class KuhnTextView(TextView):
    def render(self, observation: Mapping[str, Any], lang: str, color: bool) -> str:
        names = CARD_NAMES_DE if lang == "de" else CARD_NAMES
        word = "Spieler" if lang == "de" else "Player"
        lines = [f"{word} {p} card: {names[c] if c else '?'}" for p, c in enumerate(observation["cards"])]
        bets = ", ".join(("pass", "bet")[b] for b in observation["bets"]) or "-"
        lines.append(("Einsätze: " if lang == "de" else "Bets: ") + bets)
        return "\n".join(lines)

    def parse_move(self, text: str, actions: Sequence[Action], observation: Mapping[str, Any]) -> int | None:
        words = {"p": PASS, "check": PASS, "b": BET, "raise": BET}
        return words.get(text.strip().lower())

    def commands(self) -> Mapping[str, Text]:
        return {"card": {"en": "card NAME: what a card beats", "de": "card NAME: was eine Karte schlägt"}}

    def run_command(
        self, name: str, argument: str, observation: Mapping[str, Any], lang: str, color: bool
    ) -> str:
        by_name = {n.lower(): v for v, n in CARD_NAMES.items()}
        if argument.lower() not in by_name:
            raise DwarfhallError(f"name a card: {', '.join(CARD_NAMES.values())}")
        value = by_name[argument.lower()]
        beaten = [CARD_NAMES[v] for v in CARD_NAMES if v < value]
        return f"{CARD_NAMES[value]} beats {', '.join(beaten) or 'nothing'}"


class KuhnTextGame(KuhnGame):
    def text_view(self) -> TextView:
        return KuhnTextView()
