"""`dwarfhall train GAME`: a value model learned from self-play outcomes, in resumable steps.

1. **data**: self-play games (`--agents`, the `normal` level by default); at every `--every`-th position each
   player's observation tensor is kept with the return that player got at the end (Monte-Carlo targets, as
   DouZero learned its values). Written as `data-NNNN.npz`, one file per `--chunk` games; a chunk on disk is
   not played again.
2. **fit**: a multilayer perceptron trained with PyTorch (CPU; the optional extra `train`) to predict the
   return, mean squared error, Adam; the last chunk is held out to report the validation loss. Each epoch
   leaves `fit-NNN.npz`; a run that stopped goes on from the last epoch written.
3. **export**: the model as `NAME-GAME.npz` (numpy arrays only: playing needs no PyTorch) and its model card
   `NAME-GAME.md` (data, command, seed, hash, measured strength).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from dwarfhall.core.errors import DwarfhallError
from dwarfhall.core.game import Game
from dwarfhall.core.rng import Rng

from .base import make_agent
from .model import ValueModel, layout_fingerprint, load_model, save_model
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
    seed: int = 0
    name: str = "value"
    command: str = ""

    @property
    def chunks(self) -> int:
        return math.ceil(self.games / self.chunk)


def _chunk_path(plan: TrainPlan, index: int) -> Path:
    return plan.workdir / f"data-{index:04}.npz"


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
        xs, ys = [], []
        for g in range(first, min(plan.games, first + plan.chunk)):
            seed = Rng(plan.seed * 1_000_003 + g).next_u64() & 0x7FFF_FFFF
            n = plan.game.num_players
            agents = [make_agent(plan.agents[(s + g) % len(plan.agents)], seed + s, plan.game.name) for s in range(n)]
            tensors: list[np.ndarray] = []
            owners: list[int] = []

            def keep(state: Any, action: int, tensors: list[np.ndarray] = tensors, owners: list[int] = owners) -> None:
                if len(state.history) % plan.every == 0:
                    for p in range(state.num_players):
                        tensors.append(state.observation_tensor(p))
                        owners.append(p)

            final = play_game(plan.game, agents, seed, on_action=keep)
            returns = final.returns()
            xs += tensors
            ys += [float(returns[p]) for p in owners]
        tmp = path.with_name(path.name + ".tmp.npz")
        np.savez_compressed(tmp, x=np.asarray(xs, dtype=np.float32), y=np.asarray(ys, dtype=np.float32))
        tmp.replace(path)  # a chunk is on disk whole or not at all
        played += 1
        if tick:
            tick("data", index + 1, plan.chunks)
    return played


def load_data(plan: TrainPlan) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(x, y) for training and (x, y) held out: the last chunk (or a tenth of the only one)."""
    parts = [np.load(_chunk_path(plan, i)) for i in range(plan.chunks)]
    xs = [p["x"] for p in parts]
    ys = [p["y"] for p in parts]
    if len(parts) > 1:
        return np.concatenate(xs[:-1]), np.concatenate(ys[:-1]), xs[-1], ys[-1]
    cut = max(1, len(ys[0]) // 10)
    return xs[0][cut:], ys[0][cut:], xs[0][:cut], ys[0][:cut]


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
    x_train, y_train, x_val, y_val = load_data(plan)
    size = x_train.shape[1]
    net = torch.nn.Sequential(
        torch.nn.Linear(size, plan.hidden),
        torch.nn.ReLU(),
        torch.nn.Linear(plan.hidden, plan.hidden),
        torch.nn.ReLU(),
        torch.nn.Linear(plan.hidden, 1),
    )
    linears = [m for m in net if isinstance(m, torch.nn.Linear)]
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
        if meta_path.exists():
            losses = list(json.loads(meta_path.read_text()))[:start]
    optimizer = torch.optim.Adam(net.parameters(), lr=plan.lr)
    xt, yt = torch.from_numpy(x_train), torch.from_numpy(y_train)
    xv, yv = torch.from_numpy(x_val), torch.from_numpy(y_val)
    generator = torch.Generator().manual_seed(plan.seed)
    if tick:
        tick("fit", start, plan.epochs)
    for epoch in range(start + 1, plan.epochs + 1):
        order = torch.randperm(len(yt), generator=generator)
        for i in range(0, len(order), plan.batch):
            idx = order[i : i + plan.batch]
            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(torch.tanh(net(xt[idx])[:, 0]), yt[idx])
            loss.backward()
            optimizer.step()
        with torch.no_grad():
            losses.append(float(torch.nn.functional.mse_loss(torch.tanh(net(xv)[:, 0]), yv)))
        model = _to_model(plan, linears)
        save_model(model, _epoch_path(plan, epoch))
        meta_path.write_text(json.dumps(losses))
        if tick:
            tick("fit", epoch, plan.epochs)
    final = load_model(_epoch_path(plan, plan.epochs)) if start == plan.epochs else _to_model(plan, linears)
    return final, losses


def _to_model(plan: TrainPlan, linears: Sequence[Any]) -> ValueModel:
    layers = [(m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy()) for m in linears]
    return ValueModel(plan.game.name, layout_fingerprint(plan.game), layers)


def export(plan: TrainPlan, model: ValueModel, losses: list[float], out: Path) -> tuple[Path, Path]:
    """The model file and its card (Markdown) in `out`."""
    _, y_train, _, y_val = load_data(plan)
    baseline = float(np.mean((y_val - float(np.mean(y_train))) ** 2)) if len(y_val) else math.nan
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
            "sha256": data_hash.hexdigest(),
        },
        "training": {"hidden": plan.hidden, "epochs": plan.epochs, "batch": plan.batch, "lr": plan.lr},
        "held_out_mse": losses[-1] if losses else None,
        "held_out_mse_of_the_mean": baseline,
        "strength": "not measured",
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
    lines = [
        f"# Model card: {filename}",
        "",
        f"- **What**: the expected return of a position of `{card['game']}` for one player, from that player's "
        "observation tensor (an MLP, ReLU, tanh output), used at the leaves of ISMCTS by `ismcts:model=NAME`.",
        f"- **Data**: {data['games']} self-play games of {', '.join(data['agents'])}, every {data['every']}. "
        f"position, each player's view with the return that player got; {data['positions_train']} positions for "
        f"training, {data['positions_held_out']} held out (data SHA-256 `{data['sha256'][:16]}`).",
        f"- **Training**: hidden {training['hidden']}, {training['epochs']} epochs, batch {training['batch']}, "
        f"Adam lr {training['lr']}, seed {card['seed']}.",
        f"- **Held-out mean squared error**: {held:.4f} (saying the mean return always: "
        f"{card['held_out_mse_of_the_mean']:.4f})." if held is not None else "- **Held-out error**: none",
        f"- **Command**: `{card['command']}`",
        f"- **File SHA-256**: `{digest}`",
        f"- **Measured strength**: {card['strength']}; measure it with `DWARFHALL_MODELS=DIR dwarfhall arena "
        f"{card['game']} --agents ismcts:time=0.5 ismcts:time=0.5,model=NAME --games 300`.",
        "",
    ]
    return "\n".join(lines)
