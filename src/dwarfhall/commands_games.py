"""`dwarfhall games`: list the games and their options, each with what it does."""

from __future__ import annotations

import argparse
import shutil
import textwrap
from typing import Any

from dwarfhall.core.i18n import languages, pick
from dwarfhall.core.optionforms import option_text
from dwarfhall.core.registry import game_class, game_names
from dwarfhall.core.texts import say

MAX_WIDTH = 100


def add_commands(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser("games", help="list the games and their options")
    parser.add_argument("--lang", default="en", choices=languages())
    parser.set_defaults(func=run)


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
