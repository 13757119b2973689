"""Spring's world map as inline SVG for the web view: petals of hex spots, wildlands, pieces in player colours.

It draws only what an observation shows (the laid-out map, settlements, dwarfs, monsters, webs); each place a
legal move acts on carries that move's ids.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from dwarfhall.core.webview import action_attr, esc

from .components import Components, name_form
from .hexmap import POSITIONS, petal_cells
from .worldmap import Placement, WorldMap

SIZE = 10.0  # a fine hex cell's radius in SVG units
ROOT3 = math.sqrt(3)
RECONSTRUCTED = "°"


def centre(cell: tuple[int, int]) -> tuple[float, float]:
    """Pointy-top axial (q, r) to SVG coordinates."""
    q, r = cell
    return SIZE * ROOT3 * (q + r / 2), SIZE * 1.5 * r


def hexagon(cell: tuple[int, int], shrink: float = 0.94) -> str:
    x, y = centre(cell)
    corners = []
    for k in range(6):
        angle = math.radians(60 * k - 30)
        corners.append(f"{x + SIZE * shrink * math.cos(angle):.2f},{y + SIZE * shrink * math.sin(angle):.2f}")
    return " ".join(corners)


# the neighbour across edge k of a pointy-top hex (between corners k and k + 1), as an axial step
EDGE_NEIGHBOURS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def corner(cell: tuple[int, int], k: int) -> tuple[float, float]:
    x, y = centre(cell)
    angle = math.radians(60 * k - 30)
    return x + SIZE * math.cos(angle), y + SIZE * math.sin(angle)


def outline(cells: Sequence[tuple[int, int]]) -> str:
    """The outer edges of a group of cells (a petal), as SVG path data."""
    inside = set(cells)
    parts = []
    for cell in cells:
        for k, (dq, dr) in enumerate(EDGE_NEIGHBOURS):
            if (cell[0] + dq, cell[1] + dr) not in inside:
                (x1, y1), (x2, y2) = corner(cell, k), corner(cell, k + 1)
                parts.append(f"M{x1:.2f},{y1:.2f}L{x2:.2f},{y2:.2f}")
    return "".join(parts)


def world_of(components: Components, raw: Sequence[Mapping[str, Any]]) -> WorldMap:
    return WorldMap(components, tuple(Placement(str(p["tile"]), int(p["rotation"])) for p in raw))


def settlement(x: float, y: float, seat: int) -> str:
    """A small house in the seat's colour."""
    return f'<path class="settle p{seat}" d="M{x - 4.6:.2f},{y + 4:.2f} v-5 l4.6,-4.2 l4.6,4.2 v5 z"/>'


def fortress(x: float, y: float, seat: int) -> str:
    """A keep with battlements in the seat's colour."""
    return (
        f'<path class="settle fort p{seat}" d="M{x - 6:.2f},{y + 5:.2f} v-9 h2.4 v2 h2.4 v-2 h2.4 v2 h2.4 v-2 '
        f'h2.4 v9 z"/>'
    )


def dwarf(x: float, y: float, seat: int, location: str = "") -> str:
    """A dwarf token; on the map it is the thing `dwarf:<seat>:<location>` a swap of dwarfs picks."""
    thing = f' data-thing="dwarf:{seat}:{esc(location)}"' if location else ""
    return f'<circle class="dwarf p{seat}"{thing} cx="{x:.2f}" cy="{y:.2f}" r="2.8"/>'


def wild_dwarf_at(cells: Sequence[tuple[int, int]], k: int) -> tuple[float, float]:
    """Where the k-th dwarf in a wildland is drawn: in the petal's east and west hexes, two by two, clear of the
    name above the centre, the monster in it and the monster's name below."""
    east, west = centre(cells[1]), centre(cells[4])
    x, y = east if k % 2 == 0 else west
    slot = k // 2 % 4
    return x + (-3.2 if slot % 2 == 0 else 3.2), y + (-3.2 if slot < 2 else 3.2)


def web(x: float, y: float) -> str:
    lines = "".join(
        f"M{x:.2f},{y:.2f} L{x + 7 * math.cos(math.radians(a)):.2f},{y + 7 * math.sin(math.radians(a)):.2f} "
        for a in range(0, 360, 60)
    )
    return (
        f'<g class="web"><path d="{lines}"/><circle cx="{x:.2f}" cy="{y:.2f}" r="3.2"/>'
        f'<circle cx="{x:.2f}" cy="{y:.2f}" r="5.8"/></g>'
    )


class MapDrawing:
    """One drawing of the map for one observation."""

    def __init__(
        self,
        components: Components,
        obs: Mapping[str, Any],
        targets: Mapping[str, list[int]],
        lang: str,
        monster_label: Any,
        title: str = "Map",
        about: Callable[[str, str], str] | None = None,
        monster_about: Callable[[str], str] | None = None,
    ) -> None:
        self.title = title
        self.comps = components
        self.obs = obs
        self.targets = targets
        self.lang = lang
        self.monster_label = monster_label
        self.about = about  # a place's thing, help and move attributes, by location id and label
        self.monster_about = monster_about  # a monster figure's help attributes, by card key
        self.world = world_of(components, obs["map"])

    def draw(self) -> str:
        geometry = self.world.geometry
        cells = [c for loc in geometry.locations for c in loc.cells]
        xs = [centre(c)[0] for c in cells]
        ys = [centre(c)[1] for c in cells]
        pad = SIZE * 1.1
        width, height = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
        box = f"{min(xs) - pad:.1f} {min(ys) - pad:.1f} {width:.1f} {height:.1f}"
        owners: dict[str, tuple[int, bool]] = {}
        dwarfs: dict[str, list[int]] = {}
        for seat, player in enumerate(self.obs["players"]):
            for spot in player["settlements"]:
                owners[spot] = (seat, False)
            if player["fortress"]:
                owners[player["fortress"]] = (seat, True)
            for spot in player["dwarfs"]:
                dwarfs.setdefault(spot, []).append(seat)
        monster_at = {}
        place_of_tile = {p["tile"]: i for i, p in enumerate(self.obs["map"])}
        for tile, card in self.obs["monsters"].items():
            where = geometry.wildland_at[place_of_tile[tile]]
            if where is not None:
                monster_at[geometry.locations[where].id] = card
        webs = set(self.obs["webs"])

        def named(label: str) -> str:  # with help, the place's help text is its label
            return "" if self.about is not None else f' aria-label="{esc(label)}"'

        def tooltip(label: str) -> str:  # with help, its popup replaces the browser's tooltip
            return "" if self.about is not None else f"<title>{esc(label)}</title>"

        ground: list[str] = []
        pieces: list[str] = []
        for location, slot in zip(geometry.locations, self.world.slots, strict=True):
            lid = location.id
            attrs = action_attr(self.targets.get(lid, []))
            if self.about is not None:
                attrs = self.about(lid, location.label)
            if slot is None:
                wildland = self.world.wildland_of(location.index)
                assert wildland is not None
                label = f"{location.label} {name_form(wildland.name, self.lang)}"
                cls = f"wild t-{wildland.terrain}"
                shapes = "".join(f'<polygon points="{hexagon(c, 1.0)}"/>' for c in location.cells)
                x, y = centre(location.cells[0])
                card = monster_at.get(lid)
                inner = f'<text class="wname" x="{x:.1f}" y="{y - 11:.1f}">{esc(label)}</text>'
                if card:
                    name, axes = self.monster_label(card)
                    label = f"{label}: {name}"
                    about = self.monster_about(card) if self.monster_about else ""
                    inner += (
                        f'<circle class="monster" cx="{x:.1f}" cy="{y:.1f}" r="7.5"{about}/>'
                        f'<text class="mtext" x="{x:.1f}" y="{y + 3.2:.1f}">⚔{esc(axes)}</text>'
                        f'<text class="mname" x="{x:.1f}" y="{y + 15:.1f}">{esc(name)}</text>'
                    )
                ground.append(
                    f'<g class="{cls}" data-place="{esc(lid)}"{named(label)}{attrs}>'
                    f"{tooltip(label)}{shapes}{inner}</g>"
                )
                for k, seat in enumerate(dwarfs.get(lid, [])):
                    pieces.append(dwarf(*wild_dwarf_at(location.cells, k), seat, lid))
                continue
            kind = self.comps.spot_kinds[slot.kind]
            name = name_form(kind.name, self.lang)
            amount = f" {slot.amount}" if slot.amount else ""
            label = f"{location.label} {name}{amount}"
            x, y = centre(location.cells[0])
            text = f'<text class="lbl" x="{x:.1f}" y="{y - 5.6:.1f}">{esc(location.label)}</text>'
            if slot.amount:
                text += f'<text class="amt" x="{x:.1f}" y="{y + 5:.1f}">{slot.amount}</text>'
            ground.append(
                f'<g class="spot k-{slot.kind}" data-place="{esc(lid)}"{named(label)}{attrs}>'
                f'{tooltip(label)}<polygon points="{hexagon(location.cells[0])}"/>{text}</g>'
            )
            if lid in webs:
                pieces.append(web(x, y))
            if lid in owners:
                seat, is_fort = owners[lid]
                pieces.append(fortress(x, y, seat) if is_fort else settlement(x, y, seat))
            for k, seat in enumerate(dwarfs.get(lid, [])):
                pieces.append(dwarf(x + 5 - 3 * k, y + 5, seat, lid))
        petals = "".join(outline(petal_cells(position)) for position in range(len(POSITIONS)))
        # while a move acts on the map, the places none acts on are dimmed (the targets stand out)
        marked = ' data-targets=""' if any(self.targets.get(loc.id) for loc in geometry.locations) else ""
        return (
            f'<svg class="spring-map"{marked} viewBox="{box}" role="group" aria-label="{esc(self.title)}">'
            f'{"".join(ground)}<path class="petals" d="{petals}"/>'
            f'<g class="pieces" aria-hidden="true">{"".join(pieces)}</g></svg>'
        )
