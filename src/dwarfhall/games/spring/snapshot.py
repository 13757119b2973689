"""The full state as JSON (the body of `State.to_json`) and its checked reading (`Game.state_from_json`).

Saves keep the state's own numbers (card-kind indices, location indices), field by field; hand-written positions
name things by their keys instead (scenario.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dwarfhall.core.fields import at, fail, items, known_fields, table, text, whole

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
    raw = items(body.get("map"), "state.map")
    placements = []
    for i, entry in enumerate(raw):
        where = at("state.map", i)
        known_fields(table(entry, where), ("tile", "rotation"), where)
        tile = text(entry.get("tile"), f"{where}.tile")
        placements.append(Placement(tile, whole(entry.get("rotation"), f"{where}.rotation")))
    try:
        return WorldMap(components, tuple(placements))
    except ValueError as exc:
        raise fail("state.map", str(exc)) from exc


def load(state: SpringState, body: Mapping[str, Any]) -> None:
    """Fills a state made on `world_of(body)` from the rest of a save; ScenarioError names the field at fault."""
    n = state.num_players
    for name in INTS:
        setattr(state, name, whole(body.get(name), f"state.{name}"))
    for name in FLAT_LISTS:
        like = getattr(state, name)
        setattr(state, name, _numbers(body.get(name), f"state.{name}", len(like) if like else None))
    for name in NESTED_LISTS:
        rows = items(body.get(name), f"state.{name}", size=n)
        setattr(state, name, [_numbers(row, at(f"state.{name}", p)) for p, row in enumerate(rows)])
    steps = items(body.get("pending", []), "state.pending")
    state.pending = [_numbers(step, at("state.pending", i)) for i, step in enumerate(steps)]
    last = _numbers(body.get("last_reveal", []), "state.last_reveal")  # saves older than the field lack it
    if last and len(last) < reveals.CARDS:
        raise fail("state.last_reveal", f"must be empty or hold at least {reveals.CARDS} numbers")
    state.last_reveal = tuple(last)
    state.map_changes += 1  # the map's lists were replaced (targets.targets_of)


def _numbers(value: Any, field: str, size: int | None = None) -> list[Any]:
    """A list of whole numbers (true and false among them, as `exhausted` keeps them)."""
    found = items(value, field, size)
    if not all(isinstance(v, int) for v in found):
        raise fail(field, "must hold whole numbers")
    return list(found)
