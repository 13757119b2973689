"""The computer's playing levels (`easy`, `normal`, `hard`, `expert`): agent specs under one name each.

Every front end (terminal `--vs hard`, arena `--agents easy hard`, the server's lobby) asks `make_agent` for a
level by its name; the spec behind it lives only here. Their measured strength (Elo per game, win shares per
pairing, CPU time per decision) comes from `levels_measured.json`, which `bench/levels.py` writes from an arena
run: no figure is typed into code.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

MEASURED_FILE = "levels_measured.json"


@dataclass(frozen=True)
class Level:
    name: str
    spec: str
    budget: float  # the most CPU seconds per decision the level may spend on average (the server's limit)


# ordered from weakest to strongest; each should beat the one before it (measured by bench/levels.py)
LEVELS: dict[str, Level] = {
    # the game's rules of thumb, with one decision in three played at random: beatable by a beginner
    "easy": Level("easy", "heuristic:blunder=0.35", 0.1),
    # the game's rules of thumb and a one-move look-ahead
    "normal": Level("normal", "heuristic", 0.1),
    # information-set search with a fixed number of iterations, so its strength does not depend on how busy the
    # machine is; the CPU-time cap (the searching thread's seconds) binds only where an iteration is dear
    # (4-player Spring), and the server's fixed answer delay covers it; the root is pulled toward the
    # heuristic's ranking of the moves (bias=3: stronger at equal iterations in the Duel and Ale War)
    "hard": Level("hard", "ismcts:iters=4000,time=0.5,clock=cpu,bias=3", 0.5),
    # four times the iterations, pulled toward the heuristic's ranking at the root (progressive bias) and
    # weighing what the opponents may hold by the moves they made (see ismcts.py and inference.py)
    "expert": Level("expert", "ismcts:iters=16000,time=2,clock=cpu,bias=3,infer=on", 2.0),
}


def level_names() -> list[str]:
    return list(LEVELS)


def level_spec(spec: str) -> str:
    """The agent spec behind a level name; any other spec comes back unchanged."""
    level = LEVELS.get(spec.strip())
    return level.spec if level is not None else spec


def is_level(spec: str) -> bool:
    return spec.strip() in LEVELS


@cache
def measured() -> dict[str, Any]:
    """The stored measurement of the levels ({} when none is shipped): see bench/levels.py for its fields."""
    try:
        text = resources.files("dwarfhall.agents").joinpath(MEASURED_FILE).read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    data = json.loads(text)
    return data if isinstance(data, dict) else {}


def level_elo(name: str, game: str) -> float | None:
    """The level's measured Elo in a game, or None when that game was not measured with the level's present spec
    (a figure measured for another spec would be wrong)."""
    entry = measured().get("games", {}).get(game, {}).get("levels", {}).get(name)
    if not isinstance(entry, dict) or "elo" not in entry or name not in LEVELS:
        return None
    return float(entry["elo"]) if entry.get("spec") == LEVELS[name].spec else None


__all__ = ["LEVELS", "Level", "is_level", "level_elo", "level_names", "level_spec", "measured"]
