"""`dwarfhall serve`: the web server for playing in the browser."""

from __future__ import annotations

import argparse
import gc
import logging
import os
import socket
from pathlib import Path
from typing import Any

from dwarfhall.core.errors import DwarfhallError


def default_db() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("dwarfhall")) / "server.sqlite"


def add_commands(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        "serve", help="play in the browser: start the web server (games kept in a database)"
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--db",
        "--database-url",
        dest="db",
        default=None,
        help="SQLite file or postgresql://... URL (default: server.sqlite in the user's data directory)",
    )
    parser.add_argument("--workers", type=int, default=None, help="bot worker processes (default: one per core)")
    parser.add_argument(
        "--window-delay",
        type=float,
        default=1.0,
        help="seconds before a bot's answer in a response window, always the same (default 1.0)",
    )
    parser.add_argument("--bot-pause", type=float, default=0.4, help="seconds after each other bot move")
    add_limit_flags(parser)
    parser.set_defaults(func=run)


# flag, Limits field, type, help: what an anonymous visitor may ask of the server (docs/server.md, "Limits")
LIMIT_FLAGS: tuple[tuple[str, str, type, str], ...] = (
    ("--bot-max-time", "bot_max_time", float, "seconds per move an expert spec may ask for (time=)"),
    ("--bot-max-iters", "bot_max_iters", int, "search iterations per move an expert spec may ask for (iters=)"),
    ("--bot-max-samples", "bot_max_samples", int, "sampled deals per move an expert spec may ask for (samples=)"),
    ("--games-per-client", "games_per_client", int, "new games one client may create per --games-window"),
    ("--games-window", "games_window", float, "seconds over which --games-per-client counts"),
    ("--connections-per-client", "connections_per_client", int, "WebSocket connections one client may hold"),
    ("--messages-per-second", "messages_per_second", float, "WebSocket messages per connection, on average"),
    ("--message-burst", "message_burst", int, "WebSocket messages a connection may send at once"),
    ("--spectators-per-game", "spectators_per_game", int, "spectators one game may have"),
    ("--idle-seconds", "idle_seconds", float, "a game nobody touched for this long leaves memory"),
    ("--max-message", "max_frame", int, "bytes in one WebSocket message"),
    ("--send-queue", "send_queue", int, "messages waiting for one connection before it is dropped"),
    ("--send-timeout", "send_timeout", float, "seconds one message may take before its connection is dropped"),
    ("--presence-delay", "presence_delay", float, "seconds within which changes of who is online go out as one"),
    ("--review-iters", "review_iters", int, "search iterations per decision of a game's review"),
    ("--hint-iters", "hint_iters", int, "search iterations for one hint"),
    ("--reviews-at-once", "reviews_at_once", int, "reviews the server runs at once (one per client)"),
    ("--hand-over-after", "hand_over_after", float, "seconds a player is away before the host may hand the seat"),
)


def add_limit_flags(parser: argparse.ArgumentParser) -> None:
    from .limits import Limits

    defaults = Limits()
    group = parser.add_argument_group("limits for visitors")
    for flag, name, kind, text in LIMIT_FLAGS:
        default = getattr(defaults, name)
        group.add_argument(flag, dest=name, type=kind, default=default, help=f"{text} (default {default:g})")


def limits_from(args: argparse.Namespace) -> Any:
    from .limits import Limits

    values = {name: getattr(args, name) for _flag, name, _kind, _text in LIMIT_FLAGS}
    for flag, name, _kind, _text in LIMIT_FLAGS:
        if values[name] <= 0:
            raise DwarfhallError(f"{flag}: must be above 0, got {values[name]}")
    return Limits(**values)


GC_YOUNG_THRESHOLD = 50_000  # allocations between young-generation passes (the default is 700)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from dwarfhall.storage import open_database

    from .app import create_app
    from .bots import BotPool
    from .service import GameService
    from .store import SqlStore

    if not 0 < args.port < 65536:
        raise DwarfhallError(f"--port: must be in 1..65535, got {args.port}")
    _check_port(args.host, args.port)
    limits = limits_from(args)
    db = args.db or os.environ.get("DWARFHALL_DB") or default_db()
    store = SqlStore(open_database(db))  # migrated to the newest schema; failures name the database
    service = GameService(
        store, BotPool(args.workers), window_delay=args.window_delay, bot_pause=args.bot_pause, limits=limits
    )
    app = create_app(service)
    for line in startup_lines(args.host, args.port, db, given=bool(args.db or os.environ.get("DWARFHALL_DB"))):
        print(f"dwarfhall: {line}", flush=True)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    # the loaded games and data stay for the server's life: keep them out of the collector's full passes, and
    # collect the young generation less often, since a full pass over hundreds of live games stalls every move
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG_THRESHOLD, 50, 1000)
    # no per-message compression: a board message is a few kilobytes, and deflating each costs more than it saves
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        ws="websockets-sansio",
        ws_per_message_deflate=False,
        ws_max_size=limits.max_frame,  # a bigger message closes its connection (1009) before it is read
    )
    return 0


def startup_lines(host: str, port: int, db: str | Path, given: bool) -> list[str]:
    """The server's first lines: where it really listens, what to open, and where the games are kept."""
    everywhere = host in ("0.0.0.0", "::", "")
    local = "127.0.0.1" if host in ("0.0.0.0", "") else "[::1]" if host == "::" else host
    shown = f"[{local}]" if ":" in local and not local.startswith("[") else local
    where = f"every address of this machine ({host or '0.0.0.0'})" if everywhere else shown
    lines = [f"listening on {where}, port {port}: open http://{shown}:{port}/ in your browser"]
    if host in ("127.0.0.1", "::1", "localhost"):
        lines[0] += " (only this machine can reach it; --host 0.0.0.0 lets others in)"
    kept = _shown_db(db)
    if given:
        lines.append(f"games kept in {kept}")
    else:
        lines.append(f"games kept in {kept}, shared by every clone on this machine unless --db is given")
    return lines


def _shown_db(db: str | Path) -> str:
    """A database URL without its password."""
    text = str(db)
    if "://" not in text:
        return text
    from sqlalchemy.engine import make_url

    try:
        return make_url(text).render_as_string(hide_password=True)
    except Exception:  # not a URL after all: the scheme part alone
        return text.split("://", 1)[0] + "://…"


def _check_port(host: str, port: int) -> None:
    """A clear message instead of a server that starts and stops when the port is taken."""
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as exc:
        raise DwarfhallError(
            f"--host {host} --port {port}: cannot listen there ({exc.strerror}); "
            "another server may be running, or choose another --port"
        ) from None
