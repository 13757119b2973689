"""Find games by name, so every front end and agent works with every game.

The core never imports the games: they are handed to it. Installed games announce themselves through the
`dwarfhall.games` entry-point group (`pyproject.toml`, one line per game: name = "module:Class"), which the
default registry reads on first use; tests and embedding programs add or hand in their own games.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from importlib.metadata import entry_points
from typing import Any

from .errors import DwarfhallError, UnknownGame
from .game import Game
from .options import Options

ENTRY_POINT_GROUP = "dwarfhall.games"

Target = str | type[Game[Any]]


class Registry:
    """Game classes by name: 'module:Class' strings are imported when first used."""

    def __init__(self, games: Mapping[str, Target] | None = None) -> None:
        self._games: dict[str, Target] = dict(games or {})

    def register(self, name: str, target: Target) -> None:
        self._games[name] = target

    def unregister(self, name: str) -> None:
        self._games.pop(name, None)

    def names(self) -> list[str]:
        return sorted(self._games)

    def game_class(self, name: str) -> type[Game[Any]]:
        if name not in self._games:
            raise UnknownGame(f"unknown game {name!r}; known games: {', '.join(self.names()) or 'none'}")
        target = self._games[name]
        if isinstance(target, str):
            module_name, _, class_name = target.partition(":")
            cls: type[Game[Any]] = getattr(importlib.import_module(module_name), class_name)
            self._games[name] = cls
            return cls
        return target

    def load_game(self, name: str, options: Options | Mapping[str, Any] | None = None) -> Game[Any]:
        return self.game_class(name)(options)


def installed_games() -> dict[str, Target]:
    """The games announced by installed packages."""
    found: dict[str, Target] = {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    if not found:
        raise DwarfhallError(
            "no games are installed (the 'dwarfhall.games' entry points are missing); run scripts/setup "
            "or 'pip install -e .' in the project folder"
        )
    return found


_default: Registry | None = None


def default_registry() -> Registry:
    """The registry the drivers use: the installed games plus any registered at run time."""
    global _default
    if _default is None:
        _default = Registry(installed_games())
    return _default


def register(name: str, target: Target) -> None:
    """Adds a game to the default registry: a class, or 'module:Class' imported when first used."""
    default_registry().register(name, target)


def unregister(name: str) -> None:
    default_registry().unregister(name)


def game_names() -> list[str]:
    return default_registry().names()


def game_class(name: str) -> type[Game[Any]]:
    return default_registry().game_class(name)


def load_game(name: str, options: Options | Mapping[str, Any] | None = None) -> Game[Any]:
    """The game called `name` with the given options (a dict is validated)."""
    return default_registry().load_game(name, options)
