"""Typed, validated, serialisable game options (a frozen dataclass per game)."""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from typing import Any, ClassVar, Literal, NewType, TypeVar, Union, get_args, get_origin

from .errors import InvalidOptions

OptT = TypeVar("OptT", bound="Options")

# the type of an option whose value names a file or directory on the machine: a server refuses every such
# option from its users, whichever game declares it, because reading it would let a visitor probe the server
FilePath = NewType("FilePath", str)


@dataclasses.dataclass(frozen=True)
class Options:
    """Base of every game's options; subclasses are frozen dataclasses with defaults.

    Fields may be int, float, bool, str, a Literal of those, or Optional of them.
    """

    option_ranges: ClassVar[Mapping[str, tuple[int, int | None]]] = {}
    """An int option's range (lowest, highest or None) for forms such as the lobby's; `validate` still checks it."""

    @classmethod
    def from_dict(cls: type[OptT], data: Mapping[str, Any] | None = None) -> OptT:
        data = dict(data or {})
        hints = typing.get_type_hints(cls)
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise InvalidOptions(
                f"unknown option(s) {', '.join(unknown)}; this game knows: {', '.join(sorted(names)) or 'none'}"
            )
        values = {name: _coerce(name, hints[name], value) for name, value in data.items()}
        options = cls(**values)
        options.validate()
        return options

    @classmethod
    def from_strings(cls: type[OptT], pairs: list[str]) -> OptT:
        """Options from command-line words such as `first_player=1`."""
        data: dict[str, Any] = {}
        for pair in pairs:
            if "=" not in pair:
                raise InvalidOptions(f"option {pair!r} should look like name=value")
            name, _, value = pair.partition("=")
            data[name.strip()] = value.strip()
        return cls.from_dict(data)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def validate(self) -> None:
        """Checks across fields; subclasses raise InvalidOptions with a clear message."""

    @classmethod
    def file_options(cls) -> tuple[str, ...]:
        """The options typed `FilePath` (alone or in a union): those that name a file on the machine."""
        return _file_options(cls)

    @classmethod
    def describe(cls) -> list[tuple[str, str, Any]]:
        """(name, type, default) for every option, for help texts."""
        hints = typing.get_type_hints(cls)
        return [(f.name, _type_name(hints[f.name]), f.default) for f in dataclasses.fields(cls)]


@dataclasses.dataclass(frozen=True)
class SeatOptions(Options):
    """Options of a game with a `first_player` option and, when its player count varies, a `players` option.

    The subclass declares the fields with their defaults (their order and types are the game's, as its records
    store them) and the counts it allows in `player_counts`; this mixin checks both with messages naming the
    option and reads them back:

        @dataclass(frozen=True)
        class SpringOptions(SeatOptions):
            player_counts: ClassVar[range] = range(2, 5)
            players: int = 4
            first_player: str = "0"      # a seat "0".."3", or "random"

    `first_player` may be a seat number (int or digits) or "random"; a game without a `players` option has
    `player_counts.start` players. A subclass that overrides `validate` calls `super().validate()`.
    """

    player_counts: ClassVar[range] = range(2, 3)

    @property
    def player_count(self) -> int:
        """Players in a game with these options."""
        return int(getattr(self, "players", self.player_counts.start))

    def first_seat(self) -> int | None:
        """The seat that begins, or None when a random draw decides."""
        first = getattr(self, "first_player", "random")
        return None if first == "random" else int(first)

    def validate(self) -> None:
        super().validate()
        players = getattr(self, "players", None)
        if players is not None and players not in self.player_counts:
            *most, last = [str(n) for n in self.player_counts]
            allowed = f"{', '.join(most)} or {last}" if most else last
            raise InvalidOptions(f"option players: must be {allowed}, got {players}")
        first = getattr(self, "first_player", "random")
        if first != "random":
            check_seat("first_player", first, self.player_count, "or 'random'")


def check_seat(option: str, value: object, players: int, alternative: str = "") -> int:
    """A seat 0..players-1 given as a number or digits; InvalidOptions naming `option` otherwise."""
    seat = value if isinstance(value, int) and not isinstance(value, bool) else None
    if isinstance(value, str) and value.isdigit():
        seat = int(value)
    if seat is None or not 0 <= seat < players:
        also = f" {alternative}" if alternative else ""
        raise InvalidOptions(f"option {option}: must be a seat 0..{players - 1}{also}, got {value!r}")
    return seat


_FILE_OPTIONS: dict[type, tuple[str, ...]] = {}


def _file_options(cls: type[Options]) -> tuple[str, ...]:
    if cls not in _FILE_OPTIONS:
        hints = typing.get_type_hints(cls)
        _FILE_OPTIONS[cls] = tuple(f.name for f in dataclasses.fields(cls) if _names_file(hints[f.name]))
    return _FILE_OPTIONS[cls]


def _names_file(tp: Any) -> bool:
    if tp is FilePath:
        return True
    return get_origin(tp) in (Union, types.UnionType) and any(_names_file(a) for a in get_args(tp))


def _type_name(tp: Any) -> str:
    if tp is FilePath:
        return "path"
    if get_origin(tp) is Literal:
        return " | ".join(repr(a) for a in get_args(tp))
    if get_origin(tp) in (Union, types.UnionType):
        return " | ".join(_type_name(a) for a in get_args(tp))
    if tp is type(None):
        return "None"
    return getattr(tp, "__name__", str(tp))


def _coerce(name: str, tp: Any, value: Any) -> Any:
    """Checks (and for strings from a command line, converts) one option value."""
    if isinstance(tp, NewType):
        return _coerce(name, tp.__supertype__, value)
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        errors = []
        for arg in get_args(tp):
            try:
                return _coerce(name, arg, value)
            except InvalidOptions as exc:
                errors.append(str(exc))
        raise InvalidOptions(f"option {name}: {value!r} is not a {_type_name(tp)}")
    if tp is type(None):
        if value is None or (isinstance(value, str) and value.lower() in ("none", "")):
            return None
        raise InvalidOptions(f"option {name}: {value!r} is not None")
    if origin is Literal:
        allowed = get_args(tp)
        for choice in allowed:
            try:
                if _coerce(name, type(choice), value) == choice:
                    return choice
            except InvalidOptions:
                continue
        raise InvalidOptions(f"option {name}: {value!r} is not one of {', '.join(repr(a) for a in allowed)}")
    if tp is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "yes", "on", "1", "false", "no", "off", "0"):
            return value.lower() in ("true", "yes", "on", "1")
        raise InvalidOptions(f"option {name}: {value!r} is not true or false")
    if tp is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str):
            try:
                return int(value)
            except ValueError:
                pass
        raise InvalidOptions(f"option {name}: {value!r} is not a whole number")
    if tp is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        if isinstance(value, str):
            try:
                return float(value)
            except ValueError:
                pass
        raise InvalidOptions(f"option {name}: {value!r} is not a number")
    if tp is str:
        if isinstance(value, str):
            return value
        raise InvalidOptions(f"option {name}: {value!r} is not text")
    raise InvalidOptions(f"option {name}: unsupported option type {tp!r}")
