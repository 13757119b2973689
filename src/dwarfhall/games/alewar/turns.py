"""Turns of play: the Dwarves begin, then the sides alternate; a turn limit (an option) ends in a draw."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .end import finish
from .phases import DRAW, MOVE, REINFORCE
from .pieces import GOBLINS
from .reinforcement import may_reinforce

if TYPE_CHECKING:
    from .state import AleWarState


def start_turn(state: AleWarState) -> None:
    """The Goblins may first reinforce; otherwise the side moves a unit."""
    if state.side == GOBLINS and may_reinforce(state):
        state.phase = REINFORCE
    else:
        state.phase = MOVE


def end_turn(state: AleWarState) -> None:
    state.moved = -1
    limit = state.game.options.turn_limit
    if limit is not None and state.turn >= limit:
        finish(state, DRAW)
        return
    state.turn += 1
    state.side ^= 1
    start_turn(state)
