"""The registry is handed to the core: installed games come through entry points, not an import of games."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import dwarfhall.core
from dwarfhall.core import Registry, UnknownGame
from dwarfhall.core.registry import installed_games
from tests.support.kuhn import KuhnGame


def test_installed_games_announce_themselves() -> None:
    assert {"duel", "alewar"} <= set(installed_games())


def test_a_registry_of_its_own_holds_only_what_it_was_handed() -> None:
    reg = Registry({"kuhn": KuhnGame})
    assert reg.names() == ["kuhn"]
    assert reg.load_game("kuhn").name == "kuhn"
    with pytest.raises(UnknownGame, match="known games: kuhn"):
        reg.load_game("duel")


def test_the_core_never_imports_the_games_package() -> None:
    core = Path(dwarfhall.core.__file__).parent
    for path in core.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("dwarfhall.games"), path.name
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("dwarfhall.games") for a in node.names), path.name
