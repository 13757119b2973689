"""One connection's outgoing messages: queued without waiting, written by the connection's own task.

A move never waits for anybody's socket: broadcasting only puts messages into bounded queues. A viewer whose
queue overflows, or whose socket takes longer than the send timeout to take one message, is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("dwarfhall.server")

# close codes a dropped connection gets (RFC 6455: 1008 policy violation, 1009 too big, 1003 cannot accept)
CLOSE_TOO_SLOW = 1008
CLOSE_TOO_MANY = 1008
CLOSE_TOO_BIG = 1009
CLOSE_BAD_DATA = 1003
CLOSE_GONE = 1001

Write = Callable[[dict[str, Any]], Awaitable[None]]


class Outbox:
    def __init__(self, write: Write, size: int = 64, timeout: float = 10.0) -> None:
        self._write = write
        self._timeout = timeout
        self._queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(size)
        self.closed = asyncio.Event()  # set when the connection is to be ended (dropped or gone)
        self.code = CLOSE_GONE
        self.reason = ""
        self._task = asyncio.create_task(self._run())

    def put(self, message: dict[str, Any]) -> bool:
        """Queues a message; a full queue drops the connection (its reader cannot keep up)."""
        if self.closed.is_set():
            return False
        try:
            self._queue.put_nowait(message)
        except asyncio.QueueFull:
            self.drop(CLOSE_TOO_SLOW, "too slow: messages were not read")
            return False
        return True

    async def room(self) -> None:
        """Waits until a reply fits: a client's own requests are read only as fast as it takes the answers."""
        while self._queue.full() and not self.closed.is_set():
            await asyncio.sleep(0.01)

    def drop(self, code: int, reason: str) -> None:
        if self.closed.is_set():
            return
        self.code, self.reason = code, reason
        if code != CLOSE_GONE:
            log.info("connection dropped (%s): %s", code, reason)
        self.closed.set()
        self._task.cancel()

    async def _run(self) -> None:
        while not self.closed.is_set():  # a cancellation that wait_for swallowed still ends the loop here
            message = await self._queue.get()
            try:
                await asyncio.wait_for(self._write(message), self._timeout)
            except TimeoutError:
                self.drop(CLOSE_TOO_SLOW, "too slow: a message was not taken in time")
                return
            except Exception:  # the socket is gone: its handler ends the connection
                self.drop(CLOSE_GONE, "")
                return

    async def aclose(self) -> None:
        """Stops the writer (a drop or the end of the connection)."""
        self.closed.set()
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait({self._task}, timeout=1)
