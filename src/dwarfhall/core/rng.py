# cython: boundscheck=False, wraparound=False
# (directives for the compiled build: the shuffles index by C integers, always in range)
"""A small seeded random generator whose whole state is one integer.

SplitMix64 is used because its state clones and serialises for free, which
matters for search (clone per iteration) and for saved games.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9  # named so that rng.pxd can give the mixers a C type (exact 64-bit arithmetic)
_MIX2 = 0x94D049BB133111EB
_CHUNK = 21  # bits per index in shuffle_quick: three indices from each 64-bit number
_CHUNK_MASK = (1 << _CHUNK) - 1


class Rng:
    """Deterministic random numbers; the same seed gives the same stream on every platform."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * _MIX1) & _MASK
        s = ((s ^ (s >> 27)) * _MIX2) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A number in [0, n); the bias of the multiply-shift is below 2**-50 for game-sized n."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        # next_u64 inlined: every die, shuffle and random move comes through here
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * _MIX1) & _MASK
        s = ((s ^ (s >> 27)) * _MIX2) & _MASK
        x = s ^ (s >> 31)
        try:
            # compiled (rng.pxd): `bound` is a C integer and `x` an unsigned 128-bit one, so the product is exact
            # in C; a bound of 2**63 or more does not fit and takes the Python integers below (as pure Python does)
            bound = n
            scaled = (x * bound) >> 64
            return scaled
        except OverflowError:
            return (x * n) >> 64

    def randint(self, low: int, high: int) -> int:
        """A number in [low, high], both ends included."""
        return low + self.below(high - low + 1)

    def die(self, sides: int = 6) -> int:
        return 1 + self.below(sides)

    def random(self) -> float:
        """A float in [0, 1)."""
        self.state = s = (self.state + _GOLDEN) & _MASK  # next_u64, inlined
        s = ((s ^ (s >> 30)) * _MIX1) & _MASK
        s = ((s ^ (s >> 27)) * _MIX2) & _MASK
        # 2**-53 as a float literal (it reads back exactly), so that compiled the product is C arithmetic: a 53-bit
        # integer converts to a double exactly in both modes
        return ((s ^ (s >> 31)) >> 11) * 1.1102230246251565e-16

    def choice(self, seq: Sequence[T]) -> T:
        n = len(seq)
        if not n:
            raise IndexError("choice() from an empty sequence")
        self.state = s = (self.state + _GOLDEN) & _MASK  # below(n), inlined
        s = ((s ^ (s >> 30)) * _MIX1) & _MASK
        s = ((s ^ (s >> 27)) * _MIX2) & _MASK
        x = s ^ (s >> 31)  # compiled: unsigned 128-bit, so `x * n` is exact in C (a length fits in 63 bits)
        i = (x * n) >> 64
        return seq[i]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place (j = below(i + 1) for i from the end, the generator inlined)."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = s

    def shuffle_quick(self, items: list[T]) -> None:
        """A shuffle of a list for sampling in search: three draws per 64-bit number, each index biased below 2**-15.

        Faster than `shuffle` (which game set-ups use, so their streams never change); its own stream differs.
        Compiled, it swaps a list's items directly, so it takes a list only.
        """
        s = self.state
        word = bits = 0
        for i in range(len(items) - 1, 0, -1):
            if bits < _CHUNK:
                s = (s + _GOLDEN) & _MASK
                z = ((s ^ (s >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                word, bits = z ^ (z >> 31), 64
            j = ((word & _CHUNK_MASK) * (i + 1)) >> _CHUNK
            word >>= _CHUNK
            bits -= _CHUNK
            items[i], items[j] = items[j], items[i]
        self.state = s

    def spawn(self) -> Rng:
        """An independent generator seeded from this one."""
        return Rng(self.next_u64())

    def clone(self) -> Rng:
        return Rng(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"
