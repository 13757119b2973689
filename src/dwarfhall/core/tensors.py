"""Observation tensors laid out once: named segments with a size, bounds and a filler each.

A game declares the segments of its tensor in one list (after the zones' own, which the core derives): what the
numbers mean, the bounds every entry stays within, and a function that writes them for a viewer into the
segment's slice of a zeroed buffer. The core joins them into a `TensorLayout`, which fills a tensor, names each
part (`rows`, `table`) and gives the bounds per entry (`low`, `high`) for bounded observation spaces.

A filler reads only what the viewer may see: the public parts of the state, and hidden zones through the zones.
"""

from __future__ import annotations

import math
import threading
import typing
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

Fill = Callable[[Any, "int | None", "memoryview[float]"], None]
"""Writes a segment for (state, viewer or None for the public) into its slice, which starts zeroed.

The slice is a float32 `memoryview` of the tensor: entries are set and added to by index (`out[i] = x`,
`out[i] += 1`; a number is rounded to float32 as numpy rounds it), `len(out)` and `out[a:b]` work as for a
list, and a whole slice takes a float32 buffer (`out[:] = array("f", values)`), not a list. Writing through a
memoryview costs a fraction of a numpy item assignment, which is most of a filler's work.
"""


@dataclass(frozen=True, slots=True)
class Segment:
    """`size` consecutive entries of the tensor, each within [low, high]; `what` says what they mean.

    `fill` None: the filler of the segment before it writes this one too (its slice then spans both), so that
    one call can fill several segments.
    """

    name: str
    size: int
    fill: Fill | None
    low: float = 0.0
    high: float = 1.0
    what: str = ""

    def __post_init__(self) -> None:
        if self.size < 0 or not self.low <= self.high:
            raise ValueError(f"segment {self.name!r}: size {self.size}, bounds [{self.low}, {self.high}]")


def one_hot(name: str, size: int, fill: Fill | None, what: str) -> Segment:
    """Entries that are 0 or 1 (a one-hot choice, or flags)."""
    return Segment(name, size, fill, 0.0, 1.0, what)


def numbers(name: str, size: int, fill: Fill | None, high: float, what: str, low: float = 0.0) -> Segment:
    """Entries within [low, high]; `math.inf` where no bound exists."""
    return Segment(name, size, fill, low, high, what)


class TensorLayout:
    """A game's observation tensor: its segments in order, their offsets and the bounds of every entry."""

    __slots__ = ("_local", "_parts", "high", "low", "offsets", "segments", "size")

    def __init__(self, segments: Iterable[Segment]) -> None:
        self.segments: tuple[Segment, ...] = tuple(segments)
        names = [s.name for s in self.segments]
        twice = sorted({name for name in names if names.count(name) > 1})
        if twice:
            raise ValueError(f"tensor segments named twice: {', '.join(twice)}")
        offsets, at = [], 0
        for seg in self.segments:
            offsets.append(at)
            at += seg.size
        self.offsets: tuple[int, ...] = tuple(offsets)
        self.size = at
        self.low = np.zeros(at, dtype=np.float32)  # bounds per entry
        self.high = np.zeros(at, dtype=np.float32)
        for seg, start in zip(self.segments, offsets, strict=True):
            self.low[start : start + seg.size] = seg.low
            self.high[start : start + seg.size] = seg.high
        # (filler, start, end) per filler with a non-empty slice (its segment and those after it without one)
        parts: list[tuple[Fill, int, int]] = []
        for seg, start in zip(self.segments, offsets, strict=True):
            if seg.fill is not None:
                parts.append((seg.fill, start, start + seg.size))
            elif parts:
                parts[-1] = (parts[-1][0], parts[-1][1], start + seg.size)
            else:
                raise ValueError(f"segment {seg.name!r} has no filler, and none before it")
        self._parts = tuple(part for part in parts if part[2] > part[1])
        # per thread: the last buffer written and its segments' views (slicing costs more than most fillers)
        self._local = threading.local()

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def write(self, state: Any, viewer: int | None, out: np.ndarray) -> np.ndarray:
        """Fills `out` (a float32 buffer of `size`, reused by the caller) for `viewer`, and returns it."""
        local = self._local
        if getattr(local, "out", None) is not out:
            local.out = out
            local.views = _views(self._parts, out)
        out.fill(0.0)
        _fill(local.views, state, viewer)
        return out

    def tensor(self, state: Any, viewer: int | None) -> np.ndarray:
        """A new float32 tensor for `viewer` (written into this thread's scratch buffer, then copied)."""
        local = self._local
        scratch = getattr(local, "scratch", None)
        if scratch is None:
            scratch = local.scratch = np.empty(self.size, dtype=np.float32)
            local.scratch_views = _views(self._parts, scratch)
        scratch.fill(0.0)
        _fill(local.scratch_views, state, viewer)
        return scratch.copy()

    def offset(self, name: str) -> int:
        """Where the segment `name` starts."""
        for seg, at in zip(self.segments, self.offsets, strict=True):
            if seg.name == name:
                return at
        raise KeyError(name)

    def rows(self) -> list[tuple[str, int]]:
        """(what, width) of each segment, in order."""
        return [(s.what or s.name, s.size) for s in self.segments]

    def table(self) -> str:
        """The layout as a Markdown table (docs/rules/<game>.md shows it)."""
        lines = ["| entries | segment | bounds | values |", "| --- | --- | --- | --- |"]
        for seg, at in zip(self.segments, self.offsets, strict=True):
            lines.append(
                f"| {at}–{at + seg.size - 1} | `{seg.name}` | {_bound(seg.low)}..{_bound(seg.high)} | {seg.what} |"
            )
        return "\n".join(lines)


def _fill(views: tuple[tuple[Fill, memoryview[float]], ...], state: Any, viewer: int | None) -> None:
    """Calls each segment's filler on its view (a module function: compiled, the loop runs in C)."""
    for part in views:
        part[0](state, viewer, part[1])


def _views(parts: tuple[tuple[Fill, int, int], ...], out: np.ndarray) -> tuple[tuple[Fill, memoryview[float]], ...]:
    """(filler, its slice of `out` as a memoryview) per segment; a filler writes through the memoryview."""
    whole = typing.cast("memoryview[float]", memoryview(out.data))
    return tuple((fill, whole[start:end]) for fill, start, end in parts)


def _bound(x: float) -> str:
    if math.isinf(x):
        return "∞" if x > 0 else "-∞"
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def fraction(count: float, scale: float) -> float:
    """A count without a fixed maximum as count / (count + scale): within 0..1, one value per count, and about
    linear up to `scale` (a turn, a round, dice rolled again)."""
    return count / (count + scale)


def legal_mask(ids: Sequence[int], size: int) -> np.ndarray:
    """1 for each of `ids` in a new int8 vector of `size` (an action mask), 0 elsewhere."""
    # bytes set one by one and wrapped without a copy: half the time of numpy's fancy indexing for a few ids
    mask = bytearray(size)
    for k in ids:  # compiled (tensors.pxd): a C index into the bytes, the tuple read without a call
        mask[k] = 1
    return _FROMBUFFER(mask, _INT8)  # the dtype by position: numpy parses a keyword slower


_INT8 = np.dtype(np.int8)
_FROMBUFFER = np.frombuffer  # one global read, not numpy's module attribute at every mask


def codes(values: Sequence[int], out: memoryview[float]) -> None:
    """An ordered list of small ints as codes value + 1 per position (0: no entry), so order is kept."""
    for i in range(len(values)):  # by index: compiled (tensors.pxd) it runs in C
        n = values[i]  # a C integer compiled: an int written as a float went through a new float object
        out[i] = n + 1
