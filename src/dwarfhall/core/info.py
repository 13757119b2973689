"""What a game declares about itself: the record that research layers, the arena and the server read.

Each game class sets one class attribute, `info = GameInfo(...)`, next to its name and title:

    info = GameInfo(Information.PERFECT, Chance.SAMPLED, min_players=2, max_players=2,
                    turn_limit=TurnLimit("turn_limit", 300), observation_bounds=(0.0, 1.0))

`game_info(cls)` reads it and checks it against the class (the player counts must agree); a game that
declares nothing gets the cautious record (imperfect information, chance sampled inside `apply`, zero-sum).
The observation tensor's parts and widths depend on the options (the number of players), so they come from
`Game.observation_tensor_layout()`; the record adds the range every entry of the tensor stays in.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

DEFAULT_MAX_LENGTH = 3000
"""Actions after which a tool that needs finite games cuts one off as a draw, unless the game says otherwise."""


class Information(Enum):
    """Whether some player may not see something that has already happened (cards, hands, piles)."""

    PERFECT = "perfect"
    IMPERFECT = "imperfect"


class Chance(Enum):
    """How dice and shuffles happen."""

    DETERMINISTIC = "deterministic"  # no chance at all
    SAMPLED = "sampled"  # drawn inside `apply` from the state's own seeded Rng; outcomes are not listed
    EXPLICIT = "explicit"  # the game can also show chance as nodes with listed outcomes


class Utility(Enum):
    """What the returns of a finished game add up to."""

    ZERO_SUM = "zero_sum"
    CONSTANT_SUM = "constant_sum"
    GENERAL = "general"


@dataclass(frozen=True, slots=True)
class TurnLimit:
    """The option that ends a game as a draw after some turns, and the value tools use when it is left empty."""

    option: str
    default: int


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game's declared kind: information, chance, players, utility, length and observation range."""

    information: Information
    chance: Chance
    min_players: int
    max_players: int
    utility: Utility = Utility.ZERO_SUM
    turn_limit: TurnLimit | None = None
    """The option limiting turns, for a game that might otherwise go on for ever (None: it always ends)."""
    max_length: int = DEFAULT_MAX_LENGTH
    """Actions no game reaches (a safety bound: tools cut a game off there as a draw)."""
    observation_bounds: tuple[float, float] | None = None
    """(low, high) that every entry of the observation tensor stays in; None when not known."""
    minutes: tuple[int, int] | None = None
    """A typical game's length in minutes at the table (shortest, longest), for a lobby; None when not known."""
    lobby_order: int = 100
    """Where a lobby lists the game (lower first; equal ones by name)."""

    def __post_init__(self) -> None:
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"players: need 1 <= min <= max, got {self.min_players}..{self.max_players}")
        if self.max_length < 1:
            raise ValueError(f"max_length must be at least 1, got {self.max_length}")
        if self.observation_bounds is not None and not self.observation_bounds[0] <= self.observation_bounds[1]:
            raise ValueError(f"observation_bounds: low above high in {self.observation_bounds}")
        if self.minutes is not None and not 0 < self.minutes[0] <= self.minutes[1]:
            raise ValueError(f"minutes: need 0 < shortest <= longest, got {self.minutes}")


def game_info(cls: Any) -> GameInfo:
    """The record a game class (or game object) declares, checked against its class attributes."""
    kind: Any = cls if isinstance(cls, type) else type(cls)
    info = getattr(kind, "info", None)
    if info is None:
        return GameInfo(Information.IMPERFECT, Chance.SAMPLED, kind.min_players, kind.max_players)
    if not isinstance(info, GameInfo):
        raise TypeError(f"{kind.__name__}.info must be a GameInfo, not {type(info).__name__}")
    if (info.min_players, info.max_players) != (kind.min_players, kind.max_players):
        raise ValueError(
            f"{kind.__name__}: info says {info.min_players}..{info.max_players} players, "
            f"the class {kind.min_players}..{kind.max_players}"
        )
    return info
