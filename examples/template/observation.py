"""What a player sees: their own hand, every hand's size, the face-up areas and scores; all hands at the end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .rules import final_scores

if TYPE_CHECKING:
    from .state import HighDrawState


def observe(state: HighDrawState, viewer: int | None) -> dict[str, Any]:
    """The protocol's `_observe`: the zones' view extended by `hand_sizes` and, at the end, `final`."""
    shown = state.is_terminal  # hands are hidden until the end, then all shown (the hand zone's visibility changes)
    return {
        "hands": [list(h) if (shown or p == viewer) else None for p, h in enumerate(state.hands)],
        "hand_sizes": [len(h) for h in state.hands],
        "areas": [list(a) for a in state.areas],
        "scores": list(state.counters),
        "pile": len(state.pile),
        "to_act": state.current_player,
        "final": final_scores(state) if shown else None,
    }
