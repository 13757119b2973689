"""The full state as JSON (the body of `State.to_json`) and its checked reading (`Game.state_from_json`).

Saves keep the state's own numbers (card-kind indices, location indices), field by field; hand-written positions
name things by their keys instead (scenario.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dwarfhall.core.errors import ScenarioError

from . import reveals
from .worldmap import Placement, WorldMap

if TYPE_CHECKING:
    from .components import Components
    from .state import SpringState

INTS = ("phase", "era", "round", "first", "to_act", "stage")
FLAT_LISTS = (
    "placing",
    "monster_at",
    "web_at",
    "owner_at",
    "settlement_line",
    "expedition_deck",
    "unused_monsters",
    "expedition_area",
    "egg_pile",
    "faerie_deck",
    "faerie_discard",
    "removed",
    "fortress_at",
    "home",
    "spots_used",
    "defeated",
    "faerie_power",
)
NESTED_LISTS = (
    "treasury",
    "line_left",
    "dwarfs",
    "nest",
    "nest_level",
    "exhausted",
    "heroes",
    "faerie_hand",
    "successes",
)  # one row per player


def dump(state: SpringState) -> dict[str, Any]:
    """The state as plain numbers and lists (the body of `State.to_json`): indices, not keys."""
    body: dict[str, Any] = {name: getattr(state, name) for name in INTS}
    body["map"] = state.world.to_json()
    for name in FLAT_LISTS:
        body[name] = getattr(state, name)[:]
    for name in NESTED_LISTS:
        body[name] = [row[:] for row in getattr(state, name)]
    body["pending"] = [step[:] for step in state.pending]
    body["last_reveal"] = list(state.last_reveal)
    return body


def world_of(components: Components, body: Mapping[str, Any]) -> WorldMap:
    """The laid-out map of a save (`dump`'s "map")."""
    try:
        raw_map = body["map"]
        return WorldMap(components, tuple(Placement(str(p["tile"]), int(p["rotation"])) for p in raw_map))
    except (KeyError, TypeError, ValueError) as exc:
        raise ScenarioError(f"state.map: {exc}") from exc


def load(state: SpringState, body: Mapping[str, Any]) -> None:
    """Fills a state made on `world_of(body)` from the rest of a save; ScenarioError names the field at fault."""
    game = state.game
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
