"""The worker side: play a chunk of planned games and describe each result.

This module runs in worker processes and Ray tasks, so it imports only the core
and the agents, and it learns games registered at run time from a GameRef.
"""

from __future__ import annotations

import json
import signal
import time
import traceback
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dwarfhall.agents.advice import quiet_notices
from dwarfhall.agents.base import Agent, make_agent
from dwarfhall.agents.random_agent import RandomAgent
from dwarfhall.agents.runner import play_game
from dwarfhall.core.batch import play_seated
from dwarfhall.core.errors import IllegalAction
from dwarfhall.core.game import Game, State
from dwarfhall.core.info import game_info
from dwarfhall.core.record import GameRecord
from dwarfhall.core.registry import game_class, load_game, register
from dwarfhall.core.view import PlayerView

from .errors import ArenaError
from .plan import GameTask, agent_seed
from .results import CUT_OFF, GameResult


@dataclass(frozen=True)
class GameRef:
    """A game by name plus where its class lives, so a fresh process can find games added at run time."""

    name: str
    target: str  # 'module:Class'

    @classmethod
    def of(cls, name: str) -> GameRef:
        found = game_class(name)
        return cls(name, f"{found.__module__}:{found.__qualname__}")

    def ensure_registered(self) -> None:
        try:
            game_class(self.name)
        except KeyError:
            register(self.name, self.target)


@dataclass(frozen=True)
class Job:
    """What every worker needs besides its games."""

    game: GameRef
    options: Mapping[str, Any]
    specs: tuple[str, ...]


_games: dict[str, Game[Any]] = {}


def _game(job: Job) -> Game[Any]:
    key = job.game.name + json.dumps(dict(job.options), sort_keys=True)
    if key not in _games:
        job.game.ensure_registered()
        _games[key] = load_game(job.game.name, job.options)
    return _games[key]


def play_one(game: Game[Any], specs: Sequence[str], task: GameTask, batch: bool = True) -> GameResult:
    """Plays one planned game. Seats of the plain `random` spec play through the core's batch loop
    (`core.batch.play_seated`), which makes the moves their agents would make without asking them; other agents
    are asked for each of their decisions. `batch=False` asks every agent, through `agents.runner.play_game` (the
    same game, result and record: the tests compare the two)."""
    agents = [make_agent(specs[a], agent_seed(task.seed, seat), game.name) for seat, a in enumerate(task.seats)]
    components: list[dict[str, int]] = [{} for _ in task.seats]

    start = time.perf_counter()
    # the game's declared bound (GameInfo.max_length): a game still going there, such as two cautious players who
    # never meet, is cut off and scored as a draw; its record ends there and says so, and the summary counts it
    bound = game_info(game).max_length
    if batch:
        final, first = _play_seated(game, agents, task.seed, bound, components)
    else:
        firsts: list[int] = []

        def note(state: State, action: int) -> None:
            player = state.current_player
            if not firsts:
                firsts.append(player)
            _count(components[player], state.action_components(action))

        final = play_game(game, agents, task.seed, max_actions=bound, on_action=note, cut_off=True)
        first = firsts[0] if firsts else -1
    duration = time.perf_counter() - start
    cut = {} if final.is_terminal else {CUT_OFF: bound}
    record = GameRecord.of(final, players=[specs[a] for a in task.seats], pairing=task.pairing, index=task.index, **cut)
    return GameResult(
        pairing=task.pairing,
        index=task.index,
        seats=task.seats,
        seed=task.seed,
        returns=[0.0] * len(task.seats) if cut else [float(r) for r in final.returns()],
        scores=[float(s) for s in final.scores()],
        length=len(final.history),
        first_player=first,
        record=record.to_json(),
        components=components,
        duration=duration,
        turns=final.turn_count,
        sides=[game.seat_group(seat, final) for seat in range(len(task.seats))],
    )


def _play_seated(
    game: Game[Any], agents: Sequence[Agent], seed: int, bound: int, components: list[dict[str, int]]
) -> tuple[State, int]:
    """`play_game(..., max_actions=bound, cut_off=True)` with the random agents' seats played by the batch loop;
    returns the final state and the first player to act (-1 when no action was played)."""
    if len(agents) != game.num_players:
        raise ValueError(f"{game.name} needs {game.num_players} agents, got {len(agents)}")
    # the plain random agent (not a subclass) is only its generator: the loop draws from it as `choose` would
    draws = [agent.rng if type(agent) is RandomAgent else None for agent in agents]
    state = game.new_state(seed)
    first = -1 if state.is_terminal or bound <= 0 else state.current_player
    while True:
        play_seated(state, draws, bound, components)
        if state.is_terminal or len(state.history) >= bound:
            return state, first
        player = state.current_player  # a seat of another agent with a choice: asked as play_game asks it
        agent = agents[player]
        action = agent.choose(PlayerView(state, player))
        if action not in state.legal_action_ids():
            raise IllegalAction(f"agent {agent.spec} chose illegal action {action} as player {player}")
        _count(components[player], state.action_components(action))
        state.apply(action)


def _count(used: dict[str, int], keys: tuple[str, ...]) -> None:
    for key in keys:
        used[key] = used.get(key, 0) + 1


def run_chunk(job: Job, tasks: Sequence[GameTask]) -> list[GameResult]:
    """Plays the tasks in order; a failing game stops the chunk with a message naming its seed."""
    game = _game(job)
    results = []
    for task in tasks:
        try:
            results.append(play_one(game, job.specs, task))
        except Exception as exc:
            where = traceback.extract_tb(exc.__traceback__)[-1]
            raise ArenaError(
                f"game {task.pairing}#{task.index} (seed {task.seed}, seats {list(task.seats)}) failed: "
                f"{type(exc).__name__}: {exc} [at {where.filename}:{where.lineno}]"
            ) from None
    return results


def init_worker(job: Job) -> None:
    """Pool initializer: Ctrl-C is handled once by the driver, which saves what is done and stops us."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    quiet_notices()
    _game(job)
