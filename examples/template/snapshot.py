"""A position written as JSON (`State.to_json`): every field, hidden cards included; scenario.py reads it back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import HighDrawState


def state_body(state: HighDrawState) -> dict[str, Any]:
    """The protocol's `_to_json_body`."""
    return {
        "pile": list(state.pile),
        "hands": [list(h) for h in state.hands],
        "areas": [list(a) for a in state.areas],
        "scores": list(state.counters),
        "first": state.first,
        "turns": state.turns,
    }
