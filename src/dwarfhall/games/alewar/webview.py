"""Ale War on the web page: the 6 x 6 board with terrain, units and barrels, and moves clicked on squares.

It reads only an observation and the viewer's own legal moves. Every unit, square, barrel, counter and pile
carries its help (webhelp.py) and the key the page picks it by (`data-thing`); how each move is offered by
those things, grouped and previewed is webmoves.py. A move that ends on a square (placing, moving to,
attacking, reinforcing) is also clickable on that square, and a unit that can move offers its moves on its own
square, for the tutorials' highlights and keyboard players.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from dwarfhall.core import Action, WebView
from dwarfhall.core.i18n import pick
from dwarfhall.core.webview import MoveUi, esc

from .board import COLUMNS, SIZE
from .components import SIDE_KEYS, Components, load_components
from .seen import Seen, barrel_thing, pile_thing, side_thing, square_thing, unit_thing
from .webhelp import RULES_BARREL, RULES_BOARD, RULES_SCORE, RULES_SIDE, RULES_TURN, RULES_UNIT, Helper, attrs
from .webmoves import move_ui
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

    def move_ui(self, observation: Mapping[str, Any], actions: Sequence[Action], lang: str) -> Mapping[int, MoveUi]:
        return move_ui(observation, actions, lang, self.nouns)

    def render(self, observation: Mapping[str, Any], actions: Sequence[Action], lang: str) -> str:
        obs = observation
        seen = Seen(obs)
        codes = board_codes(obs, lang)
        helper = Helper(seen, self.nouns, codes, lang)
        on_square: dict[str, list[int]] = defaultdict(list)
        from_square: dict[str, list[int]] = defaultdict(list)
        of_thing: dict[str, list[int]] = defaultdict(list)  # moves that start from a thing off the board
        for a in actions:
            p = a.payload
            square = p.get("to") or p.get("square")
            if isinstance(square, str):
                on_square[square].append(a.id)
            if isinstance(p.get("from"), str):
                from_square[p["from"]].append(a.id)
            if p["type"] in ("place", "reinforce"):
                of_thing[unit_thing(p["unit"])].append(a.id)
            elif p["type"] == "side":
                of_thing[side_thing(p["side"])].append(a.id)
            elif p["type"] == "terrain":
                of_thing[pile_thing(p["kind"])].append(a.id)
        pieces: dict[str, str] = {}
        for i, unit in enumerate(obs["units"]):
            if unit["square"]:
                pieces[unit["square"]] = self._unit_piece(obs, i, codes, helper, ())
        for i, barrel in enumerate(obs["barrels"]):
            if barrel["square"]:
                pieces[barrel["square"]] = self._barrel_piece(obs, i, helper, lang)
        rows = ["<tr><th></th>" + "".join(f"<th>{c}</th>" for c in COLUMNS) + "</tr>"]
        for row in range(SIZE, 0, -1):
            cells = [f"<th>{row}</th>"]
            for col in COLUMNS:
                name = f"{col}{row}"
                sq = (row - 1) * SIZE + COLUMNS.index(col)
                kind = obs["terrain"].get(name)
                ids = on_square.get(name, []) + from_square.get(name, [])
                terrain = f'<span class="terrain" aria-hidden="true">{TERRAIN_GLYPHS[kind]}</span>' if kind else ""
                cls = f"sq t-{kind}" if kind else "sq"
                help_attrs = attrs(helper.square(sq), helper.square_rules(sq), square_thing(name), ids)
                cells.append(
                    f'<td class="{cls}" data-square="{name}"{help_attrs}>{terrain}{pieces.get(name, "")}</td>'
                )
            rows.append("<tr>" + "".join(cells) + "</tr>")
        board = f'<table class="alewar-board">{"".join(rows)}</table>'
        roster = []
        for side in SIDE_KEYS:
            seat = obs["seats"].get(side)
            who = f" ({msg('player', lang, seat=seat)})" if seat is not None else ""
            items = []
            for i, unit in enumerate(obs["units"]):
                if unit["side"] != side:
                    continue
                mark = MARK if unit["reconstructed"] else ""
                where = unit["square"] or msg(unit["status"], lang)
                stats = msg("unit_line", lang, movement=unit["movement"], armor=unit["armor"])
                ids = of_thing[unit_thing(unit["key"])]
                token = "" if unit["square"] else self._unit_piece(obs, i, codes, helper, ids)
                line = attrs(helper.unit(i), RULES_UNIT)
                items.append(
                    f"<li>{token}<span class=\"unit-line\"{line}><b>{esc(codes[unit['key']])}</b> "
                    f"{esc(pick(unit['name'], lang))}{mark} · {esc(stats)} · {esc(where)}</span></li>"
                )
            heading = attrs(helper.side_help(side, who), RULES_SIDE, side_thing(side), of_thing[side_thing(side)])
            roster.append(
                f'<div class="roster {side}"><h4{heading}>{esc(self.nouns.sides[side].form(lang))}{esc(who)}</h4>'
                f"<ul>{''.join(items)}</ul></div>"
            )
        barrel = obs["barrel"]
        where = ", ".join(b["square"] or msg(b["status"], lang) for b in obs["barrels"])
        mark = MARK if barrel["reconstructed"] else ""
        off_board = "".join(
            self._barrel_piece(obs, i, helper, lang) for i, b in enumerate(obs["barrels"]) if not b["square"]
        )
        line = esc(msg("barrels", lang, armor=barrel["armor"], mark=mark, where=where))
        roster.append(f'<p class="barrels">{off_board}{line}</p>')
        notes = [last_attack(obs, lang, self.nouns)]
        if obs["phase"] in ("terrain", "sides", "place_units") and obs.get("terrain_log"):
            notes.append(last_terrain(obs, lang, self.nouns))
        rule = msg(obs["hit_rule"], lang)
        notes_html = "".join(f"<p>{esc(n)}</p>" for n in notes if n)
        return (
            f'<div class="alewar"><p class="alewar-status" role="status">{esc(status(obs, lang, self.nouns))}</p>'
            f"{self._counters(obs, helper, of_thing)}"
            f'<div class="alewar-main">{board}<div class="alewar-side">{"".join(roster)}'
            f'<div class="notes">{notes_html}<p class="dim">{esc(rule)}</p></div></div></div></div>'
        )

    def _unit_piece(
        self, obs: Mapping[str, Any], index: int, codes: Mapping[str, str], helper: Helper, ids: Sequence[int]
    ) -> str:
        unit = obs["units"][index]
        mark = MARK if unit["reconstructed"] else ""
        moved = " moved" if unit["key"] == obs.get("moved_unit") else ""
        off = "" if unit["square"] else f" off {unit['status']}"
        help_attrs = attrs(helper.unit(index), RULES_UNIT, unit_thing(unit["key"]), ids)
        return (
            f'<span class="piece {esc(unit["side"])}{moved}{off}"{help_attrs}>'
            f"{esc(codes[unit['key']])}<small>{unit['movement']}/{unit['armor']}{mark}</small></span>"
        )

    def _barrel_piece(self, obs: Mapping[str, Any], index: int, helper: Helper, lang: str) -> str:
        barrel = obs["barrels"][index]
        mark = MARK if obs["barrel"]["reconstructed"] else ""
        off = "" if barrel["square"] else f" off {barrel['status']}"
        help_attrs = attrs(helper.barrel(index), RULES_BARREL, barrel_thing(index))
        return (
            f'<span class="piece barrel{off}"{help_attrs}>{piece_letters(lang)["barrel"]}{index + 1}'
            f"<small>-/{obs['barrel']['armor']}{mark}</small></span>"
        )

    def _counters(self, obs: Mapping[str, Any], helper: Helper, of_thing: Mapping[str, list[int]]) -> str:
        """The turn, the barrels destroyed, the Dwarves knocked out, and during set-up the terrain piles."""
        items = []
        for (text, help_text), rules in (
            (helper.turn_counter(), RULES_TURN),
            (helper.barrels_counter(), RULES_SCORE),
            (helper.out_counter(), RULES_SCORE),
        ):
            items.append(f'<span class="counter"{attrs(help_text, rules)}>{esc(text)}</span>')
        if obs["phase"] == "terrain":
            for kind, count in obs["terrain_left"].items():
                text, help_text = helper.pile(kind, count)
                thing = pile_thing(kind)
                pile = attrs(help_text, RULES_BOARD, thing, of_thing.get(thing, []))
                items.append(
                    f'<span class="counter pile t-{kind}"{pile}>'
                    f'<span aria-hidden="true">{TERRAIN_GLYPHS[kind]}</span> {esc(text)}</span>'
                )
        return f'<div class="alewar-counters">{"".join(items)}</div>'


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
