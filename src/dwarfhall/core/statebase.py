"""The fields the core keeps on every state, in a base class of their own so that a compiled game can extend it.

In the compiled build (`statebase.pxd`) `StateFields` is a C type whose fields are read without a dictionary
or descriptor lookup, and a game may declare its own hot fields in a C subclass of it (the Duel's
`DuelFields`); `State` adds the protocol on top. As plain Python it is a class with `__slots__`.
"""

from __future__ import annotations

from typing import Any

from .rng import Rng


class StateFields:
    """The core's part of a state: see `State` (its game, generator, seed, history, start and legal-id cache)."""

    __slots__ = ("_legal", "game", "history", "rng", "seed", "start")

    _legal: tuple[int, ...] | None
    game: Any
    history: list[int]
    rng: Rng
    seed: int | None
    start: dict[str, Any] | None
