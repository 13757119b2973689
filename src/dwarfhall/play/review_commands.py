"""`dwarfhall review RECORD_OR_SAVE [--as SEAT]`: a review of one seat's decisions in a played game."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from rich.console import Console as RichConsole
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from dwarfhall.agents.review import DEFAULT_ITERS, MAX_ITERS, review_positions, reviewed_positions
from dwarfhall.core.errors import DwarfhallError
from dwarfhall.core.i18n import LANGUAGES, pick
from dwarfhall.core.record import GameRecord
from dwarfhall.core.registry import load_game
from dwarfhall.core.seeds import check_seed

from .coach_texts import CoachTexts
from .console import TerminalConsole, paint, wants_color
from .hints import hint_users
from .review_view import review_lines
from .savefile import HUMAN, load_record

REVIEW_EPILOG = """\
Every estimate uses only what the reviewed seat could see at that moment (sampled deals of its
information set), never the other players' hidden cards or the dice to come. See docs/coach.md.
"""


def add_commands(sub: Any) -> None:
    rev: argparse.ArgumentParser = sub.add_parser(
        "review",
        help="review one player's decisions in a played game: win chances, better moves, mistakes",
        epilog=REVIEW_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    rev.add_argument("file", type=Path, help="a replay file or a save file written by `dwarfhall play`")
    rev.add_argument(
        "--as",
        dest="as_player",
        type=int,
        metavar="SEAT",
        help="whose decisions to review, from 0 (default: the one person of a game against the computer)",
    )
    rev.add_argument(
        "--iters",
        type=int,
        default=DEFAULT_ITERS,
        metavar="N",
        help=f"search iterations per decision (default {DEFAULT_ITERS}); more is surer and slower",
    )
    rev.add_argument("--seed", type=int, default=0, metavar="N", help="seed of the review's own sampling (default 0)")
    rev.add_argument("--lang", choices=LANGUAGES, default="en")
    rev.add_argument("--no-color", action="store_true")
    rev.add_argument("--quiet", action="store_true", help="no progress bar")
    rev.set_defaults(func=run_review)


def reviewed_seat(record: GameRecord, asked: int | None, path: Path, texts: CoachTexts) -> int:
    """The seat asked for, or the only person's seat in a game against the computer."""
    n = load_game(record.game, record.options).num_players
    if asked is not None:
        if not 0 <= asked < n:
            raise DwarfhallError(texts("review_bad_seat", seat=asked, game=record.game, first=0, last=n - 1))
        return asked
    people = [i for i, who in enumerate(record.players) if who == HUMAN]
    if len(people) == 1:
        return people[0]
    raise DwarfhallError(texts("review_which_seat", path=str(path), first=0, last=n - 1))


def run_review(args: argparse.Namespace) -> int:
    if not 1 <= args.iters <= MAX_ITERS:
        raise DwarfhallError(f"--iters must be from 1 to {MAX_ITERS}, got {args.iters}")
    check_seed(args.seed, "--seed")
    texts = CoachTexts(args.lang)
    record = load_record(args.file)
    seat = reviewed_seat(record, args.as_player, args.file, texts)
    positions = list(reviewed_positions(record, seat))
    final = record.final_state()
    columns = (
        TextColumn(texts("review_progress", player=texts.player(seat))),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=RichConsole(stderr=True), disable=args.quiet, transient=True) as bar:
        task = bar.add_task("review", total=len(positions))
        review = review_positions(
            positions, seat, args.iters, args.seed, lambda done, total: bar.update(task, completed=done), final
        )
    states = {len(state.history): state for state, _ in positions}

    def label(move: int, action: int) -> str:
        return states[move].describe_action(action).label(args.lang)

    title = pick(final.game.title, args.lang)
    color = wants_color(sys.stdout, args.no_color)
    console = TerminalConsole(color)
    for line, style in review_lines(review, title, label, texts, hint_users(record.meta)):
        console.write(paint(line, style, color) if style else line)
    return 0
