"""`dwarfhall arena`, `dwarfhall simulate` and `dwarfhall report`."""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from dwarfhall.core.seeds import SEED_MAX
from dwarfhall.storage import MissingDatabase
from dwarfhall.storage.errors import StorageError

from .errors import ArenaError, StoreError
from .plan import MAX_GAMES, Kind
from .workers import MAX_RAY_WORKERS, WORKERS_PER_CORE, check_workers

DEFAULT_DB = "runs/arena.sqlite"
DB_HELP = f"results database: a SQLite file or a postgresql://USER:PASSWORD@HOST/DATABASE URL (default {DEFAULT_DB})"


def add_commands(sub: Any) -> None:
    arena = sub.add_parser(
        "arena",
        help="round-robin tournament between agents, stored and resumable",
        description="Every pair of agents plays --games games (counted per pairing) with seats swapped; "
        "re-running resumes.",
    )
    _add_run_arguments(arena, games=100, games_help="games per pairing (seats alternate)")
    arena.set_defaults(func=lambda args: run_command(args, "arena"))

    simulate = sub.add_parser(
        "simulate",
        help="mass self-play for balance statistics, stored and resumable",
        description="Plays --games games with one agent spec per seat (or one spec for every seat).",
    )
    _add_run_arguments(simulate, games=1000, games_help="games in total (seats fixed)")
    simulate.set_defaults(func=lambda args: run_command(args, "simulate"))

    report = sub.add_parser("report", help="HTML and PNG balance report of a stored run")
    report.add_argument("--db", default=DEFAULT_DB, help=DB_HELP)
    report.add_argument("--run", type=int, help="run id (default: the latest run); see --list")
    report.add_argument(
        "--out", help="output directory (default reports/run-ID); a report not in English has its files marked -LANG"
    )
    report.add_argument("--list", action="store_true", help="list the stored runs and stop")
    report.add_argument(
        "--lang",
        choices=["en", "de"],
        default="en",
        help="language of the whole report: headings, notes, tables, plots, names (default en)",
    )
    report.add_argument("--quiet", action="store_true", help="no progress bar while games are replayed")
    report.set_defaults(func=report_command)


def _add_run_arguments(parser: argparse.ArgumentParser, games: int, games_help: str) -> None:
    parser.add_argument("game", metavar="GAME", help="game name (see `dwarfhall games`)")
    parser.add_argument(
        "--agents", nargs="+", required=True, metavar="SPEC", help="agent specs, e.g. random heuristic ismcts:iters=500"
    )
    parser.add_argument(
        "--games", type=int, default=games, help=f"{games_help} (default {games}; at most {MAX_GAMES:,})"
    )
    parser.add_argument(
        "--seed", type=int, default=0, help=f"run seed, 0..{SEED_MAX}; every game's seed derives from it (default 0)"
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help=f"parallel workers (default: number of cores; at most {WORKERS_PER_CORE} per core, "
        f"or {MAX_RAY_WORKERS} with Ray)",
    )
    parser.add_argument("--backend", choices=["local", "ray"], default="local", help="local processes or Ray")
    parser.add_argument("--address", help="Ray cluster address (with --backend ray), e.g. ray://head:10001 or auto")
    parser.add_argument("--db", default=DEFAULT_DB, help=DB_HELP)
    parser.add_argument(
        "--options", nargs="*", default=[], metavar="K=V", help="game options; `dwarfhall games` lists each game's"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


@contextmanager
def _sigterm_as_interrupt() -> Iterator[None]:
    """`kill` stops a run as Ctrl-C does: finished games are saved first."""

    def handler(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def run_command(args: argparse.Namespace, kind: Kind) -> int:
    from .backends import make_backend
    from .runner import prepare, run
    from .store import open_store
    from .tables import format_summary

    check_workers(args.backend, args.workers)  # counts first: nothing is planned or allocated for a typo
    game, spec = prepare(kind, args.game, args.options, args.agents, args.seed, args.games)
    backend = make_backend(args.backend, args.workers, args.address)
    backend.check()
    with open_store(args.db) as store:
        try:
            with _sigterm_as_interrupt():
                outcome = run(store, game, spec, backend, progress=not args.quiet)
        except KeyboardInterrupt:
            try:
                info = store.open_run(spec, 0, game.num_players)
                stored = f"{store.count(info.id)} of {info.planned} games of run {info.id} are stored"
            except (StorageError, StoreError):  # the interrupt cut a database call short
                stored = "the finished games are stored"
            print(f"\ninterrupted: {stored} in {args.db}; run the same command again to resume", file=sys.stderr)
            return 130
        except ArenaError as exc:
            info = store.open_run(spec, 0, game.num_players)
            print(
                f"dwarfhall: {exc}\n{store.count(info.id)} finished games of run {info.id} are kept in {args.db}",
                file=sys.stderr,
            )
            return 1
        print(format_summary(outcome.run, outcome.summary))
        if outcome.skipped:
            print(f"({outcome.skipped} games were already stored and not played again)")
        if outcome.elsewhere:
            print(f"({outcome.played} games played here, {outcome.elsewhere} by other processes sharing the run)")
    return 0


def report_command(args: argparse.Namespace) -> int:
    from .names import Names, game_for_report
    from .report import write_report
    from .store import open_store
    from .tables import format_runs

    try:
        store = open_store(args.db, create=False)
    except MissingDatabase:
        message = f"no results database at {args.db}; run `dwarfhall arena` or `dwarfhall simulate` first"
        raise StoreError(message) from None
    with store:
        runs = store.runs()
        if args.list:
            print(format_runs(runs, [store.count(r.id) for r in runs]))
            return 0
        if args.run is None:
            if not runs:
                raise StoreError(f"{args.db} holds no runs yet")
            info = runs[-1]
        else:
            info = store.run(args.run)
        out = Path(args.out) if args.out else Path("reports") / f"run-{info.id}"
        print(f"report of run {info.id} ({store.count(info.id)} games) ...", file=sys.stderr)
        names = Names(game_for_report(info.spec.game, dict(info.spec.options)), args.lang)
        written = write_report(info, store.results(info.id), out, names, show_progress=not args.quiet)
    for path in written:
        print(path)
    return 0
