"""Ale War in a terminal: the 6 x 6 board with terrain, units (movement/armor) and barrels, and typed moves.

It reads only observations, so it shows exactly what the viewer may see.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from dwarfhall.core import Action, TextView
from dwarfhall.core.i18n import pick
from dwarfhall.core.textkit import Palette, pad, visible_len, wrap_parts, wrap_words

from .board import COLUMNS, SIZE
from .components import SIDE_KEYS, Components
from .typed import parse_move
from .words import (
    MARK,
    Nouns,
    attack_text,
    board_codes,
    last_attack,
    last_terrain,
    msg,
    nouns_of,
    piece_letters,
    status,
    terrain_text,
)

PALETTE = Palette(
    {
        "dwarves": "bold blue",
        "goblins": "bold green",
        "barrel": "bold yellow",
        "tree": "green",
        "hill": "yellow",
        "lake": "cyan",
        "moved": "underline",
        "dim": "dim",
    }
)
GLYPHS = {"tree": "T", "hill": "^", "lake": "~"}
CELL = 7  # characters inside one square

_paint = PALETTE.paint


class AleWarTextView(TextView):
    rules_file = Path(__file__).with_name("rules.toml")
    names_decider = True

    def __init__(self, components: Components | None = None) -> None:
        self.nouns = nouns_of(components)

    def render(self, observation: Mapping[str, Any], lang: str, color: bool) -> str:
        text = self._render(observation, lang, color, False)
        if text.count("\n") + 1 > self.height:  # the full screen would push the top away: the short one
            text = self._render(observation, lang, color, True)
        return text

    def _render(self, observation: Mapping[str, Any], lang: str, color: bool, compact: bool) -> str:
        obs = observation
        width = max(40, self.width)
        head = [msg("title", lang), status(obs, lang, self.nouns)]
        viewer = obs.get("viewer")
        facts = []
        if viewer is not None:
            side = next(
                (f", {self.nouns.sides[s].form(lang)}" for s, seat in obs["seats"].items() if seat == viewer), ""
            )
            facts.append(msg("you", lang, seat=viewer, side=side))
        rule_line = msg(obs["hit_rule"], lang)
        if obs.get("turn_limit"):
            rule_line = rule_line[:-1] + msg("turn_limit", lang, limit=obs["turn_limit"]) + "."
        facts.append(rule_line)
        letters = piece_letters(lang)
        legend = msg("legend", lang, d=letters["dwarves"], g=letters["goblins"], b=letters["barrel"])
        board = _board(obs, lang, color, compact)
        if compact:  # the front end's header names the game's turn already: no title line
            lines = wrap_parts(head[1:], "", " · ", width) + wrap_parts(facts, "", " ", width)
            roster = _short_roster(obs, lang, color, width, self.nouns)
        else:
            lines = [*head, *facts, ""]
            roster = _roster(obs, lang, color, self.nouns)
        board_width = max(visible_len(line) for line in board)
        if board_width + 2 + max(visible_len(line) for line in roster) <= width:
            # wide enough: the pieces' list beside the board
            rows = max(len(board), len(roster))
            for i in range(rows):
                left = board[i] if i < len(board) else ""
                right = roster[i] if i < len(roster) else ""
                lines.append((pad(left, board_width + 2) + right).rstrip())
            lines.append(legend)
        else:
            lines += [*board, legend]
            if not compact:
                lines.append("")
            lines += roster
        attack = last_attack(obs, lang, self.nouns)
        if attack:
            lines += wrap_words(attack, "", width)
        if obs["phase"] in ("terrain", "sides", "place_units") and obs.get("terrain_log"):
            lines += wrap_words(last_terrain(obs, lang, self.nouns), "", width)
        return "\n".join(lines)

    def group(self, actions: Sequence[Action], lang: str) -> list[list[int]] | None:
        """A unit's moves, placements or returns on one line, its squares listed (type the square or D1 c3)."""
        groups: dict[object, list[int]] = {}
        for i, action in enumerate(actions):
            p = action.payload
            key: object = (p.get("type"), p.get("unit")) if p.get("type") in ("move", "place", "reinforce") else i
            if p.get("type") == "barrel":
                key = ("barrel",)
            groups.setdefault(key, []).append(i)
        return list(groups.values())

    def group_line(self, actions: Sequence[Action], observation: Mapping[str, Any], lang: str) -> str | None:
        first = actions[0].payload
        kind = first.get("type")
        if len(actions) < 2 or kind not in ("move", "place", "reinforce", "barrel"):
            return None
        squares = " ".join(str(a.payload.get("to") or a.payload.get("square")) for a in actions)
        if kind == "barrel":
            return msg("group_barrel", lang, squares=squares)
        code = board_codes(observation, lang).get(str(first.get("unit")), "")
        name = self.nouns.piece(observation, str(first.get("unit")))
        if kind == "move":
            return msg("group_move", lang, unit=name, code=code, origin=first.get("from"), squares=squares)
        return msg(f"group_{kind}", lang, unit=name, code=code, squares=squares)

    def parse_move(self, text: str, actions: Sequence[Action], observation: Mapping[str, Any]) -> int | None:
        return parse_move(text, actions, observation)

    def opening(self, observation: Mapping[str, Any], options: Any, who: Callable[[int], str], lang: str) -> str | None:
        """Terrain first (when the players choose it), else the roll-off and its winner; the Dwarves begin."""
        obs = observation
        dwarves = self.nouns.sides["dwarves"].form(lang)
        if obs["phase"] == "terrain":
            return msg("opening_terrain", lang, player=who(obs["to_act"]), dwarves=dwarves)
        if obs["phase"] == "sides" and obs["roll_off"]:
            rolls = "; ".join(msg("roll", lang, a=a, b=b) for a, b in obs["roll_off"])
            return msg("opening_roll_off", lang, rolls=rolls, player=who(obs["side_chooser"]), dwarves=dwarves)
        seat = obs["seats"].get("dwarves")
        return None if seat is None else msg("opening_sides", lang, player=who(seat), dwarves=dwarves)

    def narrate(
        self, before: Mapping[str, Any], action: Action | None, after: Mapping[str, Any], lang: str
    ) -> list[str]:
        """The rolls behind a move: attack rolls, terrain placement rolls and the roll-off (all public)."""
        lines = []
        old_rolls, new_rolls = before.get("roll_off") or [], after.get("roll_off") or []
        if len(new_rolls) > len(old_rolls):
            rolls = "; ".join(msg("roll", lang, a=a, b=b) for a, b in new_rolls[len(old_rolls) :])
            lines.append(msg("roll_off_log", lang, rolls=rolls))
        old_log, new_log = before.get("terrain_log") or [], after.get("terrain_log") or []
        for entry in new_log[len(old_log) :]:
            lines.append(terrain_text(after, entry, lang, self.nouns))
        attack = after.get("last_attack")
        if attack and attack != before.get("last_attack"):
            lines.append(attack_text(after, attack, "attack_log", lang, self.nouns))
        return lines


def render_plain(observation: Mapping[str, Any]) -> str:
    return AleWarTextView().render(observation, "en", False)


# -- the pieces of the picture ----------------------------------------------------------------
def _board(obs: Mapping[str, Any], lang: str, color: bool, compact: bool = False) -> list[str]:
    cells: dict[str, tuple[str, str | None]] = {}
    codes = board_codes(obs, lang)
    for unit in obs["units"]:
        if unit["square"]:
            text = f"{codes[unit['key']]} {unit['movement']}/{unit['armor']}"
            cells[unit["square"]] = (text, unit["side"])
    barrel_letter = piece_letters(lang)["barrel"]
    for i, barrel in enumerate(obs["barrels"]):
        if barrel["square"]:
            cells[barrel["square"]] = (f"{barrel_letter}{i + 1} -/{obs['barrel']['armor']}", "barrel")
    moved_square = next((u["square"] for u in obs["units"] if u["key"] == obs.get("moved_unit")), None)
    header = "    " + "".join(f"{c:^{CELL + 1}}" for c in COLUMNS)
    rule = "   +" + ("-" * CELL + "+") * SIZE
    lines = [header, rule]
    for row in range(SIZE, 0, -1):
        parts = []
        for col in COLUMNS:
            name = f"{col}{row}"
            kind = obs["terrain"].get(name)
            if kind == "lake":
                parts.append(_paint("~" * CELL, "lake", color))
                continue
            glyph = _paint(GLYPHS[kind], kind, color) if kind else " "
            piece, colour = cells.get(name, ("", None))
            body = pad(piece, CELL - 1)
            if color and colour:
                body = _paint(body, colour, True, *(["moved"] if name == moved_square else []))
            parts.append(glyph + body)
        lines.append(f" {row} |" + "|".join(parts) + f"| {row}")
        if not compact or row == 1:  # a short screen keeps only the outer lines
            lines.append(rule)
    if not compact:
        lines.append(header)
    return lines


def _roster(obs: Mapping[str, Any], lang: str, color: bool, nouns: Nouns) -> list[str]:
    codes = board_codes(obs, lang)
    lines = []
    any_reconstructed = False
    for side in SIDE_KEYS:
        seat = obs["seats"].get(side)
        title = nouns.sides[side].form(lang) + (f" ({msg('player', lang, seat=seat)})" if seat is not None else "")
        lines.append(_paint(title, side, color))
        for unit in obs["units"]:
            if unit["side"] != side:
                continue
            mark = MARK if unit["reconstructed"] else ""
            any_reconstructed |= unit["reconstructed"]
            where = unit["square"] or "--"
            stats = msg("unit_line", lang, movement=unit["movement"], armor=unit["armor"])
            status = "" if unit["status"] == "board" else "  " + msg(unit["status"], lang)
            name = pad(pick(unit["name"], lang) + mark, 24)
            lines.append(f"  {codes[unit['key']]} {where:<3} {name} {stats}{status}")
    barrel = obs["barrel"]
    where = ", ".join(b["square"] or msg(b["status"], lang) for b in obs["barrels"])
    any_reconstructed |= barrel["reconstructed"]
    mark = MARK if barrel["reconstructed"] else ""
    lines.append(_paint(msg("barrels", lang, armor=barrel["armor"], mark=mark, where=where), "barrel", color))
    if any_reconstructed:
        lines.append(msg("footnote", lang))
    return lines


def _short_roster(obs: Mapping[str, Any], lang: str, color: bool, width: int, nouns: Nouns) -> list[str]:
    """The pieces in a few lines: per side its units (code, square, name, movement/armor), then the barrels."""
    codes = board_codes(obs, lang)
    lines = []
    for side in SIDE_KEYS:
        seat = obs["seats"].get(side)
        title = (
            nouns.sides[side].form(lang) + (f" ({msg('player', lang, seat=seat)})" if seat is not None else "") + ":"
        )
        parts = []
        for unit in obs["units"]:
            if unit["side"] != side:
                continue
            where = unit["square"] or msg(unit["status"], lang)
            mark = MARK if unit["reconstructed"] else ""
            name = pick(unit["name"], lang)
            parts.append(f"{codes[unit['key']]} {where} {name}{mark} {unit['movement']}/{unit['armor']}")
        parts[0] = _paint(title, side, color) + " " + parts[0]
        lines += wrap_parts(parts, "", " · ", width, rest="  ")
    barrel = obs["barrel"]
    where = ", ".join(b["square"] or msg(b["status"], lang) for b in obs["barrels"])
    mark = MARK if barrel["reconstructed"] else ""
    lines.append(_paint(msg("barrels", lang, armor=barrel["armor"], mark=mark, where=where), "barrel", color))
    return lines
