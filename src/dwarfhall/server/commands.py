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
    parser.set_defaults(func=run)


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
    db = args.db or os.environ.get("DWARFHALL_DB") or default_db()
    store = SqlStore(open_database(db))  # migrated to the newest schema; failures name the database
    service = GameService(store, BotPool(args.workers), window_delay=args.window_delay, bot_pause=args.bot_pause)
    app = create_app(service)
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0") else args.host
    print(f"dwarfhall: open http://{shown}:{args.port}/ in your browser (games kept in {db})", flush=True)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    # the loaded games and data stay for the server's life: keep them out of the collector's full passes, and
    # collect the young generation less often, since a full pass over hundreds of live games stalls every move
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG_THRESHOLD, 50, 1000)
    # no per-message compression: a board message is a few kilobytes, and deflating each costs more than it saves
    uvicorn.run(
        app, host=args.host, port=args.port, log_level="warning", ws="websockets-sansio", ws_per_message_deflate=False
    )
    return 0


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
