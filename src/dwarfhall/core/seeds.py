"""The one rule for seeds, shared by every command (play, replay, arena, simulate), record and save file."""

from __future__ import annotations

from .errors import BadArgument

SEED_MAX = (1 << 63) - 1  # seeds are stored as signed 64-bit integers (SQLite)


def check_seed(value: object, name: str = "seed", error: type[Exception] = BadArgument) -> int:
    """`value` as a seed, or `error` naming `name` (a field or a flag such as --seed) and the allowed range."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise error(f"{name} must be a whole number in 0..{SEED_MAX}, got {value!r}")
    if not 0 <= value <= SEED_MAX:
        raise error(f"{name} must be in 0..{SEED_MAX}, got {value}")
    return value
