"""`dwarfhall games`: list the games and their options, each with what it does."""

from __future__ import annotations

import argparse
import shutil
import sys
import textwrap
from pathlib import Path
from typing import Any

from dwarfhall.core.i18n import languages, pick
from dwarfhall.core.messages import Catalog
from dwarfhall.core.registry import game_class, game_names
from dwarfhall.core.texts import say

OPTION_KEY = "option_{name}"  # the message key of an option's sentence in its game's messages.toml
MAX_WIDTH = 100


def add_commands(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser("games", help="list the games and their options")
    parser.add_argument("--lang", default="en", choices=languages())
    parser.set_defaults(func=run)


def option_text(cls: type[Any], name: str, lang: str) -> str | None:
    """What option `name` of the game `cls` does, from the messages.toml beside the game's module."""
    module = sys.modules.get(cls.__module__)
    path = Path(module.__file__).with_name("messages.toml") if module and module.__file__ else None
    if path is None or not path.is_file():
        return None
    catalog = Catalog.load(path)
    key = OPTION_KEY.format(name=name)
    return catalog.t(key, lang) if key in catalog else None


def run(args: argparse.Namespace) -> int:
    width = min(MAX_WIDTH, shutil.get_terminal_size((80, 24)).columns)
    for name in game_names():
        try:
            cls = game_class(name)
        except ImportError:
            continue
        players = f"{cls.min_players}" if cls.min_players == cls.max_players else f"{cls.min_players}-{cls.max_players}"
        print(f"{name:10} {pick(cls.title, args.lang)} ({say('player_count', args.lang, players=players)})")
        for opt, kind, default in cls.options_type.describe():
            print(f"{'':12}{opt}: {kind} = {default!r}")
            text = option_text(cls, opt, args.lang)
            if text:
                print(textwrap.fill(text, width, initial_indent=" " * 16, subsequent_indent=" " * 16))
    return 0
