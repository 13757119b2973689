"""A learned value of a position, evaluated with numpy alone (no training library needed to play).

A model is a small multilayer perceptron from one player's observation tensor (`State.observation_tensor`)
to that player's expected return in [-1, 1], stored as a `.npz` file of plain arrays (read without pickle)
with its model card as JSON inside. `dwarfhall train GAME` (agents/train.py) makes one; ISMCTS uses it at its
leaves with `ismcts:model=NAME`.

A *residual* model corrects the game's heuristic instead of replacing it: the heuristic's value h of the
position for that player enters as z = atanh(h) (the heuristic's own score before its squashing), appended to
the observation, and the model says tanh(skip * z + mlp(observation, z)). With the last layer at zero and skip 1
it is the heuristic exactly, so training starts from the heuristic and learns only what it gets wrong.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import sys
import zipfile
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from dwarfhall.core.errors import DwarfhallError
from dwarfhall.core.game import Game, State

FORMAT = "dwarfhall-value-model"
VERSION = 1
Z_LIMIT = 0.999  # the heuristic's value is clipped before atanh: a sure result would be an infinite score
MODELS_ENV = "DWARFHALL_MODELS"  # a folder of further models, set by whoever runs the program
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


class ModelError(DwarfhallError, ValueError):
    """A model that cannot be found, read or used for a game; the message names the file and the problem."""


def layout_fingerprint(game: Game[Any]) -> str:
    """A short hash of the game's observation tensor layout: a model trained on another layout is refused."""
    text = json.dumps(game.observation_tensor_layout())
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass
class ValueModel:
    game: str
    layout: str  # layout_fingerprint of the game it was trained on
    layers: list[tuple[np.ndarray, np.ndarray]]  # (weights in x out, bias); ReLU between, tanh at the end
    card: dict[str, Any] = field(default_factory=dict)
    skip: float | None = None  # residual models: the weight of the heuristic's score z beside the network
    _rows: dict[int, list[np.ndarray]] = field(default_factory=dict, repr=False, compare=False)

    @property
    def input_size(self) -> int:
        return int(self.layers[0][0].shape[0])

    @property
    def residual(self) -> bool:
        return self.skip is not None

    def values(self, tensors: np.ndarray, heuristic: np.ndarray | None = None) -> np.ndarray:
        """One value in [-1, 1] per row of observation tensors; a residual model also needs each row's heuristic
        value (for that row's player)."""
        h = np.asarray(tensors, dtype=np.float32)
        z = None
        if self.skip is not None:
            if heuristic is None:
                raise ModelError("a residual model needs the heuristic's values")
            z = heuristic_score(heuristic)
            h = np.concatenate([h, z[:, None]], axis=1)
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < last:
                np.maximum(h, 0.0, out=h)
        out: np.ndarray = h[:, 0]
        if z is not None:
            out = out + np.float32(self.skip) * z
        return np.tanh(out)

    def evaluate_all(self, state: State, heuristic: list[float] | None = None) -> list[float]:
        """Every player's value of a (determinized) position, from each one's own observation (and, for a
        residual model, the heuristic's values of it); centred so that they sum to zero, as returns do.
        (The search's hot path: buffers per player count, reused, and scalar math for the few values; the same
        numbers as `values` up to float rounding.)"""
        n = state.num_players
        buffers = self._rows.get(n)
        if buffers is None:
            buffers = self._rows[n] = [np.zeros((n, self.input_size), dtype=np.float32)]
            buffers += [np.zeros((n, w.shape[1]), dtype=np.float32) for w, _ in self.layers]
        rows = buffers[0]
        skip = self.skip
        width = self.input_size - (0 if skip is None else 1)
        for p in range(n):
            rows[p, :width] = state.observation_tensor(p)
        zs: list[float] = []
        if skip is not None:
            if heuristic is None:
                raise ModelError("a residual model needs the heuristic's values")
            zs = [math.atanh(max(-Z_LIMIT, min(Z_LIMIT, float(v)))) for v in heuristic]
            rows[:, width] = zs
        h = rows
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            out = buffers[i + 1]
            np.matmul(h, w, out=out)
            out += b
            if i < last:
                np.maximum(out, 0.0, out=out)
            h = out
        raw = h[:, 0].tolist()
        if skip is not None:
            values = [math.tanh(r + skip * z) for r, z in zip(raw, zs, strict=True)]
        else:
            values = [math.tanh(r) for r in raw]
        mean = sum(values) / n
        return [v - mean for v in values]

    def check_game(self, game: Game[Any]) -> None:
        if game.name != self.game:
            raise ModelError(f"the model is for {self.game}, not {game.name}")
        if layout_fingerprint(game) != self.layout:
            raise ModelError(
                f"the model was trained on another observation layout of {game.name}; train it again "
                f"(dwarfhall train {game.name})"
            )


def heuristic_score(values: np.ndarray) -> np.ndarray:
    """The heuristic's values in [-1, 1] as unbounded scores, atanh of the clipped value (float32)."""
    clipped = np.clip(np.asarray(values, dtype=np.float32), -Z_LIMIT, Z_LIMIT)
    return np.arctanh(clipped).astype(np.float32)


def save_model(model: ValueModel, path: Path) -> str:
    """Writes the model; returns the file's SHA-256."""
    arrays: dict[str, np.ndarray] = {}
    for i, (w, b) in enumerate(model.layers):
        arrays[f"w{i}"] = w.astype(np.float32)
        arrays[f"b{i}"] = b.astype(np.float32)
    if model.skip is not None:
        arrays["skip"] = np.array([model.skip], dtype=np.float32)
    meta = {"format": FORMAT, "version": VERSION, "game": model.game, "layout": model.layout, "card": model.card}
    arrays["meta"] = np.array(json.dumps(meta, sort_keys=True))
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("wb") as fh:
        np.savez_compressed(fh, **arrays)  # type: ignore[arg-type]
    os.replace(tmp, path)
    return hashlib.sha256(path.read_bytes()).hexdigest()


def load_model(path: Path) -> ValueModel:
    """The model in `path`; ModelError names the file and what is wrong (missing, not a model, damaged)."""
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {key: data[key] for key in data.files}
    except FileNotFoundError:
        raise ModelError(f"{path}: no such model file") from None
    except (OSError, ValueError, zipfile.BadZipFile, EOFError) as exc:
        raise ModelError(f"{path}: not a readable model file ({exc})") from None
    try:
        meta = json.loads(str(arrays.pop("meta")))
    except (KeyError, ValueError):
        raise ModelError(f"{path}: not a dwarfhall model (no readable meta)") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise ModelError(f"{path}: not a dwarfhall model (its meta does not say format {FORMAT!r})")
    if meta.get("version") != VERSION:
        raise ModelError(f"{path}: model version {meta.get('version')!r}; this dwarfhall reads {VERSION}")
    skip_array = arrays.pop("skip", None)
    skip = None
    if skip_array is not None:
        if skip_array.shape != (1,) or not np.isfinite(skip_array).all():
            raise ModelError(f"{path}: its heuristic weight (skip) is damaged")
        skip = float(skip_array[0])
    layers: list[tuple[np.ndarray, np.ndarray]] = []
    for i in range(len(arrays) // 2):
        w, b = arrays.get(f"w{i}"), arrays.get(f"b{i}")
        if w is None or b is None or w.ndim != 2 or b.shape != (w.shape[1],):
            raise ModelError(f"{path}: layer {i} is damaged or missing")
        if layers and layers[-1][0].shape[1] != w.shape[0]:
            raise ModelError(f"{path}: layer {i} does not fit the layer before it")
        if not (np.isfinite(w).all() and np.isfinite(b).all()):
            raise ModelError(f"{path}: layer {i} holds numbers that are not finite")
        layers.append((w.astype(np.float32), b.astype(np.float32)))
    if not layers or layers[-1][0].shape[1] != 1:
        raise ModelError(f"{path}: no layers, or the last one does not give one value")
    return ValueModel(str(meta.get("game")), str(meta.get("layout")), layers, dict(meta.get("card") or {}), skip)


def model_path(name: str, game: str) -> Path:
    """Where the model `name` of a game lies: `NAME-GAME.npz` in $DWARFHALL_MODELS, else among the shipped ones.
    A name is a plain word, never a path, so an agent spec cannot make the program read a file of its choosing."""
    if not _NAME.match(name):
        raise ModelError(f"model name {name!r}: use letters, digits, '-' and '_' (a name, not a path)")
    filename = f"{name}-{game}.npz"
    folder = os.environ.get(MODELS_ENV)
    if folder and (Path(folder) / filename).exists():
        return Path(folder) / filename
    return Path(str(resources.files("dwarfhall.agents").joinpath("models", filename)))


def check_model_name(name: str) -> None:
    if not _NAME.match(name):
        raise ModelError(f"model name {name!r}: use letters, digits, '-' and '_' (a name, not a path)")


class ModelAdvice:
    """The game's advice with the model's values at the leaves: its rules of thumb still choose, the model
    scores."""

    __slots__ = ("advice", "model")

    def __init__(self, advice: Any, model: ValueModel) -> None:
        self.advice = advice
        self.model = model

    def choose(self, state: State, player: int, rng: Any) -> int | None:
        choose = getattr(self.advice, "choose", None)
        return choose(state, player, rng) if choose is not None else None

    def evaluate_all(self, state: State) -> list[float]:
        if self.model.skip is None:
            return self.model.evaluate_all(state)
        return self.model.evaluate_all(state, self.advice.evaluate_all(state))

    def evaluate(self, state: State, player: int) -> float:
        return self.evaluate_all(state)[player]


class ModelCache:
    """The model of the last game seen; a missing or unusable model is said once and the search goes on with
    the game's heuristic alone."""

    _told: set[str] = set()  # one notice per process and model, shared on purpose

    def __init__(self, agent: str, name: str) -> None:
        self.agent = agent
        self.name = name
        self._game: Game[Any] | None = None
        self._model: ValueModel | None = None

    def model(self, game: Game[Any]) -> ValueModel | None:
        if game is not self._game:
            self._game = game
            try:
                self._model = load_model(model_path(self.name, game.name))
                self._model.check_game(game)
            except ModelError as exc:
                self._model = None
                key = f"{self.name}:{game.name}"
                if key not in ModelCache._told:
                    ModelCache._told.add(key)
                    print(
                        f"dwarfhall: {self.agent}: model {self.name!r}: {exc}; searching with the game's heuristic "
                        "instead",
                        file=sys.stderr,
                    )
        return self._model

    def advice(self, game: Game[Any], advice: Any | None) -> Any | None:
        model = self.model(game)
        return advice if model is None or advice is None else ModelAdvice(advice, model)
