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
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import pyspiel

from dwarfhall.core import TERMINAL, Game, Rng, State, game_names
from dwarfhall.core.info import Chance, Information, Utility
from dwarfhall.core.registry import game_class

from .common import (
    hashed_encoding,
    info_of,
    load,
    observation_string,
    observation_tensor,
    options_from_parameters,
    parameter_defaults,
    tensor_size,
)

PREFIX = "dwarfhall_"

CHANCE_MODES = {
    Chance.DETERMINISTIC: pyspiel.GameType.ChanceMode.DETERMINISTIC,
    # explicit chance nodes are not offered here yet: the core resolves chance inside `apply`
    Chance.SAMPLED: pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    Chance.EXPLICIT: pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
}
INFORMATION = {
    Information.PERFECT: pyspiel.GameType.Information.PERFECT_INFORMATION,
    Information.IMPERFECT: pyspiel.GameType.Information.IMPERFECT_INFORMATION,
}
UTILITIES = {
    Utility.ZERO_SUM: pyspiel.GameType.Utility.ZERO_SUM,
    Utility.CONSTANT_SUM: pyspiel.GameType.Utility.CONSTANT_SUM,
    Utility.GENERAL: pyspiel.GameType.Utility.GENERAL_SUM,
}


def short_name(name: str) -> str:
    return PREFIX + name


def interop_parameters(name: str) -> dict[str, int]:
    """Interop's own parameters: the action bound (a game cut off there is a draw) and the seed of new deals."""
    return {"max_game_length": info_of(name).max_length, "rng_seed": 0}


def game_type(name: str) -> pyspiel.GameType:
    """OpenSpiel's description of the game, read from the record the game declares (core.info)."""
    cls = game_class(name)
    info = info_of(name)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"dwarfhall {cls.title.get('en', name)}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=CHANCE_MODES[info.chance],
        information=INFORMATION[info.information],
        utility=UTILITIES[info.utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        # an information state is a whole history; a fixed-length tensor cannot hold it (docs/interop.md)
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**parameter_defaults(name), **interop_parameters(name)},
    )


class DwarfhallGame(pyspiel.Game):
    """One dwarfhall game with fixed options, as OpenSpiel sees it."""

    def __init__(self, name: str, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        ours = interop_parameters(name)
        options = options_from_parameters(name, params, set(ours))
        self.inner: Game[Any] = load(name, options)
        self.max_length = int(params.get("max_game_length", ours["max_game_length"]))
        if self.max_length < 1:
            raise ValueError(f"{short_name(name)}: max_game_length must be at least 1, got {self.max_length}")
        seed = int(params.get("rng_seed", 0))
        self._seeds = random.Random(seed)
        self.tensor_size = tensor_size(self.inner)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.inner.num_distinct_actions(),
            max_chance_outcomes=0,
            num_players=self.inner.num_players,
            min_utility=-1.0,  # a sole winner +1, every other player -1/(N-1): in [-1, 1] for any N
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_length,
        )
        shown = {**parameter_defaults(name), **ours, **params}
        super().__init__(game_type(name), info, shown)

    def new_initial_state(self) -> DwarfhallState:
        # the deal happens when the state is first used: OpenSpiel's clone also calls this method
        return DwarfhallState(self, _Deal())

    def next_seed(self) -> int:
        return self._seeds.getrandbits(63)

    def state_from(self, inner: State) -> DwarfhallState:
        """Wraps a dwarfhall state (a fresh deal, a scenario, a loaded save) for OpenSpiel."""
        return DwarfhallState(self, _Position.start(inner, self.max_length))

    def replay(self, seed: int, actions: Sequence[int]) -> DwarfhallState:
        """The state reached from the deal of `seed` by `actions`: a recorded run rebuilt exactly."""
        state = self.state_from(self.inner.new_state(seed=seed))
        for action in actions:
            state.apply_action(int(action))
        return state

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

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as OpenSpiel's own games are, by their game string (and here where the deals have got to)."""
        return (_game_from_string, (str(self), self._seeds.getstate()))

    def __deepcopy__(self, memo: dict[int, Any]) -> DwarfhallGame:
        return self  # a game's options never change; its states share it as OpenSpiel's do


def _game_from_string(text: str, seeds: Any) -> DwarfhallGame:
    register_all()
    game: DwarfhallGame = pyspiel.load_game(text)
    game._seeds.setstate(seeds)
    return game


def _state_from_string(game_text: str, serialized: str) -> DwarfhallState:
    register_all()
    state: DwarfhallState = pyspiel.load_game(game_text).deserialize_state(serialized)
    return state


def _digest(previous: bytes, seen: str) -> bytes:
    return hashlib.blake2b(previous + seen.encode("utf-8"), digest_size=16).digest()


class _Position:
    """Everything a wrapped state holds, in one attribute: OpenSpiel's clone deep-copies each attribute.

    A player's information state is everything they have seen: each observation that differs from the one
    before (after any player's action) and each action of their own, in order, folded into a digest
    (`trails[p]`; `seen[p]` is the last observation folded in, after `flush` the current one). An action
    that changes nothing a player sees leaves their trail alone, so hidden moves stay hidden. The digests are brought
    up to date only when asked (`flush`): actions since then wait in `pending`, with `base` the state
    before them, so rollouts that never ask pay nothing for it.
    """

    __slots__ = ("base", "max_length", "moves", "pending", "seen", "state", "trails")

    def __init__(self, state: State, trails: list[bytes], seen: list[str], moves: int, max_length: int) -> None:
        self.state = state
        self.trails = trails
        self.seen = seen
        self.moves = moves
        self.max_length = max_length
        self.base: State | None = None
        self.pending: list[int] = []

    @classmethod
    def start(cls, state: State, max_length: int) -> _Position:
        n = state.num_players
        return cls(state, [b""] * n, [""] * n, len(state.history), max_length)

    def apply(self, action: int) -> None:
        if self.base is None:
            self.base = self.state.clone()
        self.state.apply(action)
        self.pending.append(action)
        self.moves += 1

    def _fold_views(self, state: State) -> None:
        for player in range(state.num_players):
            view = observation_string(state, player)
            if view != self.seen[player]:
                self.trails[player] = _digest(self.trails[player], "saw " + view)
                self.seen[player] = view

    def flush(self) -> list[bytes]:
        """The digests with every pending action folded in (replayed on `base`: chance repeats exactly)."""
        replay = self.base if self.pending else self.state
        assert replay is not None
        if "" in self.seen:
            self._fold_views(replay)  # the views at the start, or after a resample (later ones come below)
        if self.pending:
            for action in self.pending:
                actor = replay.current_player
                self.trails[actor] = _digest(self.trails[actor], f"did {action}")
                replay.apply(action)
                self._fold_views(replay)
            self.pending = []
            self.base = replay  # now equal to `state`, so it serves as the next base
        return self.trails

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        other = _Position(self.state.clone(), list(self.trails), list(self.seen), self.moves, self.max_length)
        if self.pending:
            assert self.base is not None
            other.base = self.base.clone()
            other.pending = list(self.pending)
        return other

    def __reduce__(self) -> tuple[Any, ...]:
        game = self.state.game
        trails = list(self.flush())
        args = (game.name, game.options.to_dict(), self.state.to_json(), trails, list(self.seen), self.moves)
        return (_position_from_json, (*args, self.max_length))


def _position_from_json(
    name: str,
    options: dict[str, Any],
    data: dict[str, Any],
    trails: list[bytes],
    seen: list[str],
    moves: int,
    cap: int,
) -> _Position:
    from dwarfhall.core import load_game as load_core_game

    return _Position(load_core_game(name, options).state_from_json(data), trails, seen, moves, cap)


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
    """A dwarfhall state inside OpenSpiel; each player's information state is everything they have seen."""

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
        """The player asked about (the one to act when None); others are refused as OpenSpiel's games do."""
        p = self.current_player() if player is None else int(player)
        if p < 0:
            raise pyspiel.SpielError(f"player >= 0 needed, got {p}")
        if p >= self.position.state.num_players:
            raise pyspiel.SpielError(f"player < {self.position.state.num_players} needed, got {p}")
        return p

    def information_state_string(self, player: int | None = None) -> str:
        p = self._player(player)
        position = self.position
        digest = position.flush()[p]
        return f"history {digest.hex()}\n{position.seen[p]}"  # seen[p] is the current view after flush

    def information_state_key(self, player: int | None = None) -> str:
        """A compact key for tabular methods: 32 hex digits naming the information state (equal iff equal)."""
        p = self._player(player)
        position = self.position
        return _digest(position.flush()[p], position.seen[p]).hex()

    def observation_string(self, player: int | None = None) -> str:
        return observation_string(self.position.state, self._player(player))

    def observation_tensor(self, player: int | None = None) -> list[float]:
        return observation_tensor(self.position.state, self._player(player)).tolist()

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> DwarfhallState:
        """A state `player_id` cannot tell from this one, from `determinize`, with a re-seeded Rng."""
        position = self.position
        p = self._player(player_id)
        sample = position.state.determinize(p, Rng(int(probability_sampler() * 2**53)))
        # the other players' histories in the sample are unknown; theirs begin at the sample
        trails = [digest if q == p else b"resampled" for q, digest in enumerate(position.flush())]
        seen = [view if q == p else "" for q, view in enumerate(position.seen)]
        return DwarfhallState(self.get_game(), _Position(sample, trails, seen, position.moves, position.max_length))

    # -- copies and pickles, as OpenSpiel's own python games have them -----------------------------
    def serialize(self) -> str:
        _ = self.position  # deal a new state first, so the text holds the deal and not a promise of one
        return str(super().serialize())

    def __reduce__(self) -> tuple[Any, ...]:
        """Rebuilt from the game string and `serialize()`, in any process that can import dwarfhall."""
        return (_state_from_string, (str(self.get_game()), self.serialize()))

    def __deepcopy__(self, memo: dict[int, Any]) -> DwarfhallState:
        return self.clone()

    def __copy__(self) -> DwarfhallState:
        return self.clone()

    def __str__(self) -> str:
        return observation_string(self.position.state, None)


class DwarfhallObserver:
    """OpenSpiel's python observer: one flat tensor `observation` and a string, per player.

    - default (perfect_recall=False): the player's observation (`observation_string`, `observation_tensor`);
    - perfect_recall=True: the information-state string, and no tensor (`tensor` is None: a fixed-length
      tensor cannot hold a whole history, so none is claimed);
    - public only (private_info=NONE): the public view, `state.observation(None)`;
    - private only (public_info=False): what the player sees beyond the public view (`private_part`).
    """

    def __init__(self, size: int, kind: str) -> None:
        self.tensor: np.ndarray | None = None if kind == "recall" else np.zeros(size, np.float32)
        self.dict = {} if self.tensor is None else {"observation": self.tensor}
        self.kind = kind

    def _json(self, state: DwarfhallState, player: int) -> dict[str, Any]:
        inner = state.inner
        if self.kind == "public":
            return inner.observation(None)
        if self.kind == "private":
            return private_part(inner.observation(player), inner.observation(None))
        return inner.observation(player)

    def set_from(self, state: DwarfhallState, player: int) -> None:
        if self.tensor is None:
            return
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
