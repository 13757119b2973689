"""The position as a viewer sees it, rebuilt from an observation for the page's help and move previews.

The web view reads only observations, so it cannot ask the state what an attack would need; this module
rebuilds the squares' occupants and terrain from the observation and asks the rules' own arithmetic
(`combat.attack_modifier`, `combat.hitting_faces`), so that the page and the rules can never disagree.
It also names the things the page lets a player pick (`data-thing` keys).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .board import HILL, KIND_CODES, NEIGHBOURS, SQUARE_NAMES, SQUARES, TREE, parse_square
from .combat import attack_modifier, hitting_faces
from .pieces import DWARVES, EMPTY, FIRST_BARREL, FIRST_GOBLIN, GOBLINS, SIDE_NAMES


def unit_thing(key: str) -> str:
    return f"unit:{key}"


def square_thing(name: str) -> str:
    return f"square:{name}"


def barrel_thing(index: int) -> str:
    """Barrel 0 or 1 as the page names it (barrel:1, barrel:2)."""
    return f"barrel:{index + 1}"


def pile_thing(kind: str) -> str:
    """The pile of terrain pieces of one kind not placed yet."""
    return f"pile:{kind}"


def side_thing(side: str) -> str:
    return f"side:{side}"


@dataclass(frozen=True)
class Attack:
    """One possible attack and its arithmetic: who supports it, the terrain, the roll that hits and the chance."""

    attacker: int
    target: int  # a unit index or FIRST_BARREL + barrel
    square: int  # the target's square
    supporters: tuple[int, ...]  # the attacker's friends next to the target (+1 each)
    hill: bool  # the attacker stands on a hill (+1)
    tree: bool  # the target stands on a tree (-1)
    modifier: int
    armor: int
    faces: int  # how many die faces hit, 0-6

    @property
    def needed(self) -> int:
        return self.armor - self.modifier


class Seen:
    """Squares, occupants and ratings of an observation, in the rules' own codes."""

    def __init__(self, obs: Mapping[str, Any]) -> None:
        self.obs = obs
        self.units: Sequence[Mapping[str, Any]] = obs["units"]
        self.index = {u["key"]: i for i, u in enumerate(self.units)}
        self.occ = [EMPTY] * SQUARES
        self.pos = [-1] * len(self.units)
        for i, unit in enumerate(self.units):
            if unit["square"]:
                sq = _square(unit["square"])
                self.occ[sq] = i
                self.pos[i] = sq
        self.barrels = [-1] * len(obs["barrels"])
        for b, barrel in enumerate(obs["barrels"]):
            if barrel["square"]:
                sq = _square(barrel["square"])
                self.occ[sq] = FIRST_BARREL + b
                self.barrels[b] = sq
        self.terrain = [0] * SQUARES
        for name, kind in obs["terrain"].items():
            self.terrain[_square(name)] = KIND_CODES[kind]
        self.rule: str = obs["hit_rule"]

    def side(self, unit: int) -> int:
        return DWARVES if unit < FIRST_GOBLIN else GOBLINS

    def side_name(self, unit: int) -> str:
        return SIDE_NAMES[self.side(unit)]

    def armor(self, code: int) -> int:
        return int(self.obs["barrel"]["armor"]) if code >= FIRST_BARREL else int(self.units[code]["armor"])

    def is_enemy(self, unit: int, code: int) -> bool:
        """Whether `unit` may attack the piece `code` (Dwarves: Goblins and barrels; Goblins: Dwarves)."""
        if code < 0:
            return False
        if unit < FIRST_GOBLIN:
            return code >= FIRST_GOBLIN
        return code < FIRST_GOBLIN

    def attacks_from(self, unit: int, sq: int, occ: Sequence[int] | None = None) -> list[Attack]:
        """Every attack `unit` could make standing on `sq` (with the board `occ`, this one by default)."""
        board = self.occ if occ is None else occ
        return [self.attack(unit, sq, n, board) for n in NEIGHBOURS[sq] if self.is_enemy(unit, board[n])]

    def attack(self, unit: int, sq: int, target_sq: int, occ: Sequence[int] | None = None) -> Attack:
        board = self.occ if occ is None else occ
        side = self.side(unit)
        target = board[target_sq]
        supporters = tuple(
            code for n in NEIGHBOURS[target_sq] if n != sq and 0 <= (code := board[n]) < FIRST_BARREL
            and self.side(code) == side
        )
        modifier = attack_modifier(sq, target_sq, side, board, self.terrain)
        armor = self.armor(target)
        return Attack(
            attacker=unit,
            target=target,
            square=target_sq,
            supporters=supporters,
            hill=self.terrain[sq] == HILL,
            tree=self.terrain[target_sq] == TREE,
            modifier=modifier,
            armor=armor,
            faces=hitting_faces(armor, modifier, self.rule),
        )

    def moved_to(self, unit: int, dest: int) -> list[int]:
        """The board after `unit` moves to `dest`."""
        occ = self.occ.copy()
        occ[self.pos[unit]] = EMPTY
        occ[dest] = unit
        return occ

    def threats_to(self, code: int) -> list[Attack]:
        """Attacks the enemies standing next to the piece `code` could make on it from where they stand."""
        sq = self.pos[code] if code < FIRST_BARREL else self.barrels[code - FIRST_BARREL]
        return [
            self.attack(other, n, sq) for n in NEIGHBOURS[sq]
            if 0 <= (other := self.occ[n]) < FIRST_BARREL and self.is_enemy(other, code)
        ]

    def on_board(self, side: int) -> list[int]:
        return [i for i, sq in enumerate(self.pos) if sq >= 0 and self.side(i) == side]


def _square(name: str) -> int:
    sq = parse_square(name)
    if sq is None:
        raise ValueError(f"not a square of the board: {name!r}")
    return sq


def square_name(sq: int) -> str:
    return SQUARE_NAMES[sq]
