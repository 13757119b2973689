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
from collections.abc import Callable, Mapping
from typing import Any, Literal, Union, get_args, get_origin

import numpy as np

from dwarfhall.core import Game, InvalidOptions, State, load_game
from dwarfhall.core.info import DEFAULT_MAX_LENGTH, GameInfo, game_info
from dwarfhall.core.registry import game_class
from dwarfhall.core.tensors import legal_mask

DEFAULT_MAX_GAME_LENGTH = DEFAULT_MAX_LENGTH
"""Actions after which a game that declares no bound of its own is cut off as a draw."""

TENSOR_SIZE = 2048
"""Length of the hashed observation encoding (half for categories, half for numbers)."""


def info_of(name: str) -> GameInfo:
    """The record the game declares (core.info): information, chance, players, utility, limits, bounds."""
    return game_info(game_class(name))


def interop_options(name: str, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The game's options with interop's defaults: the declared turn limit, when the game defaults to none."""
    options = dict(given or {})
    limit = info_of(name).turn_limit
    if limit is not None and limit.option not in options:
        fields = {f.name: f for f in dataclasses.fields(game_class(name).options_type)}
        if fields[limit.option].default is None:
            options[limit.option] = limit.default
    return options


def load(name: str, given: Mapping[str, Any] | None = None) -> Game[Any]:
    """The game with interop's defaults; a bad option raises InvalidOptions naming it."""
    return load_game(name, interop_options(name, given))


# -- options as typed parameters (OpenSpiel's parameters have one plain type and no None) ---------------
#
# OpenSpiel reads `first_player=1` in a game string as an int and checks it against the declared type
# before the game sees it, so an option whose values are seats or counts with a few words beside them
# ("random", none) is an int parameter: each word is a negative number (`Parameter.words` lists them in
# order, the first is -1). Every other option keeps its plain type; text options stay text.


@dataclasses.dataclass(frozen=True)
class Parameter:
    """How one option travels as an OpenSpiel parameter."""

    kind: type
    words: tuple[str | None, ...] = ()
    """Values of an int parameter given as -1, -2, ... (None for an empty option)."""
    as_text: bool = False
    """The option holds numbers as text ("0"): an int parameter goes back as text."""

    def encode(self, value: Any) -> int | float | bool | str:
        if self.kind is str:
            return "none" if value is None else str(value)
        if value in self.words and not isinstance(value, bool):
            return -1 - self.words.index(value)
        return typing.cast(int | float | bool | str, self.kind(value))

    def decode(self, value: Any) -> Any:
        if self.kind is int and isinstance(value, int) and not isinstance(value, bool) and value < 0:
            index = -1 - value
            if index < len(self.words):
                return self.words[index]
        if self.as_text and isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        if self.kind is str and isinstance(value, str) and value.lower() == "none":
            return None
        return value


def parameters_of(name: str) -> dict[str, Parameter]:
    """Each option's parameter form (see the comment above)."""
    options_type = game_class(name).options_type
    hints = typing.get_type_hints(options_type)
    defaults = interop_options(name)
    out: dict[str, Parameter] = {}
    for field in dataclasses.fields(options_type):
        default = defaults.get(field.name, field.default)
        out[field.name] = _parameter(hints[field.name], default, functools.partial(_accepts, name, field.name))
    return out


def _accepts(name: str, key: str, value: str) -> bool:
    """Whether the game's options take `value` for `key` (the other options at their defaults)."""
    try:
        game_class(name).options_type.from_dict({key: value})
    except InvalidOptions:
        return False
    return True


def _parameter(tp: Any, default: Any, accepts: typing.Callable[[str], bool]) -> Parameter:
    members = _members(tp)
    empty: tuple[str | None, ...] = (None,) if type(None) in members else ()
    kinds = {m for m in members if isinstance(m, type) and m is not type(None)}
    literals = [m for m in members if not isinstance(m, type)]
    numeric_text = [v for v in literals if isinstance(v, str) and v.lstrip("-").isdigit()]
    words = tuple(v for v in literals if isinstance(v, str) and v not in numeric_text)
    if kinds <= {int} and not any(isinstance(v, (bool, float)) for v in literals):
        if int in kinds or numeric_text:
            return Parameter(int, empty + words, as_text=int not in kinds)
    if str in kinds and isinstance(default, str) and default.isdigit():
        # free text holding a number (a seat as "0"): a number here, and "random" too if the game takes it
        return Parameter(int, (*empty, *(w for w in ("random",) if accepts(w))), as_text=True)
    if not words and not numeric_text and len(kinds | {type(v) for v in literals}) == 1:
        kind = next(iter(kinds | {type(v) for v in literals}))
        if kind in (int, float, bool) and not empty:
            return Parameter(kind)
        if kind in (int, float) and default is not None:
            return Parameter(kind, empty)  # an optional number with a default: -1 is empty
    return Parameter(str)


def _members(tp: Any) -> list[Any]:
    """The plain types and literal values an option's type admits (Unions and Literals flattened)."""
    origin = get_origin(tp)
    if origin is Literal:
        return list(get_args(tp))
    if origin in (Union, types.UnionType):
        return [m for arg in get_args(tp) for m in _members(arg)]
    if isinstance(tp, type):
        return [tp]
    supertype = getattr(tp, "__supertype__", None)  # a NewType such as FilePath
    return _members(supertype) if supertype is not None else [object]


def parameter_defaults(name: str) -> dict[str, int | float | bool | str]:
    """Each option as an OpenSpiel parameter with its default (the game's, or interop's turn limit)."""
    defaults = {f.name: f.default for f in dataclasses.fields(game_class(name).options_type)}
    defaults.update(interop_options(name))
    return {key: parameter.encode(defaults[key]) for key, parameter in parameters_of(name).items()}


def options_from_parameters(name: str, params: Mapping[str, Any], extra: set[str]) -> dict[str, Any]:
    """The game's options from OpenSpiel parameters (words and text forms converted back); `extra` are interop's."""
    forms = parameters_of(name)
    known = set(forms) | extra
    unknown = sorted(set(params) - known)
    if unknown:
        raise InvalidOptions(
            f"dwarfhall_{name}: unknown parameter(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}"
        )
    options = {key: forms[key].decode(value) for key, value in params.items() if key not in extra}
    # a text value is converted by the options' own checks, which name the option on a bad value
    checked = game_class(name).options_type.from_dict(options).to_dict()
    return {key: checked[key] for key in options}


# -- observations --------------------------------------------------------------------------------------


def observation_string(state: State, player: int | None) -> str:
    """The player's observation as canonical JSON: the same text for the same information."""
    return json.dumps(state.observation(player), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def has_own_tensor(game: Game[Any]) -> bool:
    """Whether the game encodes observations itself: declared zones, its own tensor segments, or its own
    `observation_tensor_shape`."""
    if getattr(game, "zones", None) is not None:
        return True
    if type(game).tensor_segments is not Game.tensor_segments:
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


class TensorEncoder:
    """`observation_tensor` for the states of one game, with what it asks of the game looked up once: an
    environment calls it at every step. Each call returns a new array (learners keep observations)."""

    __slots__ = ("_layout", "_state_type")

    def __init__(self, game: Game[Any]) -> None:
        uses_layout = has_own_tensor(game) and type(game).observation_tensor_shape is Game.observation_tensor_shape
        self._layout = game.observation_layout() if uses_layout else None
        self._state_type: type | None = None  # the state class seen to keep the core's observation_tensor

    def __call__(self, state: State, player: int) -> np.ndarray:
        layout = self._layout
        if layout is not None and type(state) is self._state_type:
            return layout.tensor(state, player)  # the core's State.observation_tensor without its checks
        if layout is not None and type(state).observation_tensor is State.observation_tensor:
            self._state_type = type(state)
            return layout.tensor(state, player)
        return observation_tensor(state, player)

    def for_state(self, state: State) -> Callable[[State, int], np.ndarray]:
        """This encoder as one function for the states of `state`'s class (an environment asks once per deal and
        then calls it at every step without the class checks)."""
        layout = self._layout
        if layout is not None and type(state).observation_tensor is State.observation_tensor:
            return layout.tensor
        return self


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


def observation_box(game: Game[Any]) -> Any:
    """The observation space (a gymnasium Box): the flat tensor, each entry bounded by the game's tensor layout
    where the game encodes its observations itself, else by the range its record declares (or unbounded)."""
    from gymnasium import spaces  # the OpenSpiel extra goes without gymnasium

    if has_own_tensor(game) and getattr(type(game), "observation_tensor_shape", None) is Game.observation_tensor_shape:
        layout = game.observation_layout()
        return spaces.Box(layout.low.astype(np.float32), layout.high.astype(np.float32), dtype=np.float32)
    bounds = game_info(game).observation_bounds if has_own_tensor(game) else None
    low, high = bounds if bounds is not None else (-np.inf, np.inf)
    return spaces.Box(np.float32(low), np.float32(high), (tensor_size(game),), np.float32)


def text_view(state: State) -> str:
    """The public view as the game draws it in a terminal (no colours), for `render`."""
    return state.game.text_view().render(state.observation(None), "en", color=False)


def render_text(mode: str | None, live: Callable[[], State]) -> str | None:
    """An environment's `render`: the public view printed ("human"), returned ("ansi"); None otherwise."""
    if mode is None:
        return None
    text = text_view(live())
    if mode == "human":
        print(text)
        return None
    return text


def action_mask(state: State, num_actions: int) -> np.ndarray:
    """1 for each legal id, as int8 (a new, writable array)."""
    return legal_mask(state.legal_action_ids(), num_actions)
