"""Sharing a run between processes: each game is claimed in a transaction before it is played.

A process registers with a random token and beats a heartbeat from a background thread. Its claims hold
while it lives; a process whose heartbeat stopped (killed, machine gone) loses them to the next claimant.
Claims of finished games are dropped when the games are saved.
"""

from __future__ import annotations

import os
import socket
import threading
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, delete, select, tuple_, update

from dwarfhall.storage import Database, StorageError
from dwarfhall.storage.arena_tables import arena_claims, arena_games, arena_processes
from dwarfhall.storage.statements import insert_ignoring_duplicates

Key = tuple[str, int]
HEARTBEAT_SECONDS = 2.0
STALE_SECONDS = 30.0  # no heartbeat for this long: the process is gone (clocks of machines may differ a little)
LOCAL_DEAD_SECONDS = 2 * HEARTBEAT_SECONDS  # a process on this machine that no longer exists is gone sooner


@dataclass(frozen=True)
class Claimed:
    mine: list[Key]  # claimed now by this process, in the order asked
    finished: list[Key]  # already stored by someone: nothing to play
    elsewhere: list[Key]  # being played by another live process


class Claims:
    """This process's claims on one run's games, kept alive by a heartbeat thread while it is open."""

    def __init__(self, db: Database, run_id: int) -> None:
        self.db = db
        self.run_id = run_id
        self.token = uuid.uuid4().hex
        self.host = socket.gethostname()
        self.error: StorageError | None = None
        self._stop = threading.Event()
        with db.transaction("registering this process") as connection:
            connection.execute(
                arena_processes.insert().values(
                    token=self.token, run_id=run_id, host=self.host, pid=os.getpid(), heartbeat=time.time()
                )
            )
        self._thread = threading.Thread(target=self._beat, name="arena-heartbeat", daemon=True)
        self._thread.start()

    def _beat(self) -> None:
        while not self._stop.wait(HEARTBEAT_SECONDS):
            try:
                with self.db.transaction("the heartbeat") as connection:
                    connection.execute(
                        update(arena_processes)
                        .where(arena_processes.c.token == self.token)
                        .values(heartbeat=time.time())
                    )
            except StorageError as exc:  # the main thread meets the same database problem and reports it
                self.error = exc
                return

    def claim(self, keys: Sequence[Key], limit: int) -> Claimed:
        """Claims up to `limit` of `keys` (first come first): free ones and those of processes that are gone."""
        with self.db.transaction("claiming games") as connection:
            holders = self._holders(connection)
            gone = self._forget_gone(connection, set(holders.values()))
            mine: list[Key] = []
            elsewhere: list[Key] = []
            for key in keys:
                holder = holders.get(key)
                if holder is None or holder in gone:
                    if len(mine) < limit:
                        mine.append(key)
                elif holder != self.token:
                    elsewhere.append(key)
            new = [key for key in mine if key not in holders or holders[key] in gone]
            taken = self._insert(connection, new) if new else set()
            mine = [key for key in mine if key in taken or holders.get(key) == self.token]
            finished = self._stored(connection, mine)
            if finished:
                self._delete(connection, finished)
        return Claimed([k for k in mine if k not in finished], sorted(finished), elsewhere)

    def _holders(self, connection: Connection) -> dict[Key, str]:
        rows = connection.execute(
            select(arena_claims.c.pairing, arena_claims.c.game_index, arena_claims.c.owner).where(
                arena_claims.c.run_id == self.run_id
            )
        )
        return {(pairing, index): owner for pairing, index, owner in rows}

    def _forget_gone(self, connection: Connection, owners: set[str]) -> set[str]:
        """Removes processes that stopped beating, with their claims; returns their tokens."""
        owners.discard(self.token)
        if not owners:
            return set()
        rows = connection.execute(
            select(arena_processes.c.token, arena_processes.c.host, arena_processes.c.pid, arena_processes.c.heartbeat)
            .where(arena_processes.c.token.in_(owners))
        )
        alive = {token for token, host, pid, beat in rows if not self._is_gone(host, pid, beat)}
        gone = owners - alive
        if gone:
            connection.execute(delete(arena_claims).where(arena_claims.c.owner.in_(gone)))
            connection.execute(delete(arena_processes).where(arena_processes.c.token.in_(gone)))
        return gone

    def _is_gone(self, host: str, pid: int, beat: float) -> bool:
        silent = time.time() - beat
        if silent > STALE_SECONDS:
            return True
        return host == self.host and silent > LOCAL_DEAD_SECONDS and not _pid_alive(pid)

    def _insert(self, connection: Connection, keys: list[Key]) -> set[Key]:
        statement = insert_ignoring_duplicates(self.db.dialect, arena_claims).returning(
            arena_claims.c.pairing, arena_claims.c.game_index
        )
        rows = [{"run_id": self.run_id, "pairing": p, "game_index": i, "owner": self.token} for p, i in keys]
        return {(pairing, index) for pairing, index in connection.execute(statement, rows)}

    def _stored(self, connection: Connection, keys: list[Key]) -> set[Key]:
        if not keys:
            return set()
        pair = tuple_(arena_games.c.pairing, arena_games.c.game_index)
        rows = connection.execute(
            select(arena_games.c.pairing, arena_games.c.game_index).where(
                arena_games.c.run_id == self.run_id, pair.in_(keys)
            )
        )
        return {(pairing, index) for pairing, index in rows}

    def _delete(self, connection: Connection, keys: set[Key]) -> None:
        pair = tuple_(arena_claims.c.pairing, arena_claims.c.game_index)
        connection.execute(delete(arena_claims).where(arena_claims.c.run_id == self.run_id, pair.in_(list(keys))))

    def elsewhere(self) -> int:
        """Unfinished games of the run that other live processes hold now."""
        with self.db.transaction("reading claims") as connection:
            holders = self._holders(connection)
            gone = self._forget_gone(connection, set(holders.values()))
        return sum(1 for owner in holders.values() if owner != self.token and owner not in gone)

    def close(self) -> None:
        """Stops the heartbeat and gives back every claim (finished games were saved before)."""
        self._stop.set()
        self._thread.join()
        with self.db.transaction("releasing claims") as connection:
            connection.execute(delete(arena_claims).where(arena_claims.c.owner == self.token))
            connection.execute(delete(arena_processes).where(arena_processes.c.token == self.token))


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # it exists, under another user
        return True
    return True
