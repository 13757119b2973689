"""A game's options as form fields (dropdown, switch, number or text), with each one's label and sentence.

The texts come from the messages.toml beside the game's module: `option_label_<name>` (a short label),
`option_help_<name>` (what it does, falling back to the terminal's `option_<name>`) and
`option_choice_<name>_<value>` (a choice's label); `lobby_description` is the game's one line. Options that
name a file on the machine (`FilePath`) are never offered.
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from functools import cache
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin

from .messages import Catalog
from .options import Options, SeatOptions

OPTION_KEY = "option_{name}"  # the message key of an option's sentence in its game's messages.toml
HELP_KEY = "option_help_{name}"  # the sentence for a form, where `option_{name}` speaks of code values
LABEL_KEY = "option_label_{name}"
CHOICE_KEY = "option_choice_{name}_{value}"
DESCRIPTION_KEY = "lobby_description"
RANDOM = "random"  # SeatOptions' `first_player` value for a random draw


def game_catalog(cls: type[Any]) -> Catalog | None:
    """The messages.toml beside the game class's module, or None when it has none."""
    return _catalog_of(cls.__module__)


@cache
def _catalog_of(module_name: str) -> Catalog | None:
    module = sys.modules.get(module_name)
    path = Path(module.__file__).with_name("messages.toml") if module and module.__file__ else None
    if path is None or not path.is_file():
        return None
    return Catalog.load(path)


def game_text(cls: type[Any], key: str, lang: str) -> str | None:
    """The game's text `key` in `lang`, or None when its catalog lacks it."""
    catalog = game_catalog(cls)
    return catalog.t(key, lang) if catalog is not None and key in catalog else None


def option_text(cls: type[Any], name: str, lang: str) -> str | None:
    """What option `name` of the game `cls` does."""
    return game_text(cls, OPTION_KEY.format(name=name), lang)


def option_fields(cls: type[Any], lang: str) -> list[dict[str, Any]]:
    """Every option a person may set, as a form field:

    `{"name", "label", "help", "kind": "choice" | "bool" | "int" | "text", "default", "optional",
    "choices": [{"value", "label", "seat"}], "min", "max"}`; `optional`: empty means None. A choice with a
    `seat` is that seat's number (the page names the seat and offers only those of the game's players)."""
    options: type[Options] = cls.options_type
    hints = typing.get_type_hints(options)
    files = set(options.file_options())
    fields = []
    for f in dataclasses.fields(options):
        if f.name in files:
            continue
        tp, optional = _strip_none(hints[f.name])
        field: dict[str, Any] = {
            "name": f.name,
            "label": game_text(cls, LABEL_KEY.format(name=f.name), lang) or f.name,
            "help": game_text(cls, HELP_KEY.format(name=f.name), lang) or option_text(cls, f.name, lang) or "",
            "default": f.default,
            "optional": optional,
            "min": None,
            "max": None,
            "choices": [],
        }
        if issubclass(options, SeatOptions) and f.name == "first_player":
            # a seat or a random draw, whatever the option's type says (a Literal, digits or an int)
            field["kind"] = "choice"
            field["default"] = str(f.default)
            seats = [{"value": str(n), "label": None, "seat": n} for n in range(options.player_counts.stop - 1)]
            field["choices"] = [_choice(cls, f.name, RANDOM, lang), *seats]
        elif tp is bool:
            field["kind"] = "bool"
        elif get_origin(tp) is Literal:
            field["kind"] = "choice"
            field["choices"] = [_choice(cls, f.name, v, lang) for v in get_args(tp)]
        elif tp is int:
            field["kind"] = "int"
            low, high = options.option_ranges.get(f.name, (None, None))
            if issubclass(options, SeatOptions) and f.name == "players":
                low, high = options.player_counts.start, options.player_counts.stop - 1
            field["min"], field["max"] = low, high
        else:
            field["kind"] = "text"
        fields.append(field)
    return fields


def _choice(cls: type[Any], name: str, value: Any, lang: str) -> dict[str, Any]:
    label = game_text(cls, CHOICE_KEY.format(name=name, value=value), lang) or str(value)
    return {"value": value, "label": label, "seat": None}


def _strip_none(tp: Any) -> tuple[Any, bool]:
    """The type without None, and whether None was allowed."""
    if get_origin(tp) in (Union, types.UnionType):
        args = [a for a in get_args(tp) if a is not type(None)]
        optional = len(args) < len(get_args(tp))
        if len(args) == 1:
            return args[0], optional
        literals = [a for a in args if get_origin(a) is Literal]
        # `Literal[...] | int` (a seat by name or number): the named choices are what a form offers
        return (literals[0] if literals else args[0]), optional
    return tp, False
