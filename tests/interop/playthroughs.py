"""OpenSpiel playthrough files of every game through interop, pinned (gzipped) in tests/interop/playthroughs/.

Gzipped because OpenSpiel prints every tensor in full (2048 numbers per player and kind at each step).

Regenerate after an intended change of a game or of the encoding, then review the diff:
    .venv/bin/python -m tests.interop.playthroughs [game ...]
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

from examples.template import HighDrawGame
from open_spiel.python.algorithms import generate_playthrough

import dwarfhall.interop.openspiel as spiel
from dwarfhall.core import registry

from ..support.relay_play import RelayPlayGame
from ..support.trio import TrioGame

FOLDER = Path(__file__).parent / "playthroughs"
LENGTH = 12  # actions shown per file: the files stay small; the random simulation tests cover whole games


def path_of(name: str) -> Path:
    return FOLDER / f"dwarfhall_{name}.txt.gz"


def game_string(name: str) -> str:
    return f"dwarfhall_{name}(max_game_length={LENGTH})"


def write(name: str) -> Path:
    path = path_of(name)
    FOLDER.mkdir(exist_ok=True)
    text = generate_playthrough.playthrough(game_string(name), None, seed=1)
    path.write_bytes(gzip.compress(text.encode("utf-8"), mtime=0))
    return path


def read(name: str) -> str:
    return gzip.decompress(path_of(name).read_bytes()).decode("utf-8")


def main(names: list[str]) -> None:
    """Writes the named games' files, or every game's when none is named."""
    registry.register("trio", TrioGame)
    registry.register("relay", RelayPlayGame)
    registry.register("highdraw", HighDrawGame)
    spiel.register_all()
    for name in names or [*registry.game_names()]:
        print(write(name))


if __name__ == "__main__":
    main(sys.argv[1:])
