"""The coach on the server: reviews of finished games run in the background on the bot workers and stored, and
hints for the seat deciding now.

A review is only ever made of a finished game (its record is public then, docs/server.md), of any seat; each
decision is one task on the worker pool, so progress is known and other games' bots are never held up for
long. A hint is computed from the asking seat's view only and answered to that seat's token alone; it is on in
a game of one person against bots, otherwise only once every person at the table has allowed it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dwarfhall.agents.review import Decision, MoveChance, Review, win_chance
from dwarfhall.core.record import GameRecord

from .coach_store import DONE, FAILED, RUNNING, CoachStore, HintRow, ReviewRow
from .coach_work import decisions_of, hint_moves, review_step
from .live import ServiceError
from .records import PERSON

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from .live import LiveGame
    from .service import GameService

log = logging.getLogger("dwarfhall.server")


@dataclass
class Job:
    client: str
    row: ReviewRow
    task: asyncio.Task[None] | None = None


class Coach:
    def __init__(self, service: GameService, engine: Engine) -> None:
        self.service = service
        self.store = CoachStore(engine)
        self.jobs: dict[tuple[str, int], Job] = {}
        self.hinting: set[str] = set()  # clients waiting for a hint now

    # -- reviews ----------------------------------------------------------------------------
    async def request_review(self, game_id: str, seat: int, client: str) -> dict[str, Any]:
        """Starts the review of a seat of a finished game, unless it is stored or under way; its progress."""
        record = await self._finished_record(game_id, seat)
        key = (game_id, seat)
        job = self.jobs.get(key)
        if job is not None:
            return progress(job.row)
        stored = await self.service.io(self.store.review, game_id, seat)
        if stored is not None and stored.status == DONE:
            return progress(stored)
        limits = self.service.limits
        if any(j.client == client for j in self.jobs.values()):
            raise ServiceError("you have a review under way already; wait for it to finish", 429, "one_review")
        if len(self.jobs) >= limits.reviews_at_once:
            raise ServiceError(
                f"the server runs {limits.reviews_at_once} reviews at once; try again in a while", 429, "busy"
            )
        data = record.to_json()
        numbers = await self.service.io(decisions_of, data, seat)
        row = ReviewRow(game_id, seat, RUNNING, 0, len(numbers), limits.review_iters)
        job = Job(client, row)
        self.jobs[key] = job
        await self.service.io(self.store.put_review, row)
        job.task = asyncio.create_task(self._run(job, data, numbers, record))
        return progress(row)

    async def stop(self) -> None:
        """The server stops: reviews under way end (their rows say running; asking again starts them afresh)."""
        tasks = [job.task for job in self.jobs.values() if job.task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _run(self, job: Job, data: dict[str, Any], numbers: list[int], record: GameRecord) -> None:
        row = job.row
        try:
            decisions: list[Decision] = []
            for number in numbers:
                decisions.append(await self.service.pool.run(review_step, data, row.seat, number, row.iters))
                row.done = len(decisions)
                await self.service.io(self.store.put_review, row)
            final = record.final_state()
            review = Review(row.seat, final.num_players, row.iters, decisions)
            review.result = win_chance(final.returns()[row.seat], final.num_players)
            row.result = review_json(review)
            row.status = DONE
        except Exception:  # a stopping server or a broken worker: the review can be asked for again
            log.exception("review of game %s seat %s failed", row.game_id, row.seat)
            row.status = FAILED
        finally:
            self.jobs.pop((row.game_id, row.seat), None)
            with contextlib.suppress(Exception):
                await self.service.io(self.store.put_review, row)

    async def review(self, game_id: str, seat: int, lang: str) -> dict[str, Any]:
        """The review's progress, and once done the review with the moves' labels in `lang`."""
        record = await self._finished_record(game_id, seat)
        job = self.jobs.get((game_id, seat))
        row = job.row if job is not None else await self.service.io(self.store.review, game_id, seat)
        if row is None:
            raise ServiceError("no review of this seat yet; ask for one first", 404, "no_review")
        if row.status == RUNNING and job is None:
            row.status = FAILED  # the server stopped during it: asking again starts it afresh
        out = progress(row)
        if row.status == DONE and row.result is not None:
            out["review"] = labelled(row.result, record, lang)
            out["hints"] = hint_meta(await self.service.io(self.store.hints, game_id)).get("hints")
        return out

    async def _finished_record(self, game_id: str, seat: int) -> GameRecord:
        live = await self.service.get(game_id)
        if not live.state.is_terminal:
            raise ServiceError("a game is reviewed only once it is over", 403, "running")
        if not 0 <= seat < live.state.num_players:
            raise ServiceError(f"seat: must be in 0..{live.state.num_players - 1}, got {seat}", 422, "bad_seat")
        return await self.service.record(game_id)

    # -- hints --------------------------------------------------------------------------------
    async def hint_state(self, game_id: str) -> dict[str, Any]:
        """Public: whether hints are on, who allowed them, who used them how often."""
        live = await self.service.get(game_id)
        return self._state(live, await self.service.io(self.store.hints, game_id))

    def _state(self, live: LiveGame, rows: dict[int, HintRow]) -> dict[str, Any]:
        people = [s.seat for s in live.row.seats if s.kind == PERSON]
        allowed = [p for p in people if rows.get(p, HintRow(p)).allowed]
        return {
            "people": people,
            "allowed_by": allowed,
            # one person against the computer needs nobody's leave; several people must all allow them
            "on": len(people) == 1 or (bool(people) and allowed == people),
            "used": {str(seat): r.used for seat, r in sorted(rows.items()) if r.used},
        }

    async def allow_hints(self, game_id: str, token: str) -> dict[str, Any]:
        live = await self.service.get(game_id)
        seat = self.service._seat(live, token)
        if live.row.seats[seat].kind != PERSON:
            raise ServiceError("only a person's seat allows hints", 409, "not_a_person")
        await self.service.io(self.store.allow_hints, game_id, seat)
        return await self.hint_state(game_id)

    async def hint(self, game_id: str, token: str, client: str, lang: str) -> dict[str, Any]:
        """The best moves for the token's seat at its decision now, from its own view; counted as used."""
        live = await self.service.get(game_id)
        seat = self.service._seat(live, token)
        state = live.state
        if state.is_terminal:
            raise ServiceError("the game is over", 409, "over")
        if state.current_player != seat or live.row.seats[seat].bot_spec is not None:
            raise ServiceError("it is not your decision now", 409, "not_your_turn")
        rows = await self.service.io(self.store.hints, game_id)
        if not self._state(live, rows)["on"]:
            raise ServiceError("hints are off at this table: every person must allow them", 403, "hints_off")
        if client in self.hinting:
            raise ServiceError("one hint at a time", 429, "one_hint")
        version = live.version
        legal = state.legal_actions()
        if len(legal) == 1:
            return {"version": version, "forced": True, "moves": [{"id": legal[0].id, "label": legal[0].label(lang)}]}
        data = GameRecord.of(state).to_json()
        self.hinting.add(client)
        try:
            iters = self.service.limits.hint_iters
            moves: list[MoveChance] = await self.service.pool.run(hint_moves, data, seat, iters)
        finally:
            self.hinting.discard(client)
        await self.service.io(self.store.use_hint, game_id, seat)
        described = [(m, state.describe_action(m.action).label(lang)) for m in moves]
        return {
            "version": version,
            "forced": False,
            "moves": [{"id": m.action, "label": label, "chance": m.chance} for m, label in described],
        }

    async def record_meta(self, game_id: str) -> dict[str, Any]:
        """What a finished game's record adds to its meta: who used hints (as the terminal writes it)."""
        return hint_meta(await self.service.io(self.store.hints, game_id))


def hint_meta(rows: dict[int, HintRow]) -> dict[str, Any]:
    used = {str(seat): r.used for seat, r in sorted(rows.items()) if r.used}
    if not used:
        return {}
    return {"hints": {"allowed": True, "used": used}}


def progress(row: ReviewRow) -> dict[str, Any]:
    return {"seat": row.seat, "status": row.status, "done": row.done, "total": row.total, "iters": row.iters}


def _chance(m: MoveChance) -> dict[str, Any]:
    return {"action": m.action, "chance": m.chance, "visits": m.visits}


def review_json(review: Review) -> dict[str, Any]:
    """The stored review: numbers and action ids only (labels are drawn per language when it is shown)."""
    return {
        "seat": review.seat,
        "num_players": review.num_players,
        "iters": review.iters,
        "result": review.result,
        "accuracy": review.accuracy,
        "counts": {mark: review.count(mark) for mark in ("inaccuracy", "mistake", "blunder")},
        "turning_points": [{"move": t.decision.move, "swing": t.swing} for t in review.turning_points()],
        "decisions": [
            {
                "move": d.move,
                "before": d.before,
                "played": _chance(d.played),
                "top": [_chance(m) for m in d.top],
                "drop": d.drop,
                "mark": d.mark,
                "accuracy": d.accuracy,
            }
            for d in review.decisions
        ],
    }


def labelled(stored: dict[str, Any], record: GameRecord, lang: str) -> dict[str, Any]:
    """The stored review with each move's label in `lang`, read from the position it was made in."""
    at = {d["move"]: d for d in stored["decisions"]}
    out = {**stored, "decisions": []}
    state = record.initial_state()
    for number, action in enumerate(record.actions):
        d = at.get(number)
        if d is not None:
            label = {m["action"]: state.describe_action(m["action"]).label(lang) for m in [d["played"], *d["top"]]}
            out["decisions"].append(
                {
                    **d,
                    "played": {**d["played"], "label": label[d["played"]["action"]]},
                    "top": [{**m, "label": label[m["action"]]} for m in d["top"]],
                }
            )
        state.apply(action)
    return out
