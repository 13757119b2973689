"""`dwarfhall`: one command with sub-commands; each front end adds its own."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence

from dwarfhall import __version__
from dwarfhall.core.errors import DwarfhallError

# modules that define `add_commands(subparsers)`; each sets `func` on its parsers
COMMAND_MODULES = (
    "dwarfhall.commands_games",
    "dwarfhall.play.commands",
    "dwarfhall.arena.commands",
    "dwarfhall.server.commands",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dwarfhall", description="Dwarf-themed tabletop games: play, study, simulate."
    )
    parser.add_argument("--version", action="version", version=f"dwarfhall {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
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
