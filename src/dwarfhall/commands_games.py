"""`dwarfhall games`: list the games and their options."""

from __future__ import annotations

import argparse
from typing import Any

from dwarfhall.core.i18n import languages, pick
from dwarfhall.core.registry import game_class, game_names
from dwarfhall.core.texts import say


def add_commands(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser("games", help="list the games and their options")
    parser.add_argument("--lang", default="en", choices=languages())
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    for name in game_names():
        try:
            cls = game_class(name)
        except ImportError:
            continue
        players = f"{cls.min_players}" if cls.min_players == cls.max_players else f"{cls.min_players}-{cls.max_players}"
        print(f"{name:10} {pick(cls.title, args.lang)} ({say('player_count', args.lang, players=players)})")
        for opt, kind, default in cls.options_type.describe():
            print(f"{'':12}{opt}: {kind} = {default!r}")
    return 0
