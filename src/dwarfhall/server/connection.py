"""Live play over a WebSocket: each connection reads its client's messages, and its outbox writes to it.

A client's bad input (a binary frame, an oversized or too deeply nested message, a flood of messages) gets an
error or a close code, never a traceback in the log.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from dwarfhall.core.i18n import languages

from .limits import MessageRate, Quotas
from .live import ServiceError, Watcher
from .outbox import CLOSE_BAD_DATA, CLOSE_GONE, CLOSE_TOO_BIG, CLOSE_TOO_MANY, Outbox
from .service import GameService

log = logging.getLogger("dwarfhall.server")


class BadFrame(Exception):
    """The client sent something the connection cannot go on from: it is closed with `code`."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class Gone(Exception):
    """The client closed the connection."""


async def receive(ws: WebSocket, max_frame: int) -> Any:
    """The next message as parsed JSON (or `ValueError` for text that is not JSON a server would take)."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise Gone
    text = message.get("text")
    if text is None:
        raise BadFrame(CLOSE_BAD_DATA, "binary messages are not understood; send JSON text")
    if len(text) > max_frame:
        raise BadFrame(CLOSE_TOO_BIG, f"a message may have at most {max_frame} characters")
    try:
        return json.loads(text)
    except RecursionError:  # nested deeper than the parser goes: nothing a client of this server sends
        raise ValueError("too deeply nested") from None


async def play(ws: WebSocket, game_id: str, service: GameService, quotas: Quotas) -> None:
    """First message {"token": ..., "lang": ...} (no token: spectator); then {"type": "move", ...}."""
    limits = service.limits
    client = ws.client.host if ws.client else "unknown"
    await ws.accept()
    try:
        quotas.connect(client)
    except ServiceError as exc:
        await _refuse(ws, exc)
        return
    try:
        await _session(ws, game_id, service, limits.max_frame)
    except BadFrame as exc:
        log.info("connection closed (%s): %s", exc.code, exc.reason)
        await _close(ws, exc.code, exc.reason)
    except (Gone, WebSocketDisconnect):
        pass
    finally:
        quotas.disconnect(client)


async def _session(ws: WebSocket, game_id: str, service: GameService, max_frame: int) -> None:
    limits = service.limits
    try:
        hello = await asyncio.wait_for(receive(ws, max_frame), timeout=30)
        live_game = await service.get(game_id)
        token = hello.get("token") if isinstance(hello, dict) else None
        seat = None if not token else service._seat(live_game, str(token))
        lang = str(hello.get("lang")) if isinstance(hello, dict) and hello.get("lang") in languages() else "en"
    except ServiceError as exc:
        await _refuse(ws, exc)
        return
    except (TimeoutError, ValueError):
        await _close(ws, CLOSE_BAD_DATA, 'the first message must be JSON: {"token": ..., "lang": ...}')
        return

    outbox = Outbox(ws.send_json, limits.send_queue, limits.send_timeout)
    watcher = Watcher(seat, lang, outbox)
    try:
        service.subscribe(live_game, watcher)
    except ServiceError as exc:
        await outbox.aclose()
        await _refuse(ws, exc)
        return
    service.first_view(live_game, watcher)
    rate = MessageRate(limits.messages_per_second, limits.message_burst)

    async def read() -> None:
        while not outbox.closed.is_set():
            await outbox.room()
            await asyncio.sleep(0)  # one message at a time: a burst of them never holds up the other games
            try:
                msg = await receive(ws, max_frame)
            except ValueError:
                watcher.send({"type": "error", "error": "messages must be JSON objects", "code": "bad_message"})
                continue
            if not rate.allow():
                raise BadFrame(CLOSE_TOO_MANY, f"too many messages: at most {limits.messages_per_second:g} a second")
            await _handle(service, live_game.row.id, watcher, token, msg)

    reader = asyncio.create_task(read())
    dropped = asyncio.create_task(outbox.closed.wait())
    done: set[asyncio.Task[Any]] = set()
    try:
        done, _ = await asyncio.wait({reader, dropped}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        service.unsubscribe(live_game, watcher)
        for task in (reader, dropped):
            task.cancel()
        await outbox.aclose()
    failed = reader.exception() if reader in done and not reader.cancelled() else None
    if failed is not None:  # a bad frame, too many messages, or the client went away
        raise failed
    if outbox.code != CLOSE_GONE:  # dropped by its outbox: too slow
        await _close(ws, outbox.code, outbox.reason)


async def _handle(service: GameService, game_id: str, watcher: Watcher, token: str | None, msg: Any) -> None:
    send = watcher.send
    if not isinstance(msg, dict):
        send({"type": "error", "error": "messages must be JSON objects", "code": "bad_message"})
        return
    kind = msg.get("type")
    if kind in ("lang", "sync"):  # a full message: the log again in the (new) language
        if msg.get("lang") in languages():
            watcher.lang = msg["lang"]
        live = await service.get(game_id)
        watcher.log_sent = len(live.log)
        send(service.view(live, watcher.seat, watcher.lang))
        return
    if kind == "ping":
        send({"type": "pong"})
        return
    if kind != "move":
        send({"type": "error", "error": f"unknown message type {str(kind)[:40]!r}", "code": "bad_message"})
        return
    action, version = msg.get("action"), msg.get("version")
    if not isinstance(action, int) or not isinstance(version, int) or isinstance(action, bool):
        send({"type": "error", "error": "a move needs integer 'action' and 'version'", "code": "bad_message"})
        return
    if token is None:
        send({"type": "error", "error": "spectators cannot move", "code": "spectator"})
        return
    ref = msg.get("ref") if isinstance(msg.get("ref"), (int, str)) else None

    async def acknowledge(new_version: int) -> None:
        send({"type": "ack", "version": new_version, "ref": ref})

    try:
        await service.move(game_id, str(token), action, version, acknowledge)
    except ServiceError as exc:
        send({"type": "error", "error": str(exc), "code": exc.code, "ref": ref})


async def _refuse(ws: WebSocket, exc: ServiceError) -> None:
    with contextlib.suppress(Exception):
        await ws.send_json({"type": "error", "error": str(exc), "code": exc.code})
    await _close(ws, 4000 + exc.status % 1000, exc.code)


async def _close(ws: WebSocket, code: int, reason: str) -> None:
    """Closes without waiting long: a client that reads nothing may never take the close frame."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(ws.close(code=code, reason=reason[:120]), timeout=2)
