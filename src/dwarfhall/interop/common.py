"""What the OpenSpiel, PettingZoo and Gymnasium layers share: options, length limits, observation encodings.

Only the core protocol is used here, so every registered game comes through unchanged.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, Union, get_args, get_origin

import numpy as np

from dwarfhall.core import Game, InvalidOptions, State, load_game
from dwarfhall.core.registry import game_class

DEFAULT_TURN_LIMIT = 300
"""Turns after which a game whose own options default to no limit ends as a draw (Ale War: two cautious
players can stay out of each other's reach for ever). The rules pages say why a game needs one."""

DEFAULT_MAX_GAME_LENGTH = 3000
"""Actions after which any game is cut off as a draw: a safety bound above every game seen (see
docs/interop.md for the measured lengths), so OpenSpiel's `max_game_length` is a true bound."""

TENSOR_SIZE = 2048
"""Length of the hashed observation encoding (half for categories, half for numbers)."""


def interop_options(name: str, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The game's options with interop's defaults filled in: a `turn_limit` that defaults to none gets one."""
    options = dict(given or {})
    fields = {f.name: f for f in dataclasses.fields(game_class(name).options_type)}
    limit = fields.get("turn_limit")
    if limit is not None and limit.default is None and "turn_limit" not in options:
        options["turn_limit"] = DEFAULT_TURN_LIMIT
    return options


def load(name: str, given: Mapping[str, Any] | None = None) -> Game[Any]:
    """The game with interop's defaults; a bad option raises InvalidOptions naming it."""
    return load_game(name, interop_options(name, given))


# -- options as typed parameters (OpenSpiel's parameters have one plain type and no None) ---------------


def parameter_defaults(name: str) -> dict[str, int | float | bool | str]:
    """Each option as an OpenSpiel parameter with its default.

    int, float, bool and str options keep their type, and so does an optional one whose default (interop's
    turn limit) is not None; an option that defaults to None or mixes types becomes text in the
    command-line form (`"none"`, `"1"`, `"random"`), converted back by the game's own options.
    """
    options_type = game_class(name).options_type
    hints = typing.get_type_hints(options_type)
    defaults = interop_options(name)
    params: dict[str, int | float | bool | str] = {}
    for field in dataclasses.fields(options_type):
        default: Any = defaults.get(field.name, field.default)
        plain = _plain_type(hints[field.name])
        if plain is not None and isinstance(default, plain) and default is not None:
            params[field.name] = typing.cast(int | float | bool | str, default)
        else:
            params[field.name] = "none" if default is None else str(default)
    return params


def _plain_type(tp: Any) -> type | None:
    """int, float, bool or str when the option can only be that type (Literals of one type included)."""
    if tp in (int, float, bool, str):
        return typing.cast(type, tp)
    if get_origin(tp) is Literal:
        kinds = {type(a) for a in get_args(tp)}
        return kinds.pop() if len(kinds) == 1 else None
    if get_origin(tp) in (Union, types.UnionType):
        members = [a for a in get_args(tp) if a is not type(None)]
        # X | None: a parameter of type X (None is not offered where interop sets a default)
        return _plain_type(members[0]) if len(members) == 1 else None
    return None


def _allows_none(tp: Any) -> bool:
    return get_origin(tp) in (Union, types.UnionType) and type(None) in get_args(tp)


def options_from_parameters(name: str, params: Mapping[str, Any], extra: set[str]) -> dict[str, Any]:
    """The game's options from OpenSpiel parameters (text forms converted back); `extra` are interop's own."""
    known = set(parameter_defaults(name)) | extra
    unknown = sorted(set(params) - known)
    if unknown:
        raise InvalidOptions(
            f"dwarfhall_{name}: unknown parameter(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}"
        )
    options_type = game_class(name).options_type
    hints = typing.get_type_hints(options_type)
    options: dict[str, Any] = {}
    for key, value in params.items():
        if key in extra:
            continue
        text_none = isinstance(value, str) and value.lower() == "none"
        options[key] = None if text_none and _allows_none(hints[key]) else value
    # a text value is converted by the options' own checks, which name the option on a bad value
    checked = options_type.from_dict(options).to_dict()
    return {key: checked[key] for key in options}


# -- observations --------------------------------------------------------------------------------------


def observation_string(state: State, player: int | None) -> str:
    """The player's observation as canonical JSON: the same text for the same information."""
    return json.dumps(state.observation(player), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def has_own_tensor(game: Game[Any]) -> bool:
    """Whether the game encodes observations itself: declared zones, or its own `observation_tensor_shape`."""
    if getattr(game, "zones", None) is not None:
        return True
    shape = getattr(type(game), "observation_tensor_shape", None)
    return shape is not None and shape is not getattr(Game, "observation_tensor_shape", None)


def tensor_size(game: Game[Any]) -> int:
    """Length of the flat observation tensor: the game's own encoding when it has one, else the hashed one."""
    if has_own_tensor(game):
        return int(np.prod(typing.cast(Any, game).observation_tensor_shape()))
    return TENSOR_SIZE


def observation_tensor(state: State, player: int) -> np.ndarray:
    """A flat float32 encoding of `state.observation(player)` and nothing else."""
    if has_own_tensor(state.game):
        return np.asarray(typing.cast(Any, state).observation_tensor(player), dtype=np.float32).ravel()
    return hashed_encoding(state.observation(player))


def hashed_encoding(observation: Mapping[str, Any], size: int = TENSOR_SIZE) -> np.ndarray:
    """Feature hashing of a JSON observation into a fixed-length vector (layout in docs/interop.md).

    Every leaf has a path (`players[1].hand[]`: object keys joined by dots, positions in lists of objects
    or lists, `[]` for lists of plain values, whose order does not matter). A text, true/false or null leaf
    adds 1 at slot hash("path=value") of the first half; a number adds its value at slot hash("path") of
    the second half. Slots come from BLAKE2b, so they are the same on every machine and run.
    """
    half = size // 2
    slots: list[int] = []
    values: list[float] = []
    for path, value in _leaves(observation, ""):
        if type(value) is int or type(value) is float:
            slots.append(half + _slot(path, half))
            values.append(float(value))
        else:
            slots.append(_slot(f"{path}={_text(value)}", half))
            values.append(1.0)
    out = np.zeros(size, dtype=np.float32)
    np.add.at(out, slots, values)
    return out


def _text(value: Any) -> str:
    """A leaf as JSON writes it (null, true, false, text as is)."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    return str(value)


@functools.lru_cache(maxsize=1 << 17)
def _slot(key: str, buckets: int) -> int:
    return int.from_bytes(hashlib.blake2b(key.encode("utf-8"), digest_size=8).digest(), "little") % buckets


def _leaves(node: Any, path: str) -> typing.Iterator[tuple[str, Any]]:
    if isinstance(node, dict):
        for key, child in node.items():
            sub = f"{path}.{key}" if path else str(key)
            if isinstance(child, (dict, list, tuple)):
                yield from _leaves(child, sub)
            else:
                yield sub, child
    elif isinstance(node, (list, tuple)):
        plain = not any(isinstance(child, (dict, list, tuple)) for child in node)
        if plain:
            sub = f"{path}[]"
            for child in node:
                yield sub, child
        else:
            for index, child in enumerate(node):
                if isinstance(child, (dict, list, tuple)):
                    yield from _leaves(child, f"{path}[{index}]")
                else:
                    yield f"{path}[{index}]", child
    else:
        yield path, node


def action_mask(state: State, num_actions: int) -> np.ndarray:
    """1 for each legal id, as int8."""
    mask = np.zeros(num_actions, dtype=np.int8)
    legal = state.legal_action_ids()
    if legal:
        mask[list(legal)] = 1
    return mask
