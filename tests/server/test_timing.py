"""Hidden information by timing: a bot's answer in a response window always comes after the same delay."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

from dwarfhall.core.record import GameRecord
from dwarfhall.server.bots import BotPool
from dwarfhall.server.service import GameService, LiveGame

from .helpers import client_for, create, make_service, play_people

DELAY = 0.1


class TimedService(GameService):
    """Notes, for each bot decision in a response window, whether it had a choice and how long it took."""

    timings: list[tuple[bool, float]]
    released: float = 0.0

    async def _bot_turn(self, live: LiveGame, seat: int, spec: str, version: int) -> None:
        state = live.state
        legal = state.legal_action_ids()
        window = any(state.describe_action(a).payload.get("window") for a in legal)
        started = time.perf_counter()
        await super()._bot_turn(live, seat, spec, version)
        if window and live.version > version:
            self.timings.append((len(legal) > 1, self.released - started))

    async def _commit(self, live: LiveGame, seat: int, action: int) -> None:
        self.released = time.perf_counter()  # the moment the answer is released, before it is stored
        await super()._commit(live, seat, action)


def test_bot_window_answers_take_the_same_time_with_or_without_a_choice(tmp_path: Path) -> None:
    base = make_service(tmp_path / "t.sqlite", window_delay=DELAY)
    service = TimedService(base.store, base.pool, window_delay=DELAY, bot_pause=0.0)
    service.timings = []
    service.new_seed = lambda: 2026  # a deal in which the bot meets windows with and without a choice
    with client_for(service) as client:
        g = create(client, "duel", [{"kind": "person"}, {"kind": "bot", "bot": "normal"}],
                   options={"first_player": "0"})
        play_people(client, g["id"], [g["token"], ""], random.Random(4))
    forced = sorted(t for choice, t in service.timings if not choice)
    chosen = sorted(t for choice, t in service.timings if choice)
    assert forced and chosen, "the game should hold window decisions of both kinds"
    assert min(forced + chosen) >= DELAY - 0.005  # never earlier, so a quick answer cannot show
    # the loop of a busy test process may stall now and then; that noise falls on both kinds alike
    late = [t for t in forced + chosen if t > DELAY + 0.05]
    assert len(late) <= max(1, len(forced + chosen) // 20)
    assert abs(forced[len(forced) // 2] - chosen[len(chosen) // 2]) < 0.02


class SlowPool(BotPool):
    """A bot that hesitates over every real choice (an expert spec, or a queued worker)."""

    async def choose(self, record: GameRecord, seat: int, spec: str) -> int:
        await asyncio.sleep(HESITATION)
        return await super().choose(record, seat, spec)


HESITATION = 0.04


def test_a_bot_hesitating_before_its_roll_does_not_show_whether_it_holds_a_twist(tmp_path: Path) -> None:
    """The Duel's pre-roll: with a Twist of Fate in hand the bot may play it before rolling (a choice), without
    one it can only roll. Both answers are released on the window-delay grid, whatever the bot holds."""
    base = make_service(tmp_path / "t.sqlite", window_delay=DELAY)
    service = TimedService(base.store, SlowPool(inline=True), window_delay=DELAY, bot_pause=0.0)
    service.timings = []
    pre_rolls: list[tuple[bool, float]] = []
    original = service._bot_turn

    async def noting(live: LiveGame, seat: int, spec: str, version: int) -> None:
        state = live.state
        legal = state.legal_action_ids()
        roll = any(state.describe_action(a).payload.get("move") == "roll" for a in legal)
        started = time.perf_counter()
        await original(live, seat, spec, version)
        if roll and live.version > version:
            pre_rolls.append((len(legal) > 1, service.released - started))

    service._bot_turn = noting  # type: ignore[method-assign]
    service.new_seed = lambda: 2026
    with client_for(service) as client:
        for first in ("0", "1"):
            g = create(
                client, "duel", [{"kind": "person"}, {"kind": "bot", "bot": "normal"}], options={"first_player": first}
            )
            play_people(client, g["id"], [g["token"], ""], random.Random(4))
    forced = sorted(t for choice, t in pre_rolls if not choice)
    chosen = sorted(t for choice, t in pre_rolls if choice)
    assert forced and chosen, "the bot should meet pre-rolls with and without a Twist to play"
    assert min(forced + chosen) >= DELAY - 0.005  # a forced roll is not let out earlier than a pondered one
    assert abs(forced[len(forced) // 2] - chosen[len(chosen) // 2]) < 0.02
