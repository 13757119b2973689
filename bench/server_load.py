"""Load on `dwarfhall serve`: N concurrent games played over WebSockets by clients sending random legal moves.

Everything runs on loopback on this machine: the server in a child process (its own SQLite file, or a
PostgreSQL database by URL), the clients in this process. Each configuration runs for a bounded time and
stops by itself; games that end are replaced by new ones. Reports moves per second and the latency from
sending a move to receiving its acknowledgement (the move is committed to the database before the ack).

    .venv/bin/python bench/server_load.py                       # 50, 200, 500 games; human pace and saturated; SQLite
    .venv/bin/python bench/server_load.py --db postgresql://... --games 50 200 --seconds 15
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import websockets

MAX_GAMES = 1000
MAX_SECONDS = 120


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)  # sent -> acknowledged (committed)
    seen: list[float] = field(default_factory=list)  # sent -> the mover's new board received
    errors: int = 0
    games_started: int = 0
    games_finished: int = 0
    server_cpu: float = 0.0  # CPU seconds the server used in the measured window
    load: float = 0.0  # the machine's load average at the end of the window


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(ordered: list[float], q: float) -> float:
    """The q-quantile of sorted seconds, in milliseconds (nan when empty)."""
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000


def load_average() -> float:
    return os.getloadavg()[0]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def raise_file_limit() -> None:
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def start_server(db: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "dwarfhall", "serve", "--port", str(port), "--db", db, "--workers", "1"]
    # every game is played by this one client on loopback: the limits for visitors are lifted
    cmd += ["--games-per-client", "1000000", "--connections-per-client", "1000000"]
    cmd += ["--messages-per-second", "1000000", "--message-burst", "1000000"]
    with log.open("ab") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                                preexec_fn=raise_file_limit)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/catalog", timeout=1).read()
            return proc
        except OSError:
            if proc.poll() is not None:
                raise SystemExit(f"server_load: the server stopped; see {log}") from None
            time.sleep(0.2)
    raise SystemExit("server_load: the server did not start within 60 s")


def create_game(port: int, game: str) -> dict:
    body = json.dumps({"game": game, "seats": [{"kind": "person"}, {"kind": "person"}], "public": False}).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}/api/games", data=body,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as res:
        return dict(json.load(res))


async def play_seat(port: int, game_id: str, token: str, pace: float | None, until: float, measure_from: float,
                    stats: Stats, rng: random.Random) -> bool:
    """One seat's client: answers every decision with a random legal move; True when its game ended."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/games/{game_id}", max_size=2**22) as ws:
        await ws.send(json.dumps({"token": token}))
        sent_at: float | None = None
        waiting_board: float | None = None  # when the move whose new board has not arrived yet was sent
        latest: dict | None = None
        acted = -1
        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.01, until - time.monotonic()))
            except TimeoutError:
                return False
            msg = json.loads(raw)
            now = time.monotonic()
            if msg["type"] == "ack" and sent_at is not None:
                if sent_at >= measure_from:
                    stats.latencies.append(now - sent_at)
                sent_at = None
            elif msg["type"] == "error":
                stats.errors += 1
                sent_at = None
            elif msg["type"] == "state":
                if waiting_board is not None and msg["version"] > acted:
                    if waiting_board >= measure_from:
                        stats.seen.append(now - waiting_board)
                    waiting_board = None
                if msg["to_act"] is None:
                    return True
                latest = msg
            # the ack (the move is committed) comes before the new board: the next move waits for both
            idle = sent_at is None and waiting_board is None
            if idle and latest is not None and latest["moves"] and latest["version"] != acted:
                if pace:
                    await asyncio.sleep(rng.expovariate(1 / pace))
                if time.monotonic() >= until:
                    return False
                acted = latest["version"]
                sent_at = waiting_board = time.monotonic()
                move = rng.choice(latest["moves"])["id"]
                await ws.send(json.dumps({"type": "move", "action": move, "version": latest["version"]}))
            if time.monotonic() >= until:
                return False


async def one_table(port: int, game: str, first: dict, pace: float | None, start: asyncio.Event, until: float,
                    stats: Stats, seed: int) -> None:
    """Plays `first` and, when it ends, new games at this table until the time is up."""
    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    created: dict | None = first
    await start.wait()
    while time.monotonic() < until:
        if created is None:
            created = await loop.run_in_executor(None, create_game, port, game)
            stats.games_started += 1
        tokens = [s["token"] for s in created["seats"]]
        seats = [play_seat(port, created["id"], t, pace, until, 0.0, stats, random.Random(rng.random()))
                 for t in tokens]
        ended = await asyncio.gather(*seats)
        created = None
        if any(ended):
            stats.games_finished += 1


async def run(port: int, game: str, games: int, pace: float | None, seconds: float, warmup: float,
              server_pid: int = 0) -> Stats:
    """Creates the games first, then plays them all at once; only moves acknowledged after the warm-up count."""
    stats = Stats()
    loop = asyncio.get_running_loop()
    firsts = await asyncio.gather(*(loop.run_in_executor(None, create_game, port, game) for _ in range(games)))
    stats.games_started = games
    start = asyncio.Event()
    until = time.monotonic() + warmup + seconds + 5  # a bound of its own; the tables are cancelled before it
    tables = [asyncio.create_task(one_table(port, game, firsts[i], pace, start, until, stats, i))
              for i in range(games)]
    start.set()
    await asyncio.sleep(warmup)
    stats.latencies.clear()
    stats.seen.clear()
    cpu_before = cpu_seconds(server_pid) if server_pid else 0.0
    await asyncio.sleep(seconds)
    measured, seen = list(stats.latencies), list(stats.seen)
    stats.server_cpu = (cpu_seconds(server_pid) - cpu_before) if server_pid else 0.0
    stats.load = load_average()
    for task in tables:
        task.cancel()
    await asyncio.gather(*tables, return_exceptions=True)
    stats.latencies, stats.seen = measured, seen
    return stats


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=None, help="SQLite file or postgresql:// URL (default: a new SQLite file)")
    parser.add_argument("--game", default="duel")
    parser.add_argument("--games", type=int, nargs="+", default=[50, 200, 500])
    parser.add_argument("--modes", nargs="+", default=["human", "saturated"], choices=["human", "saturated"])
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds per configuration")
    parser.add_argument("--warmup", type=float, default=4.0)
    parser.add_argument("--pace", type=float, default=2.0, help="human pace: mean seconds between a game's moves")
    args = parser.parse_args()
    if max(args.games) > MAX_GAMES or args.seconds > MAX_SECONDS:
        parser.error(f"at most {MAX_GAMES} games and {MAX_SECONDS} s per configuration")
    raise_file_limit()
    folder = Path(tempfile.mkdtemp(prefix="dwarfhall-load-"))
    db = args.db or str(folder / "load.sqlite")
    port = free_port()
    server = start_server(db, port, folder / "server.log")
    kind = "PostgreSQL" if "://" in db else "SQLite"
    print(f"server_load: {kind}, {args.game}, {os.cpu_count()} cores, {args.seconds:.0f} s per configuration")
    print("| database | games | pace | moves/s | ack p50 ms | ack p99 ms | board p50 ms | board p99 ms | errors "
          "| server CPU ms/move | load avg |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    try:
        for mode in args.modes:
            for games in args.games:
                pace = args.pace if mode == "human" else None
                stats = asyncio.run(run(port, args.game, games, pace, args.seconds, args.warmup, server.pid))
                lat = sorted(stats.latencies)
                rate = len(lat) / args.seconds
                p50 = statistics.median(lat) * 1000 if lat else float("nan")
                p99 = percentile(lat, 0.99)
                seen = sorted(stats.seen)
                b50, b99 = percentile(seen, 0.5), percentile(seen, 0.99)
                label = f"a move every {args.pace:g} s" if pace else "saturated"
                per_move = stats.server_cpu * 1000 / max(1, len(lat))
                print(
                    f"| {kind} | {games} | {label} | {rate:.0f} | {p50:.1f} | {p99:.1f} | {b50:.1f} | {b99:.1f} "
                    f"| {stats.errors} "
                    f"| {per_move:.1f} | {stats.load:.1f} |",
                    flush=True,
                )
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
