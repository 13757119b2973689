"""Every registered dwarfhall game as an OpenSpiel python game, `dwarfhall_<name>`.

Importing this module registers them with pyspiel; then `pyspiel.load_game("dwarfhall_duel")` and every
OpenSpiel algorithm that takes a sequential imperfect-information game works. See docs/interop.md.

Chance is sampled inside `apply` (SAMPLED_STOCHASTIC): the core protocol resolves dice and shuffles with
each state's own seeded Rng and does not list chance outcomes, so OpenSpiel sees no chance nodes; a clone
keeps its Rng (the same future), and `resample_from_infostate` re-seeds the sample's Rng, so a search
that resamples never learns future chance.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel

from dwarfhall.core import TERMINAL, Game, Rng, State, game_names
from dwarfhall.core.registry import game_class

from .common import (
    DEFAULT_MAX_GAME_LENGTH,
    hashed_encoding,
    load,
    observation_string,
    observation_tensor,
    options_from_parameters,
    parameter_defaults,
    tensor_size,
)

PREFIX = "dwarfhall_"
INTEROP_PARAMETERS = {"max_game_length": DEFAULT_MAX_GAME_LENGTH, "rng_seed": 0}
"""Interop's own parameters: the action bound (a game cut off there is a draw) and the seed of new games."""


def short_name(name: str) -> str:
    return PREFIX + name


def game_type(name: str) -> pyspiel.GameType:
    cls = game_class(name)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"dwarfhall {cls.title.get('en', name)}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        # returns sum to zero for every number of players (a sole winner +1, the others -1/(N-1))
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**parameter_defaults(name), **INTEROP_PARAMETERS},
    )


class DwarfhallGame(pyspiel.Game):
    """One dwarfhall game with fixed options, as OpenSpiel sees it."""

    def __init__(self, name: str, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        options = options_from_parameters(name, params, set(INTEROP_PARAMETERS))
        self.inner: Game[Any] = load(name, options)
        self.max_length = int(params.get("max_game_length", DEFAULT_MAX_GAME_LENGTH))
        if self.max_length < 1:
            raise ValueError(f"{short_name(name)}: max_game_length must be at least 1, got {self.max_length}")
        seed = int(params.get("rng_seed", 0))
        self._seeds = random.Random(seed)
        self.tensor_size = tensor_size(self.inner)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.inner.num_distinct_actions(),
            max_chance_outcomes=0,
            num_players=self.inner.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_length,
        )
        shown = {**parameter_defaults(name), **INTEROP_PARAMETERS, **params}
        super().__init__(game_type(name), info, shown)

    def new_initial_state(self) -> DwarfhallState:
        # the deal happens when the state is first used: OpenSpiel's clone also calls this method
        return DwarfhallState(self, _Deal())

    def next_seed(self) -> int:
        return self._seeds.getrandbits(63)

    def state_from(self, inner: State) -> DwarfhallState:
        """Wraps a dwarfhall state (a fresh deal, a scenario, a loaded save) for OpenSpiel."""
        return DwarfhallState(self, _Position.start(inner, self.max_length))

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Mapping[str, Any] | None = None
    ) -> DwarfhallObserver:
        if params:
            raise ValueError(f"{self.get_type().short_name}: observers take no parameters, got {dict(params)}")
        kind = "default"
        if iig_obs_type is not None:
            if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
                raise ValueError("dwarfhall observers show one player's view, never every player's private information")
            if iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE:
                kind = "public"
            elif not iig_obs_type.public_info:
                kind = "private"
            elif iig_obs_type.perfect_recall:
                kind = "recall"
        return DwarfhallObserver(self.tensor_size, kind)


def _digest(previous: bytes, seen: str) -> bytes:
    return hashlib.blake2b(previous + seen.encode("utf-8"), digest_size=16).digest()


class _Position:
    """Everything a wrapped state holds, in one attribute: OpenSpiel's clone deep-copies each attribute.

    A player's information state is their observation at each of their own decisions and the action
    they took there, folded into a digest (`trails[p]`), then their current observation. The digests
    are brought up to date only when asked (`flush`): actions since then wait in `pending`, with `base`
    the state before them, so rollouts that never ask pay nothing for it.
    """

    __slots__ = ("base", "max_length", "moves", "pending", "state", "trails")

    def __init__(self, state: State, trails: list[bytes], moves: int, max_length: int) -> None:
        self.state = state
        self.trails = trails
        self.moves = moves
        self.max_length = max_length
        self.base: State | None = None
        self.pending: list[int] = []

    @classmethod
    def start(cls, state: State, max_length: int) -> _Position:
        return cls(state, [b""] * state.num_players, len(state.history), max_length)

    def apply(self, action: int) -> None:
        if self.base is None:
            self.base = self.state.clone()
        self.state.apply(action)
        self.pending.append(action)
        self.moves += 1

    def flush(self) -> list[bytes]:
        """The digests with every pending action folded in (replayed on `base`: chance repeats exactly)."""
        if self.pending:
            replay = self.base
            assert replay is not None
            trails = self.trails
            for action in self.pending:
                player = replay.current_player
                trails[player] = _digest(trails[player], f"{observation_string(replay, player)}\n{action}")
                replay.apply(action)
            self.pending = []
            self.base = replay  # now equal to `state`, so it serves as the next base
        return self.trails

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        other = _Position(self.state.clone(), list(self.trails), self.moves, self.max_length)
        if self.pending:
            assert self.base is not None
            other.base = self.base.clone()
            other.pending = list(self.pending)
        return other

    def __reduce__(self) -> tuple[Any, ...]:
        game = self.state.game
        args = (game.name, game.options.to_dict(), self.state.to_json(), self.flush(), self.moves, self.max_length)
        return (_position_from_json, args)


def _position_from_json(
    name: str, options: dict[str, Any], data: dict[str, Any], trails: list[bytes], moves: int, cap: int
) -> _Position:
    from dwarfhall.core import load_game as load_core_game

    return _Position(load_core_game(name, options).state_from_json(data), trails, moves, cap)


class _Deal:
    """A new game not dealt yet; the state and its clones share it, so they all get the same deal."""

    __slots__ = ("initial",)

    def __init__(self) -> None:
        self.initial: _Position | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Deal:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Deal, ())


class DwarfhallState(pyspiel.State):
    """A dwarfhall state inside OpenSpiel; each player's information state is their observation history."""

    def __init__(self, game: DwarfhallGame, position: _Position | _Deal) -> None:
        super().__init__(game)
        self._position = position

    @property
    def position(self) -> _Position:
        position = self._position
        if isinstance(position, _Deal):
            if position.initial is None:
                game: DwarfhallGame = self.get_game()
                position.initial = _Position.start(game.inner.new_state(seed=game.next_seed()), game.max_length)
            position = self._position = copy.deepcopy(position.initial)
        return position

    @property
    def inner(self) -> State:
        """The dwarfhall state (every core method works on it)."""
        return self.position.state

    # -- whose turn and what is legal ------------------------------------------------
    def current_player(self) -> int:
        position = self.position
        player = position.state.current_player
        if player == TERMINAL or position.moves >= position.max_length:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def is_terminal(self) -> bool:
        position = self.position
        return position.state.is_terminal or position.moves >= position.max_length

    def _legal_actions(self, player: int) -> list[int]:
        inner = self.position.state
        if player != inner.current_player:
            return []
        return sorted(inner.legal_action_ids())

    def _apply_action(self, action: int) -> None:
        self.position.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        inner = self.position.state
        if action in inner.legal_action_ids():
            return inner.describe_action(int(action)).label("en")
        return f"action {action}"

    def returns(self) -> list[float]:
        inner = self.position.state
        if inner.is_terminal:
            return [float(r) for r in inner.returns()]
        # not over, or cut off at max_game_length: a draw
        return [0.0] * inner.num_players

    # -- information -----------------------------------------------------------------
    def _player(self, player: int | None) -> int:
        return self.current_player() if player is None else int(player)

    def information_state_string(self, player: int | None = None) -> str:
        p = self._player(player)
        position = self.position
        digest = position.flush()[p]
        return f"history {digest.hex() or 'start'}\n{observation_string(position.state, p)}"

    def observation_string(self, player: int | None = None) -> str:
        return observation_string(self.position.state, self._player(player))

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        return observation_tensor(self.position.state, self._player(player)).tolist()

    def observation_tensor(self, player: int | None = None) -> list[float]:
        return observation_tensor(self.position.state, self._player(player)).tolist()

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> DwarfhallState:
        """A state `player_id` cannot tell from this one, from `determinize`, with a re-seeded Rng."""
        position = self.position
        sample = position.state.determinize(player_id, Rng(int(probability_sampler() * 2**53)))
        # the other players' histories in the sample are unknown; theirs begin at the sample
        trails = [digest if p == player_id else b"resampled" for p, digest in enumerate(position.flush())]
        return DwarfhallState(self.get_game(), _Position(sample, trails, position.moves, position.max_length))

    def __str__(self) -> str:
        return observation_string(self.position.state, None)


class DwarfhallObserver:
    """OpenSpiel's python observer: one flat tensor `observation` and a string, per player.

    - default (perfect_recall=False): the player's observation (`observation_string`, `observation_tensor`);
    - perfect_recall=True: the information-state string; the tensor stays the current observation's;
    - public only (private_info=NONE): the public view, `state.observation(None)`;
    - private only (public_info=False): what the player sees beyond the public view (`private_part`).
    """

    def __init__(self, size: int, kind: str) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self.kind = kind

    def _json(self, state: DwarfhallState, player: int) -> dict[str, Any]:
        inner = state.inner
        if self.kind == "public":
            return inner.observation(None)
        if self.kind == "private":
            return private_part(inner.observation(player), inner.observation(None))
        return inner.observation(player)

    def set_from(self, state: DwarfhallState, player: int) -> None:
        if self.kind in ("public", "private"):
            self.tensor[:] = hashed_encoding(self._json(state, player), self.tensor.size)
        else:
            self.tensor[:] = observation_tensor(state.inner, player)

    def string_from(self, state: DwarfhallState, player: int) -> str:
        if self.kind == "recall":
            return str(state.information_state_string(player))
        if self.kind == "default":
            return observation_string(state.inner, player)
        return json.dumps(self._json(state, player), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def private_part(seen: Any, public: Any) -> Any:
    """The parts of a player's observation that differ from the public view (objects compared key by key)."""
    if isinstance(seen, dict) and isinstance(public, dict):
        return {k: private_part(v, public.get(k)) for k, v in seen.items() if v != public.get(k)}
    if isinstance(seen, list) and isinstance(public, list) and len(seen) == len(public):
        return [private_part(v, w) if v != w else None for v, w in zip(seen, public, strict=True)]
    return seen


def _game_class(name: str) -> type[DwarfhallGame]:
    """A subclass per game: pyspiel calls the registered class with the parameters only."""

    def __init__(self: DwarfhallGame, params: Mapping[str, Any] | None = None) -> None:
        DwarfhallGame.__init__(self, name, params)

    return type(f"Dwarfhall_{name}", (DwarfhallGame,), {"__init__": __init__, "__module__": __name__})


def register_all() -> list[str]:
    """Registers every game of the registry not yet known to pyspiel; returns their OpenSpiel names."""
    known = {t.short_name for t in pyspiel.registered_games()}
    added = []
    for name in game_names():
        if short_name(name) not in known:
            pyspiel.register_game(game_type(name), _game_class(name))
            added.append(short_name(name))
    return added


def load_game(name: str, **params: Any) -> DwarfhallGame:
    """`pyspiel.load_game("dwarfhall_<name>", params)` with the name given with or without the prefix."""
    register_all()
    full = name if name.startswith(PREFIX) else short_name(name)
    game: DwarfhallGame = pyspiel.load_game(full, params)
    return game


register_all()

__all__ = ["DwarfhallGame", "DwarfhallObserver", "DwarfhallState", "load_game", "register_all", "short_name"]
