"""Ale War positions read back: saved states (`Game.state_from_json`) and hand-written scenarios, with checks.

One validating reader for both, on the kit's field readers (`dwarfhall.core.fields`); a field that is
missing, malformed or breaks a rule raises ScenarioError naming it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dwarfhall.core import Rng, ScenarioError
from dwarfhall.core.fields import index_of, items, seat, table, whole

from .board import LAKE, SQUARE_NAMES, SQUARES, TERRAIN_KINDS, lake_bits, parse_square
from .combat import targets
from .phases import (
    ATTACK,
    NO_WINNER,
    OVER,
    PHASE_NAMES,
    PLACE_BARRELS,
    PLACE_UNITS,
    REINFORCE,
    SIDES,
    TERRAIN,
    AttackEntry,
    TerrainEntry,
)
from .pieces import (
    DWARF_UNITS,
    DWARVES,
    FIRST_BARREL,
    FIRST_GOBLIN,
    GOBLIN_UNITS,
    GOBLINS,
    OUT,
    RESERVE,
    SIDE_NAMES,
    occupancy,
)
from .reinforcement import free_squares
from .snapshot import BARREL_STATUS, UNIT_STATUS, WINNER_NAMES
from .state import AleWarState

if TYPE_CHECKING:
    from .game import AleWarGame


def _seat_or_none(value: Any, field: str) -> int:
    return -1 if value is None else seat(value, field, 2)


def _square(value: Any, field: str) -> int:
    sq = parse_square(value) if isinstance(value, str) else None
    if sq is None:
        raise ScenarioError(f"{field}: {value!r} is not a square a1..f6")
    return sq


def _place(value: Any, field: str, words: Mapping[int, str]) -> int:
    for code, word in words.items():
        if value == word:
            return code
    if isinstance(value, str) and parse_square(value) is not None:
        return _square(value, field)
    raise ScenarioError(f"{field}: {value!r} is not a square a1..f6 or one of {', '.join(words.values())}")


def _terrain(body: Mapping[str, Any]) -> tuple[int, ...]:
    terrain = [0] * SQUARES
    for name, kind in table(body.get("terrain", {}), "terrain").items():
        sq = _square(name, f"terrain.{name}")
        terrain[sq] = index_of(kind, f"terrain.{name}", TERRAIN_KINDS) + 1
    return tuple(terrain)


def _terrain_log(body: Mapping[str, Any]) -> tuple[TerrainEntry, ...]:
    log: list[TerrainEntry] = []
    for i, entry in enumerate(items(body.get("terrain_log", []), "terrain_log")):
        field = f"terrain_log[{i}]"
        entry = table(entry, field)
        rolls = []
        for j, pair in enumerate(items(entry.get("rolls", []), f"{field}.rolls")):
            if not isinstance(pair, list) or len(pair) != 2:
                raise ScenarioError(f"{field}.rolls[{j}]: expected [column, row]")
            rolls.append((whole(pair[0], f"{field}.rolls[{j}]", 1, 6), whole(pair[1], f"{field}.rolls[{j}]", 1, 6)))
        log.append(
            (
                whole(entry.get("seat"), f"{field}.seat", 0, 1),
                index_of(entry.get("kind"), f"{field}.kind", TERRAIN_KINDS) + 1,
                _square(entry.get("square"), f"{field}.square"),
                tuple(rolls),
            )
        )
    return tuple(log)


def _roll_off(body: Mapping[str, Any]) -> tuple[tuple[int, int], ...]:
    rolls = []
    for i, pair in enumerate(items(body.get("roll_off", []), "roll_off")):
        if not isinstance(pair, list) or len(pair) != 2:
            raise ScenarioError(f"roll_off[{i}]: expected [seat 0 roll, seat 1 roll]")
        rolls.append((whole(pair[0], f"roll_off[{i}]", 1, 6), whole(pair[1], f"roll_off[{i}]", 1, 6)))
    return tuple(rolls)


def _unit_by_key(state: AleWarState, key: Any, field: str) -> int:
    index = state.game.components.unit_index(key) if isinstance(key, str) else None
    if index is None:
        raise ScenarioError(f"{field}: {key!r} is not a unit ({', '.join(u.key for u in state.game.components.units)})")
    return index


def _last_attack(state: AleWarState, value: Any) -> AttackEntry | None:
    if value is None:
        return None
    entry = table(value, "last_attack")
    attacker = _unit_by_key(state, entry.get("attacker"), "last_attack.attacker")
    target = entry.get("target")
    code = FIRST_BARREL if target == "barrel" else _unit_by_key(state, target, "last_attack.target")
    hit = entry.get("hit")
    if not isinstance(hit, bool):
        raise ScenarioError("last_attack.hit: expected true or false")
    return (
        attacker,
        code,
        _square(entry.get("square"), "last_attack.square"),
        whole(entry.get("die"), "last_attack.die", 1, 6),
        whole(entry.get("modifier"), "last_attack.modifier", -1, 3),
        whole(entry.get("armor"), "last_attack.armor", 1, 6),
        hit,
    )


def state_from_body(game: AleWarGame, body: Mapping[str, Any], rng: Rng, scenario: bool = False) -> AleWarState:
    """Rebuilds a position; `scenario` fills in what a hand-written position leaves out (a turn of play).

    Raises ScenarioError naming the first field that is missing, malformed or breaks a rule.
    """
    state = AleWarState(game, rng)
    comps = state.game.components
    phase_default = "move" if scenario else None
    state.phase = index_of(body.get("phase", phase_default), "phase", PHASE_NAMES)
    battle = state.phase >= REINFORCE
    state.terrain = _terrain(body)
    state.lakes = lake_bits(state.terrain)
    left = table(body.get("terrain_left", dict.fromkeys(TERRAIN_KINDS, 0)), "terrain_left")
    state.terrain_left = tuple(whole(left.get(k, 0), f"terrain_left.{k}", 0, SQUARES) for k in TERRAIN_KINDS)
    state.terrain_log = _terrain_log(body)
    state.roll_off = _roll_off(body)
    state.chooser = _seat_or_none(body.get("side_chooser"), "side_chooser")
    seat_default = 0 if scenario and state.phase > SIDES else None
    state.dwarf_seat = _seat_or_none(body.get("dwarf_seat", seat_default), "dwarf_seat")
    state.turn = whole(body.get("turn", 1 if scenario and battle else 0), "turn", 0)

    units = table(body.get("units", {} if scenario else None), "units")
    for key in units:
        _unit_by_key(state, key, f"units.{key}")
    absent = "out" if battle else "reserve"
    state.pos = [
        _place(units.get(u.key, absent if scenario else None), f"units.{u.key}", UNIT_STATUS) for u in comps.units
    ]
    barrels = items(body.get("barrels", ["reserve", "reserve"] if scenario else None), "barrels")
    if len(barrels) != comps.barrel.count:
        raise ScenarioError(f"barrels: expected {comps.barrel.count} entries, got {len(barrels)}")
    state.barrels = [_place(b, f"barrels[{i}]", BARREL_STATUS) for i, b in enumerate(barrels)]

    seen: dict[int, str] = {}
    pieces = [(f"units.{u.key}", state.pos[i]) for i, u in enumerate(comps.units)]
    pieces += [(f"barrels[{i}]", sq) for i, sq in enumerate(state.barrels)]
    for field, sq in pieces:
        if sq < 0:
            continue
        if state.terrain[sq] == LAKE:
            raise ScenarioError(f"{field}: {SQUARE_NAMES[sq]} is a lake; nothing may stand on a lake")
        if sq in seen:
            raise ScenarioError(f"{field}: {SQUARE_NAMES[sq]} is already taken by {seen[sq]}")
        seen[sq] = field
    state.occ = occupancy(state.pos, state.barrels)

    moved = body.get("moved_unit")
    state.moved = -1 if moved is None else _unit_by_key(state, moved, "moved_unit")
    state.last_attack = _last_attack(state, body.get("last_attack"))
    winner = body.get("winner")
    state.winner = NO_WINNER if winner is None else _winner(winner)

    default_side = "goblins" if state.phase in (REINFORCE, PLACE_BARRELS) else "dwarves"
    if state.phase == PLACE_UNITS:  # the side whose placement is next follows from what stands already
        placed = [sum(1 for u in group if state.pos[u] >= 0) for group in (DWARF_UNITS, GOBLIN_UNITS)]
        default_side = "dwarves" if placed[0] == placed[1] else "goblins"
    side_value = body.get("side_to_act", default_side if scenario else None)
    state.side = DWARVES
    if state.phase >= PLACE_UNITS and state.phase != OVER:
        state.side = index_of(side_value, "side_to_act", SIDE_NAMES)
    _check_phase(state)
    return state


def _winner(value: Any) -> int:
    for code, name in WINNER_NAMES.items():
        if value == name:
            return code
    raise ScenarioError(f"winner: {value!r} is not one of dwarves, goblins, draw or null")


def _check_phase(state: AleWarState) -> None:
    """The parts of a position that must agree with its phase."""
    phase, pos = state.phase, state.pos
    reserve = [u for u in range(len(pos)) if pos[u] == RESERVE]
    if (phase == OVER) != (state.winner != NO_WINNER):
        raise ScenarioError("winner: must be set exactly when the phase is 'over'")
    if phase == TERRAIN and not sum(state.terrain_left):
        raise ScenarioError("terrain_left: the terrain phase needs a piece left to place")
    if phase == SIDES:
        if state.chooser < 0:
            raise ScenarioError("side_chooser: the sides phase needs the seat that won the roll-off")
        if state.dwarf_seat >= 0:
            raise ScenarioError("dwarf_seat: must be null until the roll-off winner has chosen")
        return
    if phase > SIDES and state.dwarf_seat < 0:
        raise ScenarioError("dwarf_seat: must be 0 or 1 once the sides are chosen")
    if phase < PLACE_UNITS:
        if any(p != RESERVE for p in pos) or any(b != RESERVE for b in state.barrels):
            raise ScenarioError("units: nothing is placed before the sides are chosen")
        return
    if phase == PLACE_UNITS:
        placed = [sum(1 for u in group if pos[u] != RESERVE) for group in (DWARF_UNITS, GOBLIN_UNITS)]
        expected = DWARVES if placed[0] == placed[1] else GOBLINS
        if placed[0] - placed[1] not in (0, 1) or not reserve:
            raise ScenarioError("units: Dwarves and Goblins are placed alternately, the Dwarves first")
        if state.side != expected:
            raise ScenarioError(f"side_to_act: the {SIDE_NAMES[expected]} place the next unit")
        if any(p == OUT for p in pos) or any(b != RESERVE for b in state.barrels):
            raise ScenarioError("units: no unit is knocked out and no barrel placed during unit placement")
        _check_rows(state)
        return
    if reserve:
        key = state.game.components.units[reserve[0]].key
        raise ScenarioError(f"units.{key}: every unit is placed before the barrels")
    if phase == PLACE_BARRELS:
        if state.side != GOBLINS or RESERVE not in state.barrels:
            raise ScenarioError("barrels: the Goblins place barrels while one is still to place")
        _check_rows(state)
        return
    if RESERVE in state.barrels:
        raise ScenarioError("barrels: both barrels are placed before the first turn")
    if phase == REINFORCE:
        if state.side != GOBLINS:
            raise ScenarioError("side_to_act: only the Goblins bring units back")
        if not any(pos[u] == OUT for u in GOBLIN_UNITS) or not free_squares(state):
            raise ScenarioError("units: a reinforcement needs a knocked-out Goblin and a free square on row 1")
    if phase == ATTACK:
        if state.moved < 0 or pos[state.moved] < 0:
            raise ScenarioError("moved_unit: the attack phase needs the unit that moved, on the board")
        if (state.moved >= FIRST_GOBLIN) != (state.side == GOBLINS):
            raise ScenarioError("moved_unit: the unit that moved belongs to the side to act")
        if not targets(state, state.moved):
            raise ScenarioError("moved_unit: the unit that moved has nothing next to it to attack")
    elif state.moved >= 0:
        raise ScenarioError("moved_unit: only set in the attack phase")
    if phase != OVER:
        if all(pos[u] == OUT for u in DWARF_UNITS):
            raise ScenarioError("units: every Dwarf is knocked out, so the game is over (phase 'over')")
        if all(b == OUT for b in state.barrels):
            raise ScenarioError("barrels: both barrels are destroyed, so the game is over (phase 'over')")
        if state.turn < 1:
            raise ScenarioError("turn: the turns of play count from 1")


def _check_rows(state: AleWarState) -> None:
    """During setup every placed unit stands in its side's rows."""
    for i, unit in enumerate(state.game.components.units):
        sq = state.pos[i]
        if sq >= 0 and (sq >= 18) != (unit.side == DWARVES):
            rows = "4-6" if unit.side == DWARVES else "1-3"
            raise ScenarioError(f"units.{unit.key}: set up on rows {rows}, not on {SQUARE_NAMES[sq]}")
