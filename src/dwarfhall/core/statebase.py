"""The fields the core keeps on every state, in a base class of their own so that a compiled game can extend it.

In the compiled build (`statebase.pxd`) `StateFields` is a C type whose fields are read without a dictionary
or descriptor lookup, and a game may declare its own hot fields in a C subclass of it (the Duel's
`DuelFields`); `State` adds the protocol on top. As plain Python it is a class with `__slots__`.
"""

from __future__ import annotations

import operator
from typing import Any

from .actions import Action
from .errors import IllegalAction
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

    # the protocol's two hottest methods (see `State`) live here, where the compiled build reads the fields above
    # from its C struct; `self` is any State (its rules methods, `is_terminal` and `_refusal` are State's)
    def legal_action_ids(self: Any) -> tuple[int, ...]:
        """Ids of every legal action, without duplicates, in a stable order; () once the game is over."""
        legal = self._legal
        if legal is None:
            legal = self._legal = () if self.is_terminal else tuple(self._legal_action_ids())
        return legal

    def apply(self: Any, action: Action | int) -> None:
        """Play one action, or raise IllegalAction and change nothing."""
        action_id = action
        if type(action_id) is not int:  # a plain id first: agents and searches pass ids
            action_id = _as_action_id(action.id if isinstance(action, Action) else action)
        legal = self._legal
        if legal is None:
            legal = self.legal_action_ids()
        # a terminal state has no legal ids, so one membership test on the cache guards both refusals
        if action_id not in legal:
            raise self._refusal(action_id, "no more actions can be played")
        self._apply(action_id)
        self._legal = None
        self.history.append(action_id)


def _as_action_id(value: object) -> int:
    """An integer id from an integer-like value (numpy integers from learning code); bools and floats are refused."""
    if isinstance(value, bool):
        raise IllegalAction(f"an action id must be an integer, not {value!r}")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise IllegalAction(f"an action must be an Action or an integer id, not {value!r}") from None
