"""Figures a game computes from one finished game for balance reports (`Game.statistics`).

The game declares each figure once (`Statistic`: its key, its label in every language, whether it is a share,
the range its design aims at); `Game.game_statistics` gives the values of one game. The arena's report averages
them over a run and says whether each aim is met; nothing here knows any particular game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .i18n import Text, pick
from .texts import say


@dataclass(frozen=True)
class Statistic:
    """One figure per finished game.

    `share`: the value is a share in 0..1 (shown as a percentage with a Wilson interval), of the game itself
    (1 or 0: "ended early") or, with `per_player`, of its players (the share of players who did something).
    Otherwise it is a number averaged over games (shown with a normal 95 % interval).
    `aim`: the inclusive range the design aims at (either end may be open), or None.
    `chart`: statistics with the same chart title are drawn together as one bar chart.
    """

    key: str
    label: Text
    share: bool = False
    per_player: bool = False
    aim: tuple[float | None, float | None] | None = None
    chart: Text | None = None

    def label_in(self, lang: str) -> str:
        return pick(self.label, lang)

    def chart_in(self, lang: str) -> str | None:
        return pick(self.chart, lang) if self.chart else None

    def meets(self, value: float) -> bool | None:
        """Whether `value` lies in the aim; None without an aim."""
        if self.aim is None:
            return None
        low, high = self.aim
        return (low is None or value >= low) and (high is None or value <= high)

    def aim_text(self, lang: str = "en") -> str:
        """The aim as a reader sees it: "10-40 %", "at least 20 %", "6-8"."""
        if self.aim is None:
            return ""
        low, high = self.aim
        shown = [None if v is None else f"{100 * v:g}" if self.share else f"{v:g}" for v in (low, high)]
        percent = " %" if self.share else ""
        if shown[0] is not None and shown[1] is not None:
            return f"{shown[0]}-{shown[1]}{percent}"
        if shown[0] is not None:
            return say("aim_at_least", lang, value=f"{shown[0]}{percent}")
        return say("aim_at_most", lang, value=f"{shown[1]}{percent}")


def check_values(statistics: tuple[Statistic, ...], values: Mapping[str, float]) -> None:
    """Every declared statistic has a value and nothing else does (a game's own consistency check)."""
    declared = {s.key for s in statistics}
    if set(values) != declared:
        missing, extra = sorted(declared - set(values)), sorted(set(values) - declared)
        raise ValueError(f"game statistics do not match their declaration: missing {missing}, undeclared {extra}")
