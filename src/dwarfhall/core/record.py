"""Game records: (game, options, seed, action ids) that replay a game exactly."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .datafile import read_document
from .errors import DwarfhallError, RecordError
from .game import State
from .registry import load_game
from .seeds import check_seed

FORMAT = "dwarfhall-record/1"


@dataclass
class GameRecord:
    """Everything needed to replay a game: a fresh deal from `seed`, or the saved `start` position.

    A record holds the seed, so it reveals every hidden card: it is the referee's
    copy, never something to show a player during the game.
    """

    game: str
    options: dict[str, Any]
    seed: int | None
    actions: list[int]
    start: dict[str, Any] | None = None
    players: list[str] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, state: State, players: list[str] | None = None, **meta: Any) -> GameRecord:
        return cls(
            game=state.game.name,
            options=state.game.options.to_dict(),
            seed=state.seed,
            actions=list(state.history),
            start=state.start,
            players=list(players or []),
            meta=dict(meta),
        )

    def initial_state(self) -> State:
        game = load_game(self.game, self.options)
        if self.start is not None:
            state = game.state_from_json(self.start)
            # the replayed game keeps saying where it began, so its own record replays too
            state.start = self.start
            return state
        if self.seed is None:
            raise RecordError("record has neither a seed nor a start position")
        return game.new_state(self.seed)

    def states(self) -> Iterator[State]:
        """The start state, then the state after each action (each yielded object is a copy)."""
        state = self.initial_state()
        yield state.clone()
        for i, action in enumerate(self.actions):
            try:
                state.apply(action)
            except DwarfhallError as exc:
                raise RecordError(f"action #{i} ({action}) does not replay: {exc}") from exc
            yield state.clone()

    def final_state(self) -> State:
        state = self.initial_state()
        for i, action in enumerate(self.actions):
            try:
                state.apply(action)
            except DwarfhallError as exc:
                raise RecordError(f"action #{i} ({action}) does not replay: {exc}") from exc
        return state

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "actions": self.actions,
            "start": self.start,
            "players": self.players,
            "meta": self.meta,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameRecord:
        if not isinstance(data, Mapping):
            raise RecordError("a record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"format: expected {FORMAT!r}, found {data.get('format')!r}")
        for key, kind in (("game", str), ("options", dict), ("actions", list)):
            if not isinstance(data.get(key), kind):
                raise RecordError(f"{key}: missing or not a {kind.__name__}")
        actions = data["actions"]
        if not all(isinstance(a, int) and not isinstance(a, bool) for a in actions):
            raise RecordError("actions: every entry must be an integer action id")
        seed = data.get("seed")
        if seed is not None:
            check_seed(seed, "seed", RecordError)
        start = data.get("start")
        if start is not None and not isinstance(start, dict):
            raise RecordError("start: must be an object or null")
        players = data.get("players", [])
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RecordError("players: must be a list of names (strings)")
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise RecordError("meta: must be an object")
        return cls(
            game=data["game"],
            options=dict(data["options"]),
            seed=seed,
            actions=list(actions),
            start=start,
            players=list(players),
            meta=dict(meta),
        )

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        data = read_document(path, "record", "json", RecordError)
        try:
            return cls.from_json(data)
        except RecordError as exc:
            raise RecordError(f"record {path}: {exc}") from None
