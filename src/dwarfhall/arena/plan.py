"""What a run plays: the line-ups of agents per seat and a seed per game, fixed by the run's seed.

Seeds depend only on (run seed, pairing, game index), never on the order in which
games are played, so every backend and worker count plays exactly the same games
and a run can be extended or resumed.
"""

from __future__ import annotations

import hashlib
import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from dwarfhall.core.seeds import SEED_MAX, check_seed

from .errors import ArenaError

Kind = Literal["arena", "simulate"]
SEED_LIMIT = SEED_MAX + 1  # seeds are stored as SQLite integers
MAX_GAMES = 1_000_000  # --games: per pairing (arena) or in total (simulate)
MAX_RUN_GAMES = 2_000_000  # games planned in one run, all pairings together (the plan is held in memory)


def derive_seed(base: int, *parts: object) -> int:
    """A 63-bit seed from a base seed and labels; a cryptographic hash keeps nearby inputs unrelated."""
    text = "|".join([str(base), *(str(p) for p in parts)])
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1


@dataclass(frozen=True)
class RunSpec:
    """A run: its identity (kind, game, options, specs, seed) and how many games to play.

    `games` counts games per pairing for an arena (seats rotate inside each pairing)
    and games in total for a simulation (seats fixed).
    """

    kind: Kind
    game: str
    options: Mapping[str, Any]
    specs: tuple[str, ...]
    seed: int
    games: int = field(compare=False)


@dataclass(frozen=True)
class GameTask:
    pairing: str  # agent indices in the pairing, e.g. "0-2"
    index: int  # game number inside the pairing
    seats: tuple[int, ...]  # agent index playing each seat
    seed: int

    @property
    def key(self) -> tuple[str, int]:
        return (self.pairing, self.index)


def agent_seed(game_seed: int, seat: int) -> int:
    """The seed of the agent in `seat`: fixed by the game, so replays of a run choose the same moves."""
    return derive_seed(game_seed, "agent", seat)


def lineups(kind: Kind, num_specs: int, num_players: int) -> dict[str, list[tuple[int, ...]]]:
    """Pairing key -> the seat orders its games cycle through."""
    if num_specs < 1:
        raise ArenaError("give at least one agent spec")
    if kind == "simulate":
        if num_specs == 1:
            return {"0": [(0,) * num_players]}
        if num_specs != num_players:
            raise ArenaError(
                f"simulate needs one agent spec for every seat or a single spec for all: "
                f"this game has {num_players} players, {num_specs} specs were given"
            )
        seats = tuple(range(num_players))
        return {"-".join(map(str, seats)): [seats]}
    if num_specs == 1:
        return {"0": [(0,) * num_players]}
    if num_specs < num_players:
        raise ArenaError(
            f"an arena for a {num_players}-player game needs one spec (self-play) or at least {num_players} specs, "
            f"got {num_specs}"
        )
    table: dict[str, list[tuple[int, ...]]] = {}
    for group in itertools.combinations(range(num_specs), num_players):
        # every agent of the group sits in every seat once per cycle (for two players: seats swapped)
        table["-".join(map(str, group))] = [group[r:] + group[:r] for r in range(num_players)]
    return table


def check_games(kind: Kind, games: int, num_specs: int, num_players: int) -> None:
    """Bounds on --games, checked before the plan takes any memory: a typo must not fill it."""
    if not 1 <= games <= MAX_GAMES:
        per = "per pairing" if kind == "arena" else "in total"
        raise ArenaError(f"--games must be at least 1 and at most {MAX_GAMES:,} ({per}), got {games:,}")
    pairings = math.comb(num_specs, num_players) if kind == "arena" and num_specs > 1 else 1
    if games * pairings > MAX_RUN_GAMES:
        raise ArenaError(
            f"a run plays at most {MAX_RUN_GAMES:,} games in all; {pairings:,} pairings x --games {games:,} "
            f"= {games * pairings:,}"
        )


def plan_tasks(spec: RunSpec, num_players: int) -> list[GameTask]:
    check_seed(spec.seed, "--seed", ArenaError)
    table = lineups(spec.kind, len(spec.specs), num_players)
    check_games(spec.kind, spec.games, len(spec.specs), num_players)
    tasks = []
    for pairing, orders in table.items():
        for index in range(spec.games):
            seed = derive_seed(spec.seed, pairing, index)
            tasks.append(GameTask(pairing, index, orders[index % len(orders)], seed))
    return tasks
