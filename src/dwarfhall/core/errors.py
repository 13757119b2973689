"""Errors every part of dwarfhall raises; each message says what was wrong."""

from __future__ import annotations


class DwarfhallError(Exception):
    """Base of every error dwarfhall raises on purpose."""


class IllegalAction(DwarfhallError, ValueError):
    """An action that is not legal in the current state; the state is unchanged."""


class InvalidOptions(DwarfhallError, ValueError):
    """Game options that do not fit the game's option type."""


class DataError(DwarfhallError, ValueError):
    """A component data file (cards, units, map) that breaks a stated constraint."""


class ScenarioError(DwarfhallError, ValueError):
    """A scenario or saved state that cannot be loaded; the message names the field."""


class RecordError(DwarfhallError, ValueError):
    """A game record that cannot be read or does not replay."""


class BadArgument(DwarfhallError, ValueError):
    """A command-line value outside what dwarfhall accepts (a seed, a count); the message names the flag."""


class UnknownGame(DwarfhallError, KeyError):
    """A game name that is not in the registry."""

    def __str__(self) -> str:  # KeyError would print the repr of the message
        return str(self.args[0]) if self.args else "unknown game"
