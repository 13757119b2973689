"""Reading positions back: a saved state (`load_saved`, the body `snapshot.dump` writes) and, below, the
readable scenario format; every error is a ScenarioError that names the field at fault."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dwarfhall.core import Rng
from dwarfhall.core.errors import ScenarioError

from . import reveals
from .snapshot import FLAT_LISTS, INTS, NESTED_LISTS
from .state import SpringState
from .worldmap import Placement, WorldMap

if TYPE_CHECKING:
    from .game import SpringGame


def load_saved(game: SpringGame, body: Mapping[str, Any], rng: Rng) -> SpringState:
    """A state from `snapshot.dump` (a save); ScenarioError names the field at fault."""
    try:
        raw_map = body["map"]
        world = WorldMap(game.components, tuple(Placement(str(p["tile"]), int(p["rotation"])) for p in raw_map))
    except (KeyError, TypeError, ValueError) as exc:
        raise ScenarioError(f"state.map: {exc}") from exc
    state = SpringState(game, rng, world)
    for name in INTS:
        value = body.get(name)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ScenarioError(f"state.{name}: must be a whole number, not {value!r}")
        setattr(state, name, value)
    for name in FLAT_LISTS:
        setattr(state, name, _list(body, name, getattr(state, name)))
    for name in NESTED_LISTS:
        rows = body.get(name)
        if not isinstance(rows, list) or len(rows) != game.num_players:
            raise ScenarioError(f"state.{name}: must be a list with one entry per player")
        setattr(state, name, [_list({name: row}, f"{name}", None, f"{name}[{p}]") for p, row in enumerate(rows)])
    steps = body.get("pending", [])
    if not isinstance(steps, list):
        raise ScenarioError("state.pending: must be a list")
    state.pending = [_list({"pending": step}, "pending", None, f"pending[{i}]") for i, step in enumerate(steps)]
    state.last_reveal = tuple(_list(body, "last_reveal", None) if "last_reveal" in body else ())  # older saves lack it
    if state.last_reveal and len(state.last_reveal) < reveals.CARDS:
        raise ScenarioError(f"state.last_reveal: must be empty or hold at least {reveals.CARDS} numbers")
    return state


def _list(body: Mapping[str, Any], name: str, like: list[Any] | None, where: str | None = None) -> list[Any]:
    value = body.get(name)
    label = where or name
    if not isinstance(value, list):
        raise ScenarioError(f"state.{label}: must be a list")
    if like is not None and like and len(value) != len(like):
        raise ScenarioError(f"state.{label}: must have {len(like)} entries, not {len(value)}")
    if not all(isinstance(v, (int, bool)) for v in value):
        raise ScenarioError(f"state.{label}: must hold whole numbers")
    return list(value)
