"""The kit's action-id spaces: derived sizes, encode/decode round trips, clear errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dwarfhall.core import ActionSpace


def space() -> ActionSpace:
    s = ActionSpace()
    s.single("pass")
    s.block("move", unit=6, square=36)
    s.block("attack", square=36)
    return s


def test_the_size_is_derived_from_the_blocks() -> None:
    s = space()
    assert s.size == 1 + 6 * 36 + 36
    assert [b.base for b in s.blocks] == [0, 1, 217]


@given(st.integers(min_value=0, max_value=1 + 6 * 36 + 36 - 1))
def test_every_id_decodes_to_one_block_and_encodes_back(action_id: int) -> None:
    s = space()
    name, index = s.decode(action_id)
    assert s[name].encode(*index) == action_id


def test_encode_uses_plain_strides() -> None:
    move = space()["move"]
    assert move.encode(2, 5) == move.base + 2 * 36 + 5
    assert move.strides == (36, 1)
    assert move.named(move.encode(2, 5)) == {"unit": 2, "square": 5}


def test_out_of_range_indices_and_ids_are_refused() -> None:
    s = space()
    with pytest.raises(ValueError, match=r"unit=6 is outside 0\.\.5"):
        s["move"].encode(6, 0)
    with pytest.raises(ValueError, match="outside the action space"):
        s.decode(s.size)
    with pytest.raises(ValueError, match="already has a block"):
        s.block("move", unit=1)
