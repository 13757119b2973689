"""Who plays which seat: people at this keyboard, or computer players named by agent specs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from dwarfhall.agents.base import Agent, check_spec, make_agent, parse_spec
from dwarfhall.core.errors import DwarfhallError
from dwarfhall.core.game import Game
from dwarfhall.core.rng import Rng

from .savefile import HUMAN

DEFAULT_OPPONENT = "heuristic"


class SetupError(DwarfhallError, ValueError):
    """Command-line choices that do not fit together or do not fit the game."""


@dataclass
class Seating:
    mode: str  # "vs" or "hotseat"
    seats: list[str]  # HUMAN or an agent spec, one per player
    notices: list[str] = field(default_factory=list)  # catalog keys to tell the person at the start

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s == HUMAN]


def choose_seats(
    game: Game[Any], vs: Sequence[str] | str | None, hotseat: bool, seats: Sequence[int] | None
) -> Seating:
    """Seats from the command line: `--hotseat`, or people at `--seat` (default 0) against `--vs`: one computer
    player for every other seat, or one `--vs` per computer seat in seat order."""
    n = game.num_players
    if hotseat:
        if vs is not None or seats:
            raise SetupError("--hotseat puts people on every seat; it does not go with --vs or --seat")
        return Seating("hotseat", [HUMAN] * n)
    people = sorted(set(seats or [0]))
    for seat in people:
        if not 0 <= seat < n:
            raise SetupError(f"--seat {seat}: {game.name} has seats 0 to {n - 1}")
    if len(people) == n:
        raise SetupError("every seat has a person; use --hotseat for a game without the computer")
    computers = [i for i in range(n) if i not in people]
    specs = [vs] if isinstance(vs, str) else list(vs or [DEFAULT_OPPONENT])
    if len(specs) == 1:
        specs *= len(computers)
    elif len(specs) != len(computers):
        listed = ", ".join(map(str, computers))
        raise SetupError(
            f"--vs: give one computer player for every computer seat, or one --vs per computer seat "
            f"({len(computers)}: seats {listed}); got {len(specs)}"
        )
    chosen = [HUMAN] * n
    notices: list[str] = []
    for seat, wanted in zip(computers, specs, strict=True):
        chosen[seat], more = opponent_spec(game, wanted)
        notices += [key for key in more if key not in notices]
    return Seating("vs", chosen, notices)


def opponent_spec(game: Game[Any], spec: str) -> tuple[str, list[str]]:
    """The spec to use, falling back from 'heuristic' to 'random' for a game without heuristic advice."""
    name, _ = parse_spec(spec, game.name)
    if name == "heuristic" and (game.heuristic() is None or not _available(spec, game.name)):
        return "random", ["fallback_random"]
    if not _available(spec, game.name):
        raise SetupError(f"the computer player {name!r} is not available in this installation")
    # a bad parameter, or a game the agent cannot play, is reported now, not at the computer's first move
    check_spec(spec, game)
    return spec, []


def _available(spec: str, game: str) -> bool:
    try:
        make_agent(spec, 0, game)
    except ModuleNotFoundError as exc:
        # only the agent's own module missing means "not built"; anything else is a real error
        if exc.name is not None and exc.name.startswith("dwarfhall.agents."):
            return False
        raise
    return True


def agent_for(spec: str, seed: int | None, seat: int, move: int, game: str | None = None) -> Agent:
    """A computer player seeded from the game's seed, seat and move number; a level plays its spec in `game`.

    A fresh agent per decision makes its choice depend only on the position, so a
    resumed game continues exactly as it would have without the break.
    """
    mixed = Rng(((seed or 0) * 1_000_003 + seat) * 1_000_003 + move)
    return make_agent(spec, mixed.next_u64() & 0x7FFF_FFFF, game)
