"""The core's tensor layouts: segments laid end to end with their bounds, filled afresh for each viewer."""

from __future__ import annotations

import math
from array import array
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from dwarfhall.core.tensors import Segment, TensorLayout, codes, numbers, one_hot


def _seat(state: Any, viewer: int | None, out: memoryview[float]) -> None:
    if viewer is not None:
        out[viewer] = 1.0


def _gold(state: Any, viewer: int | None, out: memoryview[float]) -> None:
    out[:] = array("f", state.gold)  # a whole slice takes a float32 buffer


def _order(state: Any, viewer: int | None, out: memoryview[float]) -> None:
    codes(state.order, out)


LAYOUT = TensorLayout(
    [
        one_hot("seat", 2, _seat, "viewer's seat"),
        numbers("gold", 2, _gold, 10.0, "gold per player"),
        numbers("order", 3, _order, math.inf, "kinds in order + 1", low=-1.0),
    ]
)


def test_segments_lie_end_to_end_with_their_bounds() -> None:
    assert LAYOUT.size == 7 and LAYOUT.shape == (7,)
    assert [LAYOUT.offset(name) for name in ("seat", "gold", "order")] == [0, 2, 4]
    assert list(LAYOUT.low) == [0, 0, 0, 0, -1, -1, -1]
    assert list(LAYOUT.high) == [1, 1, 10, 10, math.inf, math.inf, math.inf]
    assert LAYOUT.rows() == [("viewer's seat", 2), ("gold per player", 2), ("kinds in order + 1", 3)]
    table = LAYOUT.table()
    assert "| 2–3 | `gold` | 0..10 | gold per player |" in table and "| 4–6 | `order` | -1..∞ |" in table


def test_a_tensor_is_filled_for_its_viewer_and_a_buffer_is_cleared_first() -> None:
    state = SimpleNamespace(gold=[3, 7], order=[2, 0])
    assert list(LAYOUT.tensor(state, 1)) == [0, 1, 3, 7, 3, 1, 0]
    buffer = np.full(7, 5.0, dtype=np.float32)
    assert LAYOUT.write(state, None, buffer) is buffer
    assert list(buffer) == [0, 0, 3, 7, 3, 1, 0]


def test_a_name_used_twice_or_a_bound_upside_down_is_refused() -> None:
    with pytest.raises(ValueError, match="named twice: seat"):
        TensorLayout([one_hot("seat", 2, _seat, ""), one_hot("seat", 1, _seat, "")])
    with pytest.raises(ValueError, match="bounds"):
        Segment("gold", 2, _gold, low=3.0, high=1.0)
