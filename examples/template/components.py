"""The components, read from components.toml by the kit's loader: every number names its source."""

from __future__ import annotations

from pathlib import Path

from dwarfhall.core.datafile import read_toml
from dwarfhall.core.errors import DataError

PATH = Path(__file__).with_name("components.toml")


def _counts(path: Path) -> dict[str, int]:
    raw = read_toml(path, "components file")
    counts: dict[str, int] = {}
    for key, entry in raw.items():
        if key == "source":
            continue
        if not isinstance(entry, dict) or not isinstance(entry.get("count"), int) or "source" not in entry:
            raise DataError(f"{path.name}: {key}: needs a whole-number count and a source")
        counts[key] = entry["count"]
    return counts


COUNTS = _counts(PATH)
DECK = tuple(range(1, COUNTS["deck"] + 1))
HAND_SIZE = COUNTS["hand_size"]
TURNS = COUNTS["turns"]
BONUS = COUNTS["bonus"]
