"""`dwarfhall`: one command with sub-commands; each front end adds its own."""

from __future__ import annotations

import argparse
import difflib
import importlib
import re
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from dwarfhall import MODE, __version__
from dwarfhall.core.errors import DwarfhallError

# modules that define `add_commands(subparsers)`; each sets `func` on its parsers
COMMAND_MODULES = (
    "dwarfhall.commands_games",
    "dwarfhall.play.commands",
    "dwarfhall.play.review_commands",
    "dwarfhall.agents.train_commands",
    "dwarfhall.arena.commands",
    "dwarfhall.server.commands",
)


# which build runs (dwarfhall._compiled): the same rules either way, the compiled one faster
_MODE_NAMES = {"compiled": "compiled", "pure": "pure Python"}


class _Parser(argparse.ArgumentParser):
    """argparse with a "did you mean" for a mistyped sub-command or choice."""

    def error(self, message: str) -> NoReturn:
        wrong = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if wrong:
            choices = re.findall(r"'([^']*)'", wrong.group(2))
            close = difflib.get_close_matches(wrong.group(1), choices, n=1)
            if close:
                message += f"; did you mean {close[0]!r}?"
        super().error(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="dwarfhall", description="Dwarf-themed tabletop games: play, study, simulate.")
    parser.add_argument("--version", action="version", version=f"dwarfhall {__version__} ({_MODE_NAMES[MODE]})")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:  # a front end not built yet
                continue
            raise
        module.add_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func: Callable[[argparse.Namespace], int] | None = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    try:
        return func(args)
    except DwarfhallError as exc:
        print(f"dwarfhall: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader went away (e.g. `| head`): nothing more to say, and nothing to say it to
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
