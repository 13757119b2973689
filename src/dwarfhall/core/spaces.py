"""Action-id spaces: named blocks laid end to end, so that every id has one meaning.

A game declares its blocks once, when its data is loaded:

    space = ActionSpace()
    PASS = space.single("pass")
    MOVE = space.block("move", unit=6, square=36)      # ids MOVE.base + unit * 36 + square
    space.size                                         # derived, never added up by hand

Legal-action generation encodes with `block.encode(...)` or with the plain `block.base` and `block.strides`
on hot paths (both are ordinary ints computed once); labels and payloads decode with `space.decode(id)`.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Block:
    """A named block of ids: `base` plus a mixed-radix number over its named dimensions."""

    name: str
    base: int
    dims: tuple[tuple[str, int], ...]
    strides: tuple[int, ...]
    size: int

    @property
    def end(self) -> int:
        return self.base + self.size

    def encode(self, *index: int) -> int:
        """The id of one combination; each index must be inside its dimension."""
        if len(index) != len(self.dims):
            raise ValueError(f"block {self.name!r} takes {len(self.dims)} indices, got {len(index)}")
        action = self.base
        for i, ((dim, size), stride) in enumerate(zip(self.dims, self.strides, strict=True)):
            if not 0 <= index[i] < size:
                raise ValueError(f"block {self.name!r}: {dim}={index[i]} is outside 0..{size - 1}")
            action += index[i] * stride
        return action

    def decode(self, action_id: int) -> tuple[int, ...]:
        """The indices of an id inside this block."""
        if not self.base <= action_id < self.end:
            raise ValueError(f"id {action_id} is not in block {self.name!r} ({self.base}..{self.end - 1})")
        rest = action_id - self.base
        out = []
        for stride in self.strides:
            q, rest = divmod(rest, stride)
            out.append(q)
        return tuple(out)

    def named(self, action_id: int) -> dict[str, int]:
        """The indices of an id by dimension name (for payloads and debugging)."""
        return {dim: v for (dim, _), v in zip(self.dims, self.decode(action_id), strict=True)}

    def __contains__(self, action_id: object) -> bool:
        return isinstance(action_id, int) and self.base <= action_id < self.end


class ActionSpace:
    """Blocks in declaration order; ids are stable as long as the declarations are."""

    __slots__ = ("_bases", "_blocks", "_by_name")

    def __init__(self) -> None:
        self._blocks: list[Block] = []
        self._by_name: dict[str, Block] = {}
        self._bases: list[int] = []

    def block(self, name: str, /, **dims: int) -> Block:
        """Adds a block with named dimensions (in the given order, the last varies fastest)."""
        if name in self._by_name:
            raise ValueError(f"the action space already has a block named {name!r}")
        sizes = tuple(dims.items())
        for dim, size in sizes:
            if size < 1:
                raise ValueError(f"block {name!r}: dimension {dim!r} must have at least one value, got {size}")
        strides: list[int] = []
        stride = 1
        for _, size in reversed(sizes):
            strides.append(stride)
            stride *= size
        block = Block(name, self.size, sizes, tuple(reversed(strides)), stride)
        self._blocks.append(block)
        self._by_name[name] = block
        self._bases.append(block.base)
        return block

    def single(self, name: str) -> int:
        """Adds a one-id block and returns its id."""
        return self.block(name).base

    @property
    def size(self) -> int:
        """Number of distinct ids: every id is in range(size)."""
        return self._blocks[-1].end if self._blocks else 0

    @property
    def blocks(self) -> tuple[Block, ...]:
        return tuple(self._blocks)

    def __getitem__(self, name: str) -> Block:
        return self._by_name[name]

    def block_of(self, action_id: int) -> Block:
        """The block an id belongs to."""
        if not 0 <= action_id < self.size:
            raise ValueError(f"id {action_id} is outside the action space 0..{self.size - 1}")
        return self._blocks[bisect_right(self._bases, action_id) - 1]

    def decode(self, action_id: int) -> tuple[str, tuple[int, ...]]:
        """(block name, indices) of an id."""
        block = self.block_of(action_id)
        return block.name, block.decode(action_id)

    def describe(self) -> list[Mapping[str, object]]:
        """The layout as data, for documentation and the interop layers."""
        return [
            {"name": b.name, "base": b.base, "size": b.size, "dims": dict(b.dims)} for b in self._blocks
        ]
