"""Ale War in a terminal: the 6 x 6 board with terrain, units (movement/armor) and barrels, and typed moves.

It reads only observations, so it shows exactly what the viewer may see.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dwarfhall.core import Action, TextView
from dwarfhall.core.i18n import LANGUAGES, languages, pick
from dwarfhall.core.messages import Name
from dwarfhall.core.textkit import Palette, pad, visible_len, wrap_parts, wrap_words

from .board import COLUMNS, SIZE, parse_square
from .components import SIDE_KEYS, Components, load_components
from .labels import MESSAGES

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

def msg(key: str, lang: str, **fields: Any) -> str:
    """The view's own sentence `key` (messages.toml's view_<key>) in `lang`; Name fields take their case."""
    return MESSAGES.render("view_" + key, lang, **fields)


def piece_letters(lang: str) -> dict[str, str]:
    """The letters drawn for a piece of each side and for a barrel (messages.toml's view_letter_<what>)."""
    return {what: msg(f"letter_{what}", lang) for what in ("dwarves", "goblins", "barrel")}


def typed(what: str) -> frozenset[str]:
    """The words a person may type for `what` (messages.toml's typed_<what>), in every language."""
    return MESSAGES.word_list(f"typed_{what}")


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
        head = [msg("title", lang), _status(obs, lang, self.nouns)]
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
        attack = _last_attack(obs, lang, self.nouns)
        if attack:
            lines += wrap_words(attack, "", width)
        if obs["phase"] in ("terrain", "sides", "place_units") and obs.get("terrain_log"):
            lines += wrap_words(_last_terrain(obs, lang, self.nouns), "", width)
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
        code = _codes(observation, lang).get(str(first.get("unit")), "")
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
            lines.append(_terrain_text(after, entry, lang, self.nouns))
        attack = after.get("last_attack")
        if attack and attack != before.get("last_attack"):
            lines.append(_attack_text(after, attack, "attack_log", lang, self.nouns))
        return lines


@dataclass(frozen=True)
class Nouns:
    """The names a sentence may inflect, from the components file: sides, units (and "barrel") and terrain."""

    sides: Mapping[str, Name]
    pieces: Mapping[str, Name]
    terrain: Mapping[str, Name]

    def piece(self, obs: Mapping[str, Any], key: str) -> Name:
        """A unit or the barrel by key; a name the file does not know comes from the observation."""
        if key in self.pieces:
            return self.pieces[key]
        if key == "barrel":
            return Name(obs["barrel"]["name"])
        return Name(next(u["name"] for u in obs["units"] if u["key"] == key))


def nouns_of(components: Components | None = None) -> Nouns:
    """The names of the components file (the shipped one unless given)."""
    comps = components if components is not None else load_components()
    return Nouns(
        sides={key: comps.side_name(key) for key in SIDE_KEYS},
        pieces={**{u.key: u.name for u in comps.units}, "barrel": comps.barrel.name},
        terrain={t.kind: t.name for t in comps.terrain},
    )


def render_plain(observation: Mapping[str, Any]) -> str:
    return AleWarTextView().render(observation, "en", False)


# -- the pieces of the picture ----------------------------------------------------------------
def _who(obs: Mapping[str, Any], side: str | None, lang: str) -> str:
    seat = obs["seats"].get(side) if side else obs.get("to_act")
    return msg("player", lang, seat=seat)


def _status(obs: Mapping[str, Any], lang: str, nouns: Nouns) -> str:
    phase = obs["phase"]
    side = obs.get("side_to_act")
    if phase == "terrain":
        return msg("terrain", lang, seat=obs["to_act"], left=sum(obs["terrain_left"].values()))
    if phase == "sides":
        rolls = "; ".join(msg("roll", lang, a=a, b=b) for a, b in obs["roll_off"])
        return msg("sides", lang, rolls=rolls, seat=obs["side_chooser"])
    if phase == "place_units":
        rows = "4-6" if side == "dwarves" else "1-3"
        return msg(
            "place_units", lang, side=nouns.sides[side or "dwarves"].form(lang), who=_who(obs, side, lang), rows=rows
        )
    if phase == "place_barrels":
        return msg("place_barrels", lang, side=nouns.sides["goblins"].form(lang), who=_who(obs, side, lang))
    if phase == "reinforce":
        return msg(
            "reinforce", lang, turn=obs["turn"], side=nouns.sides["goblins"].form(lang), who=_who(obs, side, lang)
        )
    if phase == "move":
        return msg(
            "move", lang, turn=obs["turn"], side=nouns.sides[side or "dwarves"].form(lang), who=_who(obs, side, lang)
        )
    if phase == "attack":
        unit = next(u for u in obs["units"] if u["key"] == obs["moved_unit"])
        return msg(
            "attack",
            lang,
            turn=obs["turn"],
            side=nouns.sides[side or "dwarves"].form(lang),
            who=_who(obs, side, lang),
            unit=pick(unit['name'], lang),
        )
    winner = obs.get("winner")
    if winner == "draw":
        return msg("draw", lang, turn=obs["turn"])
    return msg("won", lang, side=nouns.sides[winner or "dwarves"].form(lang), who=_who(obs, winner, lang))


def _codes(obs: Mapping[str, Any], lang: str) -> dict[str, str]:
    """Short board codes: D1-D3 / G1-G3 (German Z1-Z3), in components order."""
    letters = piece_letters(lang)
    counters = {"dwarves": 0, "goblins": 0}
    codes = {}
    for unit in obs["units"]:
        counters[unit["side"]] += 1
        codes[unit["key"]] = f"{letters[unit['side']]}{counters[unit['side']]}"
    return codes


def _board(obs: Mapping[str, Any], lang: str, color: bool, compact: bool = False) -> list[str]:
    cells: dict[str, tuple[str, str | None]] = {}
    codes = _codes(obs, lang)
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
    codes = _codes(obs, lang)
    lines = []
    any_reconstructed = False
    for side in SIDE_KEYS:
        seat = obs["seats"].get(side)
        title = nouns.sides[side].form(lang) + (f" ({msg('player', lang, seat=seat)})" if seat is not None else "")
        lines.append(_paint(title, side, color))
        for unit in obs["units"]:
            if unit["side"] != side:
                continue
            mark = "*" if unit["reconstructed"] else ""
            any_reconstructed |= unit["reconstructed"]
            where = unit["square"] or "--"
            stats = msg("unit_line", lang, movement=unit["movement"], armor=unit["armor"])
            status = "" if unit["status"] == "board" else "  " + msg(unit["status"], lang)
            name = pad(pick(unit["name"], lang) + mark, 24)
            lines.append(f"  {codes[unit['key']]} {where:<3} {name} {stats}{status}")
    barrel = obs["barrel"]
    where = ", ".join(b["square"] or msg(b["status"], lang) for b in obs["barrels"])
    any_reconstructed |= barrel["reconstructed"]
    mark = "*" if barrel["reconstructed"] else ""
    lines.append(_paint(msg("barrels", lang, armor=barrel["armor"], mark=mark, where=where), "barrel", color))
    if any_reconstructed:
        lines.append(msg("footnote", lang))
    return lines


def _short_roster(obs: Mapping[str, Any], lang: str, color: bool, width: int, nouns: Nouns) -> list[str]:
    """The pieces in a few lines: per side its units (code, square, name, movement/armor), then the barrels."""
    codes = _codes(obs, lang)
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
            mark = "*" if unit["reconstructed"] else ""
            name = pick(unit["name"], lang)
            parts.append(f"{codes[unit['key']]} {where} {name}{mark} {unit['movement']}/{unit['armor']}")
        parts[0] = _paint(title, side, color) + " " + parts[0]
        lines += wrap_parts(parts, "", " · ", width, rest="  ")
    barrel = obs["barrel"]
    where = ", ".join(b["square"] or msg(b["status"], lang) for b in obs["barrels"])
    mark = "*" if barrel["reconstructed"] else ""
    lines.append(_paint(msg("barrels", lang, armor=barrel["armor"], mark=mark, where=where), "barrel", color))
    return lines


def _last_attack(obs: Mapping[str, Any], lang: str, nouns: Nouns) -> str:
    attack = obs.get("last_attack")
    if not attack:
        return ""
    return _attack_text(obs, attack, "last_attack", lang, nouns)


def _attack_text(obs: Mapping[str, Any], attack: Mapping[str, Any], key: str, lang: str, nouns: Nouns) -> str:
    mod = attack["modifier"]
    return msg(
        key,
        lang,
        attacker=nouns.piece(obs, attack["attacker"]),
        target=nouns.piece(obs, attack["target"]),
        square=attack["square"],
        die=attack["die"],
        mod=f" {'+' if mod >= 0 else '-'} {abs(mod)} = {attack['total']}" if mod else "",
        armor=attack["armor"],
        result=msg(("hit_barrel" if attack["target"] == "barrel" else "hit") if attack["hit"] else "miss", lang),
    )


def _last_terrain(obs: Mapping[str, Any], lang: str, nouns: Nouns) -> str:
    return _terrain_text(obs, obs["terrain_log"][-1], lang, nouns)


def _terrain_text(obs: Mapping[str, Any], entry: Mapping[str, Any], lang: str, nouns: Nouns) -> str:
    rolls = ", ".join(f"{COLUMNS[c - 1]}{r}" for c, r in entry["rolls"])
    kind = nouns.terrain.get(entry["kind"]) or Name(obs["terrain_names"][entry["kind"]])
    return msg("placed_terrain", lang, seat=entry["seat"], kind=kind, square=entry["square"], rolls=rolls)


# -- typed moves ------------------------------------------------------------------------------
def _unit_words(obs: Mapping[str, Any]) -> dict[str, set[str]]:
    """Words that name each unit: its key and the distinctive words of its names."""
    words: dict[str, set[str]] = {}
    for unit in obs.get("units", []):
        names = {w for lang in LANGUAGES for w in re.split(r"[\s\-]+", pick(unit['name'], lang).lower()) if w}
        words[unit["key"]] = {unit["key"]} | (names - typed("side_name"))
    for lang in languages():  # the codes on the board: Z1 (German) names the first Dwarf; D1 is also a square
        for key, code in _codes(obs, lang).items():
            if parse_square(code.lower()) is None:
                words[key].add(code.lower())
    return words


def _squares_of(action: Action, obs: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """(from, to) squares of an action, either None when it has none."""
    p = action.payload
    kind = p.get("type")
    if kind == "move":
        return p.get("from"), p.get("to")
    if kind == "attack":
        attacker = next((u["square"] for u in obs.get("units", []) if u["key"] == p.get("attacker")), None)
        return attacker, p.get("square")
    if kind in ("place", "barrel", "reinforce"):
        return None, p.get("square")
    return None, None


def parse_move(text: str, actions: Sequence[Action], observation: Mapping[str, Any]) -> int | None:
    """`c3` (a destination, target or placement square), `b2 c3` (from and to), `scout c4`, `D1 c4` (the code
    drawn on the board, either language), `no`, `dwarves`, ..."""
    tokens = re.findall(r"[a-zäöüß0-9_]+", text.lower())
    if not tokens:
        return None
    found = _parse_tokens(text, tokens, actions, observation)
    if found is None and len(tokens) > 1:
        # `d1 c4`: D1 is both a square and the first Dwarf's code; read it as the unit when the squares fail
        codes = {code.lower(): key for lang in languages() for key, code in _codes(observation, lang).items()}
        if tokens[0] in codes:
            found = _parse_tokens(text, [codes[tokens[0]], *tokens[1:]], actions, observation)
    return found


def _parse_tokens(
    text: str, tokens: list[str], actions: Sequence[Action], observation: Mapping[str, Any]
) -> int | None:
    by_type: dict[str, list[Action]] = {}
    for action in actions:
        by_type.setdefault(str(action.payload.get("type")), []).append(action)

    def only(candidates: list[Action]) -> int | None:
        return candidates[0].id if len(candidates) == 1 else None

    if len(tokens) == 1:
        word = tokens[0]
        if word in typed("no") or word in typed("pass"):
            declines = by_type.get("no_attack", []) + by_type.get("no_reinforcement", []) + by_type.get("pass", [])
            return only(declines)
        for side in ("dwarves", "goblins"):
            if word in typed(f"side_{side}") and "side" in by_type:
                return only([a for a in by_type["side"] if a.payload.get("side") == side])
        for kind in ("tree", "hill", "lake"):
            if word in typed(f"terrain_{kind}") and "terrain" in by_type:
                return only([a for a in by_type["terrain"] if a.payload.get("kind") == kind])

    squares = [sq for sq in tokens if parse_square(sq) is not None]
    others = [w for w in tokens if parse_square(w) is None and w not in typed("filler")]
    unit_words = _unit_words(observation)
    unit_hint: str | None = None
    barrel_hint = False
    for word in others:
        matches = [
            k
            for k, names in unit_words.items()
            if word in names or (len(word) >= 3 and any(name.startswith(word) for name in names))
        ]
        if len(matches) == 1:
            unit_hint = matches[0]
        elif word in typed("barrel"):
            barrel_hint = True
        else:
            return _by_label(text, actions)
    if len(squares) > 2 or not (squares or unit_hint or barrel_hint):
        return _by_label(text, actions)

    candidates = []
    for action in actions:
        origin, dest = _squares_of(action, observation)
        if dest is None:
            continue
        if len(squares) == 2 and (origin != squares[0] or dest != squares[1]):
            continue
        if len(squares) == 1 and dest != squares[0]:
            continue
        p = action.payload
        if unit_hint is not None and unit_hint not in (p.get("unit"), p.get("target"), p.get("attacker")):
            continue
        if barrel_hint and p.get("type") not in ("barrel",) and p.get("target") != "barrel":
            continue
        candidates.append(action)
    return only(candidates)


def _by_label(text: str, actions: Sequence[Action]) -> int | None:
    wanted = text.strip().lower()
    matches = [a.id for a in actions if any(label.lower() == wanted for label in a.labels.values())]
    return matches[0] if len(matches) == 1 else None
