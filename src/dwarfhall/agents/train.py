"""`dwarfhall train GAME`: a value model learned from self-play outcomes, in resumable steps.

1. **data**: self-play games (`--agents`, the `normal` level by default); at every `--every`-th position each
   player's observation tensor is kept with the heuristic's value of the position for that player and the
   return that player got at the end (Monte-Carlo targets, as DouZero learned its values). Written as
   `data-NNNN.npz`, one file per `--chunk` games; a chunk on disk is not played again.
2. **fit**: a multilayer perceptron trained with PyTorch (CPU; the optional extra `train`) to predict the
   return, mean squared error, Adam; the last chunk is held out to report the validation loss. By default
   (`--base heuristic`) the network corrects the heuristic (model.py: residual models) and starts equal to it.
   Each epoch leaves `fit-NNN.npz`; a run that stopped goes on from the last epoch written.
3. **export**: the epoch with the lowest held-out loss as `NAME-GAME.npz` (numpy arrays only: playing needs no
   PyTorch) and its model card `NAME-GAME.md` (data, command, seed, hash, calibration against the heuristic
   alone, measured strength).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import math
import time
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from dwarfhall.core.errors import DwarfhallError
from dwarfhall.core.game import Game
from dwarfhall.core.rng import Rng

from .base import make_agent
from .model import ModelError, ValueModel, heuristic_score, layout_fingerprint, load_model, save_model
from .runner import play_game

Tick = Callable[[str, int, int], None]  # (step, done, total): progress


@dataclass(frozen=True)
class TrainPlan:
    game: Game[Any]
    workdir: Path
    games: int = 200
    chunk: int = 50
    every: int = 4
    agents: tuple[str, ...] = ("normal",)
    hidden: int = 64
    epochs: int = 10
    batch: int = 256
    lr: float = 1e-3
    decay: float = 0.0  # AdamW weight decay: many positions share one game's result, so a network overfits soon
    seed: int = 0
    name: str = "value"
    command: str = ""
    strength: str = "not measured"  # what arena runs measured, for the model card (train --strength)
    residual: bool = True  # correct the heuristic's value (model.py) rather than predict the return alone

    @property
    def chunks(self) -> int:
        return math.ceil(self.games / self.chunk)


def _chunk_path(plan: TrainPlan, index: int) -> Path:
    return plan.workdir / f"data-{index:04}.npz"


class _Positions:
    """The positions kept from one game: each player's observation and the heuristic's value for that player."""

    def __init__(self, heuristic: Any | None, every: int) -> None:
        self.heuristic = heuristic
        self.every = every
        self.tensors: list[np.ndarray] = []
        self.owners: list[int] = []
        self.values: list[float] = []

    def keep(self, state: Any, action: int) -> None:
        if len(state.history) % self.every:
            return
        n = state.num_players
        judged = self.heuristic.evaluate_all(state) if self.heuristic is not None else [0.0] * n
        for p in range(n):
            self.tensors.append(state.observation_tensor(p))
            self.owners.append(p)
            self.values.append(float(judged[p]))


def make_data(plan: TrainPlan, tick: Tick | None = None) -> int:
    """Plays the chunks not yet on disk; returns how many chunks were played now."""
    plan.workdir.mkdir(parents=True, exist_ok=True)
    played = 0
    for index in range(plan.chunks):
        path = _chunk_path(plan, index)
        if path.exists():
            if tick:
                tick("data", index + 1, plan.chunks)
            continue
        first = index * plan.chunk
        started = time.process_time()
        heuristic = plan.game.heuristic()
        xs, ys, hs = [], [], []
        for g in range(first, min(plan.games, first + plan.chunk)):
            seed = Rng(plan.seed * 1_000_003 + g).next_u64() & 0x7FFF_FFFF
            n = plan.game.num_players
            agents = [make_agent(plan.agents[(s + g) % len(plan.agents)], seed + s, plan.game.name) for s in range(n)]
            seen = _Positions(heuristic, plan.every)
            final = play_game(plan.game, agents, seed, on_action=seen.keep)
            returns = final.returns()
            xs += seen.tensors
            ys += [float(returns[p]) for p in seen.owners]
            hs += seen.values
        tmp = path.with_name(path.name + ".tmp.npz")
        arrays = {"x": np.asarray(xs, np.float32), "y": np.asarray(ys, np.float32), "h": np.asarray(hs, np.float32)}
        np.savez_compressed(tmp, **arrays)  # type: ignore[arg-type]
        tmp.replace(path)  # a chunk is on disk whole or not at all
        _log_chunk(plan, index, min(plan.games, first + plan.chunk) - first, time.process_time() - started)
        played += 1
        if tick:
            tick("data", index + 1, plan.chunks)
    return played


def _log_chunk(plan: TrainPlan, index: int, games: int, seconds: float) -> None:
    """Notes a chunk's games and CPU seconds in data-log.json (for the games per second on the model card)."""
    path = plan.workdir / "data-log.json"
    log = json.loads(path.read_text()) if path.exists() else {}
    log[str(index)] = {"games": games, "cpu_seconds": round(seconds, 3)}
    path.write_text(json.dumps(log, sort_keys=True))


def data_speed(plan: TrainPlan) -> tuple[int, float]:
    """(games, CPU seconds) of this plan's chunks whose playing was noted (a folder may hold more of them, from a
    run with a larger --games)."""
    path = plan.workdir / "data-log.json"
    log = json.loads(path.read_text()) if path.exists() else {}
    used = [v for k, v in log.items() if int(k) < plan.chunks]
    return sum(int(v["games"]) for v in used), sum(float(v["cpu_seconds"]) for v in used)


Split = tuple[np.ndarray, np.ndarray, np.ndarray]  # observation tensors, returns, heuristic's values


def _chunk_shape(path: Path) -> tuple[int, int]:
    """(positions, numbers per position) of a data file, read from its header without loading it."""
    with zipfile.ZipFile(path) as archive:
        if "h.npy" not in archive.namelist():
            raise DwarfhallError(
                f"{path}: data of an older dwarfhall without the heuristic's values; "
                "delete the data files or use another --dir"
            )
        with archive.open("x.npy") as stream:
            version = np.lib.format.read_magic(stream)
            read = np.lib.format.read_array_header_1_0 if version == (1, 0) else np.lib.format.read_array_header_2_0
            shape = read(stream)[0]
    return int(shape[0]), int(shape[1])


def _free_memory() -> int | None:
    """The bytes the system can still give (MemAvailable), or None where /proc/meminfo does not say."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def load_data(plan: TrainPlan, inputs: bool = False) -> tuple[Split, Split]:
    """(x, y, h) for training and (x, y, h) held out: the last chunk (or a tenth of the only one). With `inputs`
    the x are what the network reads (`_inputs`), written into one array as the chunks are read, so the data is
    in memory once; data that would not fit is refused before anything is loaded."""
    paths = [_chunk_path(plan, i) for i in range(plan.chunks)]
    shapes = [_chunk_shape(path) for path in paths]
    width = shapes[0][1] + (1 if inputs and plan.residual else 0)
    need = sum(rows for rows, _ in shapes) * (width + 2) * 4 + max(rows for rows, _ in shapes) * shapes[0][1] * 4
    free = _free_memory()
    if free is not None and need > free * 0.9:
        raise DwarfhallError(
            f"the training data ({sum(rows for rows, _ in shapes):,} positions of {shapes[0][1]:,} numbers) needs "
            f"about {need / 2**30:.1f} GiB of memory and {free / 2**30:.1f} GiB are free: train on fewer "
            "--games (the data already played is kept) or play new data with a larger --every in another --dir"
        )
    last = len(paths) - 1 if len(paths) > 1 else None
    rows = sum(r for r, _ in shapes[:last])
    x = np.empty((rows, width), np.float32)
    y, h = np.empty(rows, np.float32), np.empty(rows, np.float32)
    held: Split | None = None
    at = 0
    for i, path in enumerate(paths):
        with np.load(path) as part:
            px, py, ph = part["x"], part["y"], part["h"]
        if i == last:
            held = (_inputs(plan, px, ph) if inputs else px, py, ph)
            continue
        n = len(py)
        x[at : at + n, : px.shape[1]] = px
        if width > px.shape[1]:
            x[at : at + n, -1] = heuristic_score(ph)
        y[at : at + n], h[at : at + n] = py, ph
        at += n
    if held is not None:
        return (x, y, h), held
    cut = max(1, len(y) // 10)
    return (x[cut:], y[cut:], h[cut:]), (x[:cut], y[:cut], h[:cut])


def _inputs(plan: TrainPlan, x: np.ndarray, h: np.ndarray) -> np.ndarray:
    """What the network reads: the observation, and for a residual model the heuristic's score beside it."""
    return np.concatenate([x, heuristic_score(h)[:, None]], axis=1) if plan.residual else x


def _torch() -> Any:
    try:
        return importlib.import_module("torch")
    except ImportError:
        raise DwarfhallError(
            "training needs PyTorch (CPU): pip install 'dwarfhall[train]' or pip install torch==2.13.0; "
            "playing with a trained model needs only numpy"
        ) from None


def _epoch_path(plan: TrainPlan, epoch: int) -> Path:
    return plan.workdir / f"fit-{epoch:03}.npz"


def fit(plan: TrainPlan, tick: Tick | None = None) -> tuple[ValueModel, list[float]]:
    """Trains from the data on disk, going on from the last epoch written; returns the model and the validation
    loss of each epoch."""
    torch = _torch()
    torch.manual_seed(plan.seed)
    torch.set_num_threads(1)  # one core: the machine is shared with play and other work
    (x_train, y_train, _), (x_val, y_val, _) = load_data(plan, inputs=True)
    size = x_train.shape[1]
    net = torch.nn.Sequential(
        torch.nn.Linear(size, plan.hidden),
        torch.nn.ReLU(),
        torch.nn.Linear(plan.hidden, plan.hidden),
        torch.nn.ReLU(),
        torch.nn.Linear(plan.hidden, 1),
    )
    linears = [m for m in net if isinstance(m, torch.nn.Linear)]
    skip = torch.nn.Parameter(torch.ones(1)) if plan.residual else None
    if skip is not None:  # the correction starts at zero: the first model is the heuristic itself
        with torch.no_grad():
            linears[-1].weight.zero_()
            linears[-1].bias.zero_()
    done = [e for e in range(1, plan.epochs + 1) if _epoch_path(plan, e).exists()]
    start = max(done, default=0)
    losses: list[float] = []
    meta_path = plan.workdir / "fit-losses.json"
    if start:
        saved = load_model(_epoch_path(plan, start))
        with torch.no_grad():
            for layer, (w, b) in zip(linears, saved.layers, strict=True):
                layer.weight.copy_(torch.from_numpy(w.T.copy()))
                layer.bias.copy_(torch.from_numpy(b))
            if skip is not None:
                if saved.skip is None:
                    raise ModelError(f"{_epoch_path(plan, start)}: not a residual model; use another --dir")
                skip.fill_(saved.skip)
        if meta_path.exists():
            losses = list(json.loads(meta_path.read_text()))[:start]
    groups = [{"params": list(net.parameters()), "weight_decay": plan.decay}]
    if skip is not None:  # decay pulls the correction toward zero, never the heuristic's own weight
        groups.append({"params": [skip], "weight_decay": 0.0})
    optimizer = torch.optim.AdamW(groups, lr=plan.lr)
    xt, yt = torch.from_numpy(x_train), torch.from_numpy(y_train)
    xv, yv = torch.from_numpy(x_val), torch.from_numpy(y_val)

    def predict(x: Any) -> Any:
        out = net(x)[:, 0]
        return torch.tanh(out + skip * x[:, -1] if skip is not None else out)

    generator = torch.Generator().manual_seed(plan.seed)
    if tick:
        tick("fit", start, plan.epochs)
    for epoch in range(start + 1, plan.epochs + 1):
        order = torch.randperm(len(yt), generator=generator)
        for i in range(0, len(order), plan.batch):
            idx = order[i : i + plan.batch]
            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(predict(xt[idx]), yt[idx])
            loss.backward()
            optimizer.step()
        with torch.no_grad():
            losses.append(float(torch.nn.functional.mse_loss(predict(xv), yv)))
        model = _to_model(plan, linears, skip)
        save_model(model, _epoch_path(plan, epoch))
        meta_path.write_text(json.dumps(losses))
        if tick:
            tick("fit", epoch, plan.epochs)
    best = 1 + int(np.argmin(losses)) if losses else plan.epochs
    return load_model(_epoch_path(plan, best)), losses


def _to_model(plan: TrainPlan, linears: Sequence[Any], skip: Any | None) -> ValueModel:
    layers = [(m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy()) for m in linears]
    weight = float(skip.detach()[0]) if skip is not None else None
    return ValueModel(plan.game.name, layout_fingerprint(plan.game), layers, skip=weight)


def calibration(plan: TrainPlan, model: ValueModel) -> dict[str, dict[str, float]]:
    """Held-out mean squared error and Brier score (of (value + 1) / 2 against (return + 1) / 2) of the model, of
    the heuristic's value alone and of always saying the training mean, on the same positions."""
    (_, y_train, _), (x_val, y_val, h_val) = load_data(plan)
    guesses = {
        "model": model.values(x_val, h_val if model.residual else None),
        "heuristic": np.clip(h_val, -1.0, 1.0),
        "mean": np.full_like(y_val, float(np.mean(y_train))),
    }
    table: dict[str, dict[str, float]] = {}
    for name, guess in guesses.items():
        mse = float(np.mean((guess - y_val) ** 2)) if len(y_val) else math.nan
        table[name] = {"mse": mse, "brier": mse / 4}
    return table


def export(plan: TrainPlan, model: ValueModel, losses: list[float], out: Path) -> tuple[Path, Path]:
    """The model file and its card (Markdown) in `out`."""
    (_, y_train, _), (_, y_val, _) = load_data(plan)
    table = calibration(plan, model)
    data_hash = hashlib.sha256()
    for i in range(plan.chunks):
        data_hash.update(_chunk_path(plan, i).read_bytes())
    card: dict[str, Any] = {
        "game": plan.game.name,
        "options": plan.game.options.to_dict(),
        "command": plan.command,
        "seed": plan.seed,
        "data": {
            "games": plan.games,
            "agents": list(plan.agents),
            "every": plan.every,
            "positions_train": len(y_train),
            "positions_held_out": len(y_val),
            "games_timed": data_speed(plan)[0],
            "cpu_seconds": round(data_speed(plan)[1], 1),
            "sha256": data_hash.hexdigest(),
        },
        "training": {
            "hidden": plan.hidden,
            "epochs": plan.epochs,
            "batch": plan.batch,
            "lr": plan.lr,
            "weight_decay": plan.decay,
            "base": "heuristic" if plan.residual else "none",
            "kept_epoch": 1 + int(np.argmin(losses)) if losses else None,
            "skip": model.skip,
        },
        "held_out_mse": table["model"]["mse"],
        "held_out_mse_of_the_mean": table["mean"]["mse"],
        "calibration": table,
        "strength": plan.strength,
    }
    model.card = card
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{plan.name}-{plan.game.name}.npz"
    digest = save_model(model, path)
    card_path = path.with_suffix(".md")
    card_path.write_text(model_card(card, path.name, digest), encoding="utf-8")
    return path, card_path


def model_card(card: dict[str, Any], filename: str, digest: str) -> str:
    data, training = card["data"], card["training"]
    held = card["held_out_mse"]
    table = card.get("calibration", {})
    rows = [f"| {name} | {row['mse']:.4f} | {row['brier']:.4f} |" for name, row in table.items()]
    base = "corrects the game's heuristic (residual)" if training.get("base") == "heuristic" else "alone"
    lines = [
        f"# Model card: {filename}",
        "",
        f"- **What**: the expected return of a position of `{card['game']}` for one player, from that player's "
        "observation tensor (an MLP, ReLU, tanh output), used at the leaves of ISMCTS by `ismcts:model=NAME`.",
        f"- **Data**: {data['games']} self-play games of {', '.join(data['agents'])}, every {data['every']}. "
        f"position, each player's view with the return that player got; {data['positions_train']} positions for "
        f"training, {data['positions_held_out']} held out (data SHA-256 `{data['sha256'][:16]}`; "
        f"{data['games_timed']} games timed: {data['cpu_seconds']} CPU seconds).",
        f"- **Training**: hidden {training['hidden']}, {training['epochs']} epochs (kept: epoch "
        f"{training.get('kept_epoch')}, the lowest held-out loss), batch {training['batch']}, AdamW lr "
        f"{training['lr']}, weight decay {training.get('weight_decay', 0.0)}, seed {card['seed']}; the network "
        f"{base}.",
        f"- **Held-out mean squared error**: {held:.4f} (saying the mean return always: "
        f"{card['held_out_mse_of_the_mean']:.4f})."
        if held is not None
        else "- **Held-out error**: none",
        f"- **Command**: `{card['command']}`",
        f"- **File SHA-256**: `{digest}`",
        f"- **Measured strength**: {card['strength']}; measure it with `DWARFHALL_MODELS=DIR dwarfhall arena "
        f"{card['game']} --agents ismcts:time=0.5 ismcts:time=0.5,model=NAME --games 300`.",
        "",
        "Held-out calibration, the same positions (Brier: of (value + 1) / 2 against (return + 1) / 2):",
        "",
        "| judge | mean squared error | Brier |",
        "| --- | --- | --- |",
        *rows,
        "",
    ]
    return "\n".join(lines)
