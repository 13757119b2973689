"""Processes started on one run share its games: each game is played once, by one of them."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

from sqlalchemy import update

from dwarfhall.arena.claims import STALE_SECONDS, Claims
from dwarfhall.arena.plan import GameTask, RunSpec
from dwarfhall.arena.sources import CHUNKS_AHEAD, ClaimingSource
from dwarfhall.arena.store import open_store
from dwarfhall.storage.arena_tables import arena_processes

from ..support.databases import query_one

ENTRY = Path(__file__).with_name("cli_entry.py")
ROOT = Path(__file__).resolve().parents[2]
# each game takes longer than a chunk's time (CHUNK_SECONDS), so games are claimed one at a time and a
# second process that starts late, waiting on the first one's schema check, still finds games left to play
GAMES = 16


def _played(stdout: str) -> int:
    """Games this process played, from its closing lines."""
    shared = re.search(r"\((\d+) games played here, (\d+) by other processes", stdout)
    if shared:
        return int(shared.group(1))
    stored = re.search(r"games stored: (\d+) of", stdout)
    assert stored, stdout
    return int(stored.group(1))


def test_two_processes_on_one_run_share_its_games(database: str) -> None:
    command = [sys.executable, str(ENTRY), "arena", "ckuhn", "--agents", "random", "ismcts:iters=40000,stop=budget",
               "--games", str(GAMES), "--seed", "11", "--workers", "1", "--quiet", "--db", database]  # fmt: skip
    procs = [
        subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)
    ]
    outputs = [proc.communicate(timeout=300) for proc in procs]
    assert [proc.returncode for proc in procs] == [0, 0], outputs
    played = [_played(out) for out, _ in outputs]
    assert sum(played) == GAMES and min(played) > 0, outputs  # every game once, and both did some
    for out, _ in outputs:
        assert f"games stored: {GAMES} of {GAMES} planned" in out  # each waited for the other's games
    assert query_one(database, "SELECT count(*) FROM arena_games") == (GAMES,)
    assert query_one(database, "SELECT count(*) FROM arena_claims") == (0,)  # all claims were given back
    assert query_one(database, "SELECT count(*) FROM arena_processes") == (0,)


def test_claims_hold_until_their_process_is_gone(database: str) -> None:
    with open_store(database) as store:
        run = store.open_run(RunSpec("arena", "g", {}, ("x", "y"), 1, 4), 4, 2)
        keys = [("0-1", i) for i in range(4)]
        first, second = Claims(store.db, run.id), Claims(store.db, run.id)
        try:
            assert first.claim(keys, 2).mine == keys[:2]
            taken = second.claim(keys, 4)
            assert taken.mine == keys[2:] and taken.elsewhere == keys[:2]
            assert first.claim(keys, 4).mine == [] and second.elsewhere() == 2
            first.close()  # a process that ends gives its games back
            assert second.claim(keys, 4).mine == keys[:2]
        finally:
            second.close()


def test_the_claims_of_a_silent_process_pass_to_the_next(database: str) -> None:
    with open_store(database) as store:
        run = store.open_run(RunSpec("arena", "g", {}, ("x", "y"), 1, 3), 3, 2)
        keys = [("0-1", i) for i in range(3)]
        silent, alive = Claims(store.db, run.id), Claims(store.db, run.id)
        try:
            silent._stop.set()  # its heartbeat stops, as when a machine disappears
            silent._thread.join()
            assert silent.claim(keys, 3).mine == keys
            assert alive.claim(keys, 3).elsewhere == keys  # a recent heartbeat still holds them
            with store.db.transaction() as connection:
                connection.execute(
                    update(arena_processes)
                    .where(arena_processes.c.token == silent.token)
                    .values(heartbeat=time.time() - STALE_SECONDS - 1)
                )
            assert alive.claim(keys, 3).mine == keys
            assert query_one(database, "SELECT count(*) FROM arena_processes") == (1,)  # the silent one is forgotten
        finally:
            alive.close()


def test_games_are_claimed_a_second_of_play_ahead_and_slow_ones_one_at_a_time(database: str) -> None:
    with open_store(database) as store:
        run = store.open_run(RunSpec("arena", "g", {}, ("x", "y"), 1, 300), 300, 2)
        tasks = [GameTask("0-1", i, (0, 1), i) for i in range(300)]
        claims = Claims(store.db, run.id)
        try:
            source = ClaimingSource(claims, tasks)
            assert [t.index for t in source.take(1)] == [0]  # a chunk of one: a game slower than a chunk's time
            assert query_one(database, "SELECT count(*) FROM arena_claims") == (1,)
            assert [t.index for t in source.take(8)] == list(range(1, 9))
            held = 1 + 8 * CHUNKS_AHEAD
            assert query_one(database, "SELECT count(*) FROM arena_claims") == (held,)
            assert [t.index for t in source.take(8)] == list(range(9, 17))  # from the games claimed ahead
            assert query_one(database, "SELECT count(*) FROM arena_claims") == (held,)
        finally:
            claims.close()
