"""Find games by name, so every front end and agent works with every game."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from .errors import UnknownGame
from .game import Game
from .options import Options

_extra: dict[str, str | type[Game[Any]]] = {}


def _table() -> dict[str, str | type[Game[Any]]]:
    from dwarfhall.games import GAMES

    return {**GAMES, **_extra}


def register(name: str, target: str | type[Game[Any]]) -> None:
    """Adds a game: a class, or 'module:Class' imported when first used."""
    _extra[name] = target


def unregister(name: str) -> None:
    _extra.pop(name, None)


def game_names() -> list[str]:
    return sorted(_table())


def game_class(name: str) -> type[Game[Any]]:
    table = _table()
    if name not in table:
        raise UnknownGame(f"unknown game {name!r}; known games: {', '.join(sorted(table))}")
    target = table[name]
    if isinstance(target, str):
        module_name, _, class_name = target.partition(":")
        cls: type[Game[Any]] = getattr(importlib.import_module(module_name), class_name)
        return cls
    return target


def load_game(name: str, options: Options | Mapping[str, Any] | None = None) -> Game[Any]:
    """The game called `name` with the given options (a dict is validated)."""
    return game_class(name)(options)
