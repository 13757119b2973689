"""The one rule for seeds, shared by every command, record and save file."""

from __future__ import annotations

SEED_MAX = (1 << 63) - 1  # seeds are stored as signed 64-bit integers (SQLite)


def check_seed(value: object) -> int:
    """`value` as a seed, or ValueError saying the allowed range."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"a seed must be a whole number in 0..{SEED_MAX}, got {value!r}")
    if not 0 <= value <= SEED_MAX:
        raise ValueError(f"a seed must be in 0..{SEED_MAX}, got {value}")
    return value
