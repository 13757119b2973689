"""`dwarfhall train GAME`: the command around agents/train.py (data, fit, export; each step resumable)."""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

from dwarfhall.core.errors import DwarfhallError
from dwarfhall.core.registry import game_class, load_game

from .base import check_spec
from .model import check_model_name
from .train import TrainPlan, data_speed, export, fit, make_data

TRAIN_EPILOG = """\
examples:
  dwarfhall train duel                                  200 games of the normal level, 10 epochs
  dwarfhall train alewar --games 2000 --epochs 30 --dir runs/train-alewar
  dwarfhall train duel --games 40000 --chunk 2000 --every 24 --agents heuristic heuristic:blunder=0.05
      heuristic:blunder=0.15 --epochs 6 --batch 512 --seed 2 --name residual --dir runs/train-duel-big
                                                        (one command) the shipped Duel model, ~15 CPU minutes
  DWARFHALL_MODELS=runs/train-duel dwarfhall arena duel --agents hard ismcts:time=0.5,model=value

Run the same command again to go on after a stop: chunks of games and epochs on disk are kept.
Training needs PyTorch (pip install 'dwarfhall[train]'); playing with the model needs only numpy.
"""


def add_commands(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        "train",
        help="learn a value model for a game from self-play (PyTorch, optional extra 'train')",
        epilog=TRAIN_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=200, help="self-play games (default 200)")
    parser.add_argument("--chunk", type=int, default=50, help="games per data file (default 50)")
    parser.add_argument("--every", type=int, default=4, help="keep every N-th position (default 4)")
    parser.add_argument("--agents", nargs="+", default=["normal"], metavar="SPEC", help="who plays (default normal)")
    parser.add_argument("--hidden", type=int, default=64, help="units per hidden layer (default 64)")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--weight-decay", type=float, default=0.0, help="AdamW weight decay (default 0)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--name", default="value", help="the model's name: NAME-GAME.npz (default value)")
    parser.add_argument(
        "--base",
        choices=("heuristic", "none"),
        default="heuristic",
        help="heuristic (default): the network corrects the game's heuristic value, starting equal to it; "
        "none: it predicts the return alone",
    )
    parser.add_argument(
        "--strength",
        default="not measured",
        metavar="TEXT",
        help="what arena runs measured of the model, written on its card (run again after measuring: only the "
        "export is redone)",
    )
    parser.add_argument("--options", nargs="*", default=[], metavar="NAME=VALUE", help="game options")
    parser.add_argument("--dir", type=Path, help="work folder for data and epochs (default runs/train-GAME)")
    parser.add_argument("--out", type=Path, help="where the model and its card go (default: the work folder)")
    parser.add_argument("--quiet", action="store_true", help="no progress bars")
    parser.set_defaults(func=run_train)


def run_train(args: argparse.Namespace) -> int:
    counts = {"--games": args.games, "--chunk": args.chunk, "--every": args.every, "--hidden": args.hidden}
    counts |= {"--epochs": args.epochs, "--batch": args.batch}
    for flag, value in counts.items():
        if value < 1:
            raise DwarfhallError(f"{flag} must be at least 1, got {value}")
    if args.weight_decay < 0 or args.lr <= 0:
        raise DwarfhallError("--lr must be above 0 and --weight-decay at least 0")
    check_model_name(args.name)
    options = game_class(args.game).options_type.from_strings(list(args.options))
    game = load_game(args.game, options)
    for spec in args.agents:
        check_spec(spec, game)
    workdir = args.dir or Path("runs") / f"train-{args.game}"
    plan = TrainPlan(
        game=game,
        workdir=workdir,
        games=args.games,
        chunk=args.chunk,
        every=args.every,
        agents=tuple(args.agents),
        hidden=args.hidden,
        epochs=args.epochs,
        batch=args.batch,
        lr=args.lr,
        decay=args.weight_decay,
        seed=args.seed,
        name=args.name,
        residual=args.base == "heuristic",
        strength=args.strength,
        command="dwarfhall train " + shlex.join(sys.argv[2:] if sys.argv[1:2] == ["train"] else [args.game]),
    )
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), disable=args.quiet) as bar:
        tasks: dict[str, TaskID] = {
            "data": bar.add_task(f"self-play ({args.games} games, chunks)", total=plan.chunks),
            "fit": bar.add_task(f"training ({args.epochs} epochs)", total=plan.epochs),
        }

        def tick(step: str, done: int, total: int) -> None:
            bar.update(tasks[step], completed=done, total=total)

        make_data(plan, tick)
        model, losses = fit(plan, tick)
    path, card = export(plan, model, losses, args.out or workdir)
    print(f"model: {path}\nmodel card: {card}")
    games, seconds = data_speed(plan)
    if games and seconds > 0:
        print(f"self-play: {games} games in {seconds:.0f} CPU seconds ({games / seconds:.1f} games per CPU second)")
    if losses:
        kept = min(range(len(losses)), key=losses.__getitem__)
        print(f"held-out mean squared error: {losses[-1]:.4f} after {len(losses)} epochs; kept epoch {kept + 1} "
              f"({losses[kept]:.4f})")  # fmt: skip
        for judge, row in model.card.get("calibration", {}).items():
            print(f"  {judge:9} mean squared error {row['mse']:.4f}  Brier {row['brier']:.4f}")
    return 0
