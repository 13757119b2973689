"""Ale War on the web page: the 6 x 6 board with terrain, units and barrels, and moves clicked on squares.

It reads only an observation and the viewer's own legal moves. A move that ends on a
square (placing, moving to, attacking, reinforcing) is clicked on that square; a unit that
can move also offers its moves on its own square.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from dwarfhall.core import Action, WebView
from dwarfhall.core.i18n import pick
from dwarfhall.core.webview import action_attr, esc

from .board import COLUMNS, SIZE
from .components import SIDE_KEYS, Components, load_components
from .words import MARK, board_codes, last_attack, last_terrain, msg, nouns_of, piece_letters, status

STYLESHEET = Path(__file__).with_name("webview.css")
TERRAIN_GLYPHS = {"tree": "♣", "hill": "▲", "lake": "≈"}


class AleWarWebView(WebView):
    def __init__(self, components: Components | None = None) -> None:
        self.nouns = nouns_of(components)
        self.components = components

    def picture(self, slot: str, lang: str) -> str:
        return _picture(self.components, slot, lang)

    def stylesheet(self) -> str:
        return STYLESHEET.read_text(encoding="utf-8")

    def outcome(self, before: Mapping[str, Any], after: Mapping[str, Any], lang: str) -> str:
        """An attack's roll and result, terrain placed by dice, the roll-off, the end: from the public views."""
        parts = []
        if len(after.get("terrain_log") or []) > len(before.get("terrain_log") or []):
            parts.append(last_terrain(after, lang, self.nouns))
        if after.get("roll_off") != before.get("roll_off") and after.get("roll_off"):
            # every pair of the roll-off once, ties rolled again included
            new = after["roll_off"][len(before.get("roll_off") or []) :]
            rolls = "; ".join(msg("roll", lang, a=a, b=b) for a, b in new)
            parts.append(msg("roll_off_log", lang, rolls=rolls))
        if after.get("last_attack") and after.get("last_attack") != before.get("last_attack"):
            parts.append(last_attack(after, lang, self.nouns))
        if after.get("winner") and not before.get("winner"):
            parts.append(status(after, lang, self.nouns))
        return "; ".join(p.rstrip(".") for p in parts if p)  # one sentence: no ".;" where two notes meet

    def render(self, observation: Mapping[str, Any], actions: Sequence[Action], lang: str) -> str:
        obs = observation
        on_square: dict[str, list[int]] = defaultdict(list)
        from_square: dict[str, list[int]] = defaultdict(list)
        for a in actions:
            p = a.payload
            square = p.get("to") or p.get("square")
            if isinstance(square, str):
                on_square[square].append(a.id)
            if isinstance(p.get("from"), str):
                from_square[p["from"]].append(a.id)
        codes = board_codes(obs, lang)
        pieces: dict[str, str] = {}
        for unit in obs["units"]:
            if unit["square"]:
                mark = MARK if unit["reconstructed"] else ""
                moved = " moved" if unit["key"] == obs.get("moved_unit") else ""
                pieces[unit["square"]] = (
                    f'<span class="piece {esc(unit["side"])}{moved}" title="{esc(pick(unit["name"], lang))}">'
                    f"{esc(codes[unit['key']])}<small>{unit['movement']}/{unit['armor']}{mark}</small></span>"
                )
        barrel_letter = piece_letters(lang)["barrel"]
        for i, barrel in enumerate(obs["barrels"]):
            if barrel["square"]:
                mark = MARK if obs["barrel"]["reconstructed"] else ""
                pieces[barrel["square"]] = (
                    f'<span class="piece barrel" title="{esc(pick(obs["barrel"]["name"], lang))}">'
                    f"{barrel_letter}{i + 1}"
                    f"<small>-/{obs['barrel']['armor']}{mark}</small></span>"
                )
        rows = ["<tr><th></th>" + "".join(f"<th>{c}</th>" for c in COLUMNS) + "</tr>"]
        for row in range(SIZE, 0, -1):
            cells = [f"<th>{row}</th>"]
            for col in COLUMNS:
                name = f"{col}{row}"
                kind = obs["terrain"].get(name)
                ids = on_square.get(name, []) + from_square.get(name, [])
                terrain = ""
                if kind:
                    terrain_name = esc(pick(obs['terrain_names'][kind], lang))
                    terrain = f'<span class="terrain" title="{terrain_name}">{TERRAIN_GLYPHS[kind]}</span>'
                cls = f"sq t-{kind}" if kind else "sq"
                label = f"{name} {pick(obs['terrain_names'][kind], lang) if kind else ''}".strip()
                cells.append(
                    f'<td class="{cls}" data-square="{name}" aria-label="{esc(label)}"{action_attr(ids)}>'
                    f"{terrain}{pieces.get(name, '')}</td>"
                )
            rows.append("<tr>" + "".join(cells) + "</tr>")
        board = f'<table class="alewar-board">{"".join(rows)}</table>'
        roster = []
        for side in SIDE_KEYS:
            seat = obs["seats"].get(side)
            who = f" ({msg('player', lang, seat=seat)})" if seat is not None else ""
            items = []
            for unit in obs["units"]:
                if unit["side"] != side:
                    continue
                mark = MARK if unit["reconstructed"] else ""
                where = unit["square"] or msg(unit["status"], lang)
                stats = msg("unit_line", lang, movement=unit["movement"], armor=unit["armor"])
                items.append(
                    f"<li><b>{esc(codes[unit['key']])}</b> {esc(pick(unit['name'], lang))}{mark} · {esc(stats)}"
                    f" · {esc(where)}</li>"
                )
            roster.append(
                f'<div class="roster {side}"><h4>{esc(self.nouns.sides[side].form(lang))}{esc(who)}</h4>'
                f"<ul>{''.join(items)}</ul></div>"
            )
        barrel = obs["barrel"]
        where = ", ".join(b["square"] or msg(b["status"], lang) for b in obs["barrels"])
        mark = MARK if barrel["reconstructed"] else ""
        roster.append(
            f'<p class="barrels">{esc(msg("barrels", lang, armor=barrel["armor"], mark=mark, where=where))}</p>'
        )
        notes = [last_attack(obs, lang, self.nouns)]
        if obs["phase"] in ("terrain", "sides", "place_units") and obs.get("terrain_log"):
            notes.append(last_terrain(obs, lang, self.nouns))
        rule = msg(obs["hit_rule"], lang)
        notes_html = "".join(f"<p>{esc(n)}</p>" for n in notes if n)
        return (
            f'<div class="alewar"><p class="alewar-status" role="status">{esc(status(obs, lang, self.nouns))}</p>'
            f'<div class="alewar-main">{board}<div class="alewar-side">{"".join(roster)}'
            f'<div class="notes">{notes_html}<p class="dim">{esc(rule)}</p></div></div></div></div>'
        )


# -- the rules page's pictures (`picture`), drawn from the game's data, never from a game in progress --

DIE_FACES = {"1", "2", "3", "4", "5", "6"}
DIE_GLYPHS = "⚀⚁⚂⚃⚄⚅"


def _picture(components: Components | None, slot: str, lang: str) -> str:
    comps = components if components is not None else load_components()
    kind, _, arg = slot.partition(":")
    if kind == "unit" and arg in SIDE_KEYS:
        side = SIDE_KEYS.index(arg)
        letter = piece_letters(lang)[arg]
        units = [u for u in comps.units if u.side == side]
        return "".join(
            f'<span class="piece {arg}" title="{esc(u.name.form(lang))}">{letter}{i + 1}'
            f"<small>{u.movement}/{u.armor}{MARK if u.reconstructed else ''}</small></span>"
            f'<span class="rules-caption">{esc(u.name.form(lang))}</span>'
            for i, u in enumerate(units)
        )
    if kind == "barrel":
        barrel = comps.barrel
        mark = MARK if barrel.reconstructed else ""
        return (
            f'<span class="piece barrel" title="{esc(barrel.name.form(lang))}">{piece_letters(lang)["barrel"]}1'
            f"<small>-/{barrel.armor}{mark}</small></span>"
            f'<span class="rules-caption">{esc(barrel.name.form(lang))}</span>'
        )
    if kind == "terrain":
        for terrain in comps.terrain:
            if terrain.kind == arg:
                name = esc(terrain.name.form(lang))
                return (
                    f'<table class="alewar-board rules-square"><tr><td class="sq t-{arg}">'
                    f'<span class="terrain" title="{name}">{TERRAIN_GLYPHS[arg]}</span></td></tr></table>'
                    f'<span class="rules-caption">{name}</span>'
                )
    if kind == "die" and arg in DIE_FACES:
        return f'<span class="rules-d6" aria-label="{arg}">{DIE_GLYPHS[int(arg) - 1]}</span>'
    return ""
