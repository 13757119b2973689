"""Fetching a game's heuristic for agents, with one clear notice when a game has none."""

from __future__ import annotations

import sys
from typing import Any

from dwarfhall.core.game import Game

from .base import AgentSpecError

_warned: set[str] = set()
_quiet = False


def quiet_notices() -> None:
    """Worker processes call this: the driver has already told the user once."""
    global _quiet
    _quiet = True


def game_heuristic(game: Game[Any], agent: str, fallback: str) -> Any | None:
    """The game's advice object (see dwarfhall.core.heuristic), or None after telling the user once."""
    advice = game.heuristic()
    if advice is not None and callable(getattr(advice, "evaluate", None)):
        return advice
    if advice is not None:
        raise TypeError(f"{game.name}: heuristic() returned {type(advice).__name__}, which has no evaluate()")
    key = f"{agent}:{game.name}"
    if key not in _warned and not _quiet:  # once per process and game: arenas build many agents
        _warned.add(key)
        message = f"dwarfhall: {game.name} has no heuristic (Game.heuristic() is None); {agent} {fallback}"
        print(message, file=sys.stderr)
    return None


class AdviceCache:
    """The heuristic of the last game seen, so an agent asks the game once, not every move."""

    __slots__ = ("_advice", "_game", "agent", "fallback", "style")

    def __init__(self, agent: str, fallback: str, style: str = "") -> None:
        self.agent = agent
        self.fallback = fallback
        self.style = style
        self._game: Game[Any] | None = None
        self._advice: Any | None = None

    def get(self, game: Game[Any]) -> Any | None:
        if game is not self._game:
            if self.style:
                self._advice = styled_heuristic(game, self.agent, self.style)
            else:
                self._advice = game_heuristic(game, self.agent, self.fallback)
            self._game = game
        return self._advice


def styled_heuristic(game: Game[Any], agent: str, style: str) -> Any:
    """The game's advice leaning toward `style`; an unknown style is an error naming the game's styles."""
    styles = game.heuristic_styles()
    if style not in styles:
        known = ", ".join(sorted(styles)) or "none"
        raise AgentSpecError(f"{agent}: {game.name} has no heuristic style {style!r}; its styles: {known}")
    return game.styled_heuristic(style)
