"""A viewer who asks for everything and reads nothing: the game, its bot included, goes on, and it is dropped."""

from __future__ import annotations

import base64
import json
import os
import random
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .live import LiveServer


def _connect(port: int, path: str) -> socket.socket:
    """A WebSocket client on a bare socket with a tiny receive buffer, so that the server's writes back up."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    head = b""
    while not head.endswith(b"\r\n\r\n"):
        head += sock.recv(1)  # byte by byte: nothing after the handshake is read
    assert b" 101 " in head.split(b"\r\n")[0]
    return sock


def _frame(text: str) -> bytes:
    payload, mask = text.encode(), os.urandom(4)
    head = bytes([0x81, 0x80 | len(payload)]) if len(payload) < 126 else bytes([0x81, 0xFE]) + len(payload).to_bytes(2)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def _read_to_the_end(sock: socket.socket, seconds: float) -> tuple[bool, int | None]:
    """Reads everything the server sent: whether it ended the connection, and the close code of its close frame
    (None when it just hung up)."""
    sock.settimeout(seconds)
    data = b""
    ended = True
    while True:
        try:
            chunk = sock.recv(1 << 16)
        except TimeoutError:
            ended = False
            break
        except ConnectionResetError:
            break
        if not chunk:
            break
        data += chunk
    at = 0
    while at + 2 <= len(data):
        opcode, size = data[at] & 0x0F, data[at + 1] & 0x7F
        at += 2
        if size == 126:
            size, at = int.from_bytes(data[at : at + 2]), at + 2
        elif size == 127:
            size, at = int.from_bytes(data[at : at + 8]), at + 8
        if opcode == 0x8:
            return ended, int.from_bytes(data[at : at + 2])
        at += size
    return ended, None


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    flags = ["--send-queue", "8", "--send-timeout", "1", "--messages-per-second", "1000", "--message-burst", "1000"]
    live = LiveServer(tmp_path / "s.sqlite", tmp_path / "s.log", window_delay=0.05, extra=flags)
    live.start()
    yield live
    live.kill()


def test_a_viewer_that_never_reads_neither_stalls_the_game_nor_its_bot(server: LiveServer) -> None:
    g = server.api(
        "POST", "/api/games", {"game": "duel", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "easy"}]}
    )
    slow = _connect(server.port, f"/ws/games/{g['id']}")
    slow.sendall(_frame(json.dumps({})))
    slow.settimeout(2)
    rng = random.Random(3)
    sent = moves = 0
    asking = True
    started = time.monotonic()
    while time.monotonic() - started < 60:
        for _ in range(200 if asking else 0):  # keep asking for everything, never reading an answer
            try:
                slow.sendall(_frame(json.dumps({"type": "sync"})))
                sent += 1
            except OSError:  # dropped by the server, or it stopped reading from this client
                asking = False
        mine = server.api("GET", f"/api/games/{g['id']}/view", token=g["token"])
        if mine["to_act"] is None or moves >= 40:
            break
        if not mine["moves"]:
            time.sleep(0.02)  # the bot's turn: it moves by itself
            continue
        action = rng.choice(mine["moves"])["id"]
        body = {"token": g["token"], "action": action, "version": mine["version"]}
        server.api("POST", f"/api/games/{g['id']}/moves", body)
        moves += 1
    took = time.monotonic() - started
    public = server.api("GET", f"/api/games/{g['id']}/view")
    assert moves >= 40 or public["to_act"] is None
    assert any(entry["seat"] == 1 for entry in public["log"])  # the bot played on
    assert took < 30, f"the game was slowed down to {took:.1f} s"
    assert sent > 40
    deadline = time.monotonic() + 20
    while asking and time.monotonic() < deadline:  # until the server's buffers for this viewer are surely full
        try:
            slow.sendall(_frame(json.dumps({"type": "sync"})))
            sent += 1
        except OSError:
            asking = False
    time.sleep(3)  # over the send timeout
    ended, code = _read_to_the_end(slow, 5)
    slow.close()
    assert ended, "the server should have dropped the viewer that did not read"
    assert code in (None, 1008)  # a close frame when it could still be written, or just hung up
    assert "Traceback" not in server.log.read_text()
