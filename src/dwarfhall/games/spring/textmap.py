"""The world map as text: the 19 petals as rosettes of 7 hexes, one text row per row of hexes (15 rows).

A grassland spot is 4 characters: its label (petal letter and spot digit, e.g. `H3`) and what lies there
(a spot kind and amount such as `w2`, a settlement `s1`, a fortress `F1`, a dwarf `d1`, a web `w#`), and after it
the mark of a place an offered move acts on (in the gap before the next hex). A
wildland petal shows its label and name, its monster and the dwarfs in it across its 7 hexes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dwarfhall.core import Name
from dwarfhall.core.textkit import Palette, clip, visible_len

from .hexmap import DIRECTIONS, petal_cells
from .viewdata import PETAL_LETTERS, Cards, MapLabels, label_of

CELL = 5  # characters from one hex to the next in a row (4 drawn, 1 gap)
HALF_UNITS = 12  # a row's hexes lie 2 half-units apart; the map spans -12 .. 12 half-units
ROWS = 15  # r from -7 to 7
MAP_WIDTH = (2 * HALF_UNITS) * CELL // 2 + CELL - 1  # 64 characters

PALETTE = Palette(
    {
        "p0": "bold red",
        "p1": "bold blue",
        "p2": "bold green",
        "p3": "bold magenta",
        "web": "bold white on red",
        "monster": "bold yellow",
        "wild": "yellow",
        "water": "cyan",
        "label": "dim",
        "dim": "dim",
        "title": "bold",
        "you": "reverse",
        "target": "bold reverse",
    }
)
paint = PALETTE.paint


def column(q: int, r: int) -> int:
    """The first character of the hex at fine cell (q, r)."""
    return (2 * q + r + HALF_UNITS) * CELL // 2


def glyph(kind: str, lang: str, cards: Cards) -> str:
    """The one-letter code of a spot kind or piece (messages `tv_g_<kind>`)."""
    return cards.t(f"tv_g_{kind}", lang)


class MapPicture:
    """Text rows of the map, and where each row's drawing starts and ends (for notes beside it)."""

    def __init__(
        self,
        obs: Mapping[str, Any],
        labels: MapLabels,
        cards: Cards,
        lang: str,
        color: bool,
        targets: frozenset[str] = frozenset(),
    ) -> None:
        self.rows: list[list[tuple[int, str]]] = [[] for _ in range(ROWS)]  # (column, painted text of 4 cells)
        self.obs = obs
        self.labels = labels
        self.cards = cards
        self.lang = lang
        self.color = color
        self.occupant = _occupants(obs)
        self.webs = set(obs.get("webs", {}))
        self.targets = targets
        self.marker = paint(glyph("target", lang, cards), "target", color)
        for location in labels.geometry.locations:
            if location.is_wildland:
                self._wildland(location.id, location.position)
            else:
                (q, r) = location.cells[0]
                self._put(q, r, self._spot(location.id) + (self.marker if location.id in targets else ""))

    def _put(self, q: int, r: int, text: str) -> None:
        self.rows[r + ROWS // 2].append((column(q, r), text))

    def _spot(self, location_id: str) -> str:
        lang, cards = self.lang, self.cards
        label = label_of(location_id)
        slot = self.labels.slot(location_id)
        who = self.occupant.get(location_id)
        if who is not None:
            piece, seat = who
            body = paint(glyph(piece, lang, cards) + str(seat), f"p{seat}", self.color)
        elif location_id in self.webs:
            body = paint(glyph(slot.kind, lang, cards) + "#", "web", self.color)
        elif slot.kind in ("field", "water"):
            body = glyph(slot.kind, lang, cards) * 2
            body = paint(body, "water", self.color) if slot.kind == "water" else body
        else:
            body = glyph(slot.kind, lang, cards) + str(slot.amount)
        return paint(label, "label", self.color) + body

    def _wildland(self, location_id: str, position: int) -> None:
        """Top hexes: the monster; middle: label and name; bottom: the dwarfs (one seat digit each)."""
        lang, color = self.lang, self.color
        centre = petal_cells(position)[0]
        q, r = centre
        wildland = self.labels.wildland(location_id)
        monster = self.obs.get("monsters", {}).get(wildland.id)
        top = clip(self.cards.name(monster, lang, mark=False), 9) if monster else "-"
        label = PETAL_LETTERS[position]
        marked = location_id in self.targets  # the mark right after the name, not beside the next hex
        middle = clip(f"{label} {Name(wildland.name).form(lang)}", 13 if marked else 14)
        seats = sorted(s for s, p in enumerate(self.obs["players"]) for d in p["dwarfs"] if d == location_id)
        dwarfs = "".join(paint(str(s), f"p{s}", color) for s in seats)
        bottom = (glyph("dwarf", lang, self.cards) + dwarfs) if seats else ""
        bottom += " " * (9 - visible_len(bottom))
        nw = DIRECTIONS[2]
        sw = DIRECTIONS[4]
        w = DIRECTIONS[3]
        self._put(q + nw[0], r + nw[1], paint(f"{top:<9}", "monster" if monster else "wild", color))
        middle_cell = paint(middle, "wild", color) + (self.marker if marked else "")
        self._put(q + w[0], r + w[1], middle_cell + " " * (14 - visible_len(middle_cell)))
        self._put(q + sw[0], r + sw[1], bottom)

    def lines(self) -> list[tuple[str, int, int]]:
        """Per row: its text, the first column drawn and the column after the last one drawn."""
        out = []
        for row in self.rows:
            row.sort()
            text = ""
            pos = 0
            for col, cell in row:
                text += " " * (col - pos) + cell
                pos = col + visible_len(cell)
            out.append((text, row[0][0] if row else 0, pos))
        return out


def _occupants(obs: Mapping[str, Any]) -> dict[str, tuple[str, int]]:
    """Per grassland spot: ('settlement' | 'fortress' | 'dwarf', seat)."""
    found: dict[str, tuple[str, int]] = {}
    for seat, player in enumerate(obs["players"]):
        for spot in player["settlements"]:
            found[spot] = ("settlement", seat)
        if player["fortress"]:
            found[player["fortress"]] = ("fortress", seat)
        for spot in player["dwarfs"]:
            if "." in spot:
                found[spot] = ("dwarf", seat)
    return found


def with_notes(
    lines: list[tuple[str, int, int]], notes: Mapping[int, tuple[str, str]], width: int, indent: int = 0
) -> list[str]:
    """The map rows, each with a short note at its left and/or right where the rosettes leave room (notes that
    do not fit are cut)."""
    out = []
    for i, (text, start, end) in enumerate(lines):
        left, right = notes.get(i, ("", ""))
        room = start - 1
        head = clip(left, room) if left and room > 2 else ""
        line = " " * indent + head + " " * (start - len(head)) + text[start:] if head else " " * indent + text
        if right:
            space = width - indent - end - 2
            if space > 2:
                line += "  " + clip(right, space)
        out.append(line.rstrip())
    return out
