"""What a report calls components, sides and seats: the game's own names, in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from dwarfhall.core.errors import DwarfhallError
from dwarfhall.core.game import Game
from dwarfhall.core.messages import Catalog
from dwarfhall.core.registry import load_game

from .results import GameResult
from .stats import seat_side

LANGUAGES = ("en", "de")
TEXTS = Catalog.load(Path(__file__).with_name("report.toml"))
"""Every word of the report in English and German, in one place."""


def game_for_report(name: str, options: dict[str, Any]) -> Game[Any] | None:
    """The run's game with its options, for names; None when it cannot be loaded here (then keys are shown)."""
    try:
        return load_game(name, options)
    except (KeyError, DwarfhallError, OSError):
        return None


@dataclass(frozen=True)
class Names:
    """Names through the game's hooks (`component_name`, `group_name`, `seat_group`), with plain fallbacks."""

    game: Game[Any] | None
    lang: str = "en"

    def t(self, key: str, **fields: Any) -> str:
        """The report's text `key` in the reader's language."""
        return TEXTS.render(key, self.lang, **fields)

    def side(self, group: str) -> str:
        return self.game.group_name(group, self.lang) if self.game is not None else group

    def component(self, key: str, group: str | None) -> str:
        """A component's name, and its side in brackets when it has one: "Bavragor (Forces of Good)"."""
        name = self.game.component_name(key, self.lang, group) if self.game is not None else key
        return f"{name} ({self.side(group)})" if group is not None else name

    def seat_group(self, result: GameResult, seat: int) -> str | None:
        """The side a seat played: as stored with the game, else as the game's options say."""
        stored = seat_side(result, seat)
        if stored is not None or self.game is None:
            return stored
        return self.game.seat_group(seat, None)

    def seat(self, result: GameResult, seat: int) -> str:
        """A seat of one game by its side ("Dwarves"), else "Seat N"."""
        group = self.seat_group(result, seat)
        if group is not None:
            return self.side(group)
        return self.t("seat", n=seat)

    def with_sides(self, results: Sequence[GameResult]) -> list[GameResult]:
        """The results with every seat's side filled in where the options tell it (rows stored without)."""
        if self.game is None:
            return list(results)
        out = []
        for r in results:
            if not r.sides:
                sides = [self.seat_group(r, seat) for seat in range(len(r.returns))]
                r = replace(r, sides=sides) if any(s is not None for s in sides) else r
            out.append(r)
        return out


def agents_title(specs: Sequence[str], games: int, lang: str = "en") -> str:
    """ "random vs heuristic, 200 games": who played and how much, for every plot's title."""
    who = TEXTS.render("vs", lang).join(specs) if len(specs) > 1 else TEXTS.render("self_play", lang, spec=specs[0])
    return TEXTS.render("agents_title", lang, who=who, n=games)
