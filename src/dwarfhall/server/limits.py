"""What an anonymous visitor may ask of a server: bot budgets, games, connections, messages, spectators.

Every number is a `dwarfhall serve` flag (docs/server.md, "Limits"). A client is its IP address as the
server sees it.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from dwarfhall.agents.base import AgentSpecError, check_spec, parse_spec
from dwarfhall.core.game import Game

from .live import ServiceError


@dataclass
class Limits:
    bot_max_time: float = 2.0  # seconds per move of an expert spec (`time=`)
    bot_max_iters: int = 2000  # search iterations per move of an expert spec (`iters=`)
    bot_max_samples: int = 16  # sampled deals per move of an expert spec (`samples=`)
    games_per_client: int = 30  # new games per client ...
    games_window: float = 600.0  # ... within this many seconds
    connections_per_client: int = 20  # open WebSocket connections per client
    messages_per_second: float = 20.0  # WebSocket messages per connection, on average ...
    message_burst: int = 60  # ... with this many at once
    spectators_per_game: int = 50
    idle_seconds: float = 600.0  # a game nobody touched for this long leaves memory (it is rebuilt on demand)
    max_frame: int = 64 * 1024  # bytes in one WebSocket message
    send_queue: int = 64  # messages waiting for one connection before it is dropped
    send_timeout: float = 10.0  # seconds one message may take to be sent before its connection is dropped
    presence_delay: float = 0.25  # "who is online" changes within this many seconds go out as one message
    review_iters: int = 1000  # search iterations per reviewed decision (the coach's review)
    hint_iters: int = 2000  # search iterations for one hint
    reviews_at_once: int = 2  # reviews running on the server at once (each client one at a time)
    hand_over_after: float = 60.0  # seconds a player must be away (or thinking) before the host may hand the seat

    def check_bot(self, spec: str) -> None:
        """An expert spec within the server's budget (a level is always within it)."""
        _name, params = parse_spec(spec)
        caps = {"time": self.bot_max_time, "iters": self.bot_max_iters, "samples": self.bot_max_samples}
        for key, cap in caps.items():
            if key not in params:
                continue
            try:
                value = float(params[key])
            except ValueError as exc:
                raise AgentSpecError(f"{key}={params[key]!r} is not a number") from exc
            if value > cap:
                raise AgentSpecError(f"{key}={params[key]} is over this server's limit of {cap:g}")

    def bounded(self, spec: str, game: Game[Any]) -> str:
        """An expert spec within the budget, with the server's time cap added where the agent takes a time budget
        and the spec names none (iterations alone can take long with costly playouts)."""
        self.check_bot(spec)
        if "time" in parse_spec(spec)[1]:
            return spec
        capped = f"{spec}{',' if ':' in spec else ':'}time={self.bot_max_time:g}"
        try:
            return check_spec(capped, game)
        except AgentSpecError:  # this agent takes no time budget: its own parameters bound it
            return spec


@dataclass
class Quotas:
    """Counts per client; a request over a quota is refused with 429 and changes nothing."""

    limits: Limits
    created: dict[str, deque[float]] = field(default_factory=dict)
    connections: dict[str, int] = field(default_factory=dict)

    def create_game(self, client: str) -> None:
        now = time.monotonic()
        times = self.created.setdefault(client, deque())
        while times and times[0] <= now - self.limits.games_window:
            times.popleft()
        if len(times) >= self.limits.games_per_client:
            raise ServiceError(
                f"too many new games: at most {self.limits.games_per_client} in {self.limits.games_window:g} s",
                429,
                "too_many_games",
            )
        times.append(now)
        if len(self.created) > 10_000:  # forget clients whose window has passed
            self.created = {k: v for k, v in self.created.items() if v and v[-1] > now - self.limits.games_window}

    def connect(self, client: str) -> None:
        count = self.connections.get(client, 0)
        if count >= self.limits.connections_per_client:
            raise ServiceError(
                f"too many connections: at most {self.limits.connections_per_client} at once", 429, "too_many"
            )
        self.connections[client] = count + 1

    def disconnect(self, client: str) -> None:
        count = self.connections.get(client, 0) - 1
        if count > 0:
            self.connections[client] = count
        else:
            self.connections.pop(client, None)


class MessageRate:
    """A token bucket: `rate` messages a second on average, `burst` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens = float(burst)
        self.at = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
