"""Ale War in a terminal: the 6 x 6 board with terrain, units (movement/armor) and barrels, and typed moves.

It reads only observations, so it shows exactly what the viewer may see.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from dwarfhall.core import Action, TextView
from dwarfhall.play.terminal import Palette, pad

from .board import COLUMNS, SIZE, parse_square

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
PIECE_LETTERS = {
    "en": {"dwarves": "D", "goblins": "G", "barrel": "B"},
    "de": {"dwarves": "Z", "goblins": "G", "barrel": "F"},  # Zwerg, Goblin, Fass
}
CELL = 7  # characters inside one square

MESSAGES: dict[str, tuple[str, str]] = {
    "title": ("Dwarves vs Goblins (Ale War)", "Zwerge gegen Goblins (Bierkrieg)"),
    "dwarves": ("Dwarves", "Zwerge"),
    "goblins": ("Goblins", "Goblins"),
    "player": ("player {seat}", "Spieler {seat}"),
    "you": ("You are player {seat}{side}.", "Du bist Spieler {seat}{side}."),
    "terrain": (
        "Setup: player {seat} picks the next terrain piece ({left} left).",
        "Aufbau: Spieler {seat} wählt das nächste Geländeteil (noch {left}).",
    ),
    "sides": (
        "Roll-off ({rolls}): player {seat} chooses a side.",
        "Auswürfeln ({rolls}): Spieler {seat} wählt eine Seite.",
    ),
    "place_units": (
        "Setup: the {side} ({who}) place a unit on rows {rows}.",
        "Aufbau: Die {side} ({who}) stellen eine Einheit auf Reihe {rows}.",
    ),
    "place_barrels": (
        "Setup: the Goblins ({who}) place a barrel on any free square that is not a lake.",
        "Aufbau: Die Goblins ({who}) stellen ein Fass auf ein freies Feld, das kein See ist.",
    ),
    "reinforce": (
        "Turn {turn}: Goblins ({who}) may bring a knocked-out Goblin back on row 1.",
        "Zug {turn}: Die Goblins ({who}) dürfen einen ausgeschalteten Goblin auf Reihe 1 zurückholen.",
    ),
    "move": ("Turn {turn}: {side} ({who}) to move.", "Zug {turn}: {side} ({who}) am Zug."),
    "attack": ("Turn {turn}: {side} ({who}): {unit} may attack.", "Zug {turn}: {side} ({who}): {unit} darf angreifen."),
    "won": ("Game over: the {side} ({who}) win.", "Spielende: Die {side} ({who}) gewinnen."),
    "draw": ("Game over: a draw after {turn} turns.", "Spielende: unentschieden nach {turn} Zügen."),
    "turn_limit": (" (a draw after turn {limit})", " (unentschieden nach Zug {limit})"),
    "exact": (
        "Hits: the roll must equal the armor (rulebook).",
        "Treffer: der Wurf muss der Rüstung gleichen (Regelheft).",
    ),
    "at_least": (
        "Hits: a roll of at least the armor (house rule).",
        "Treffer: ein Wurf von mindestens der Rüstung (Hausregel).",
    ),
    "roll": ("player 0 rolled {a}, player 1 rolled {b}", "Spieler 0 würfelt {a}, Spieler 1 würfelt {b}"),
    "placed_terrain": (
        "Player {seat} placed a {kind} on {square} (rolled {rolls}).",
        "Spieler {seat} legte {kind} auf {square} (gewürfelt: {rolls}).",
    ),
    "unit_line": ("move {movement}  armor {armor}", "Bewegung {movement}  Rüstung {armor}"),
    "reserve": ("not placed yet", "noch nicht aufgestellt"),
    "out": ("knocked out", "ausgeschaltet"),
    "barrels": ("Barrels (armor {armor}{mark}): {where}", "Fässer (Rüstung {armor}{mark}): {where}"),
    "destroyed": ("destroyed", "zerstört"),
    "last_attack": (
        "Last attack: {attacker} attacked {target} on {square}: rolled {die}{mod} against armor {armor} — {result}",
        "Letzter Angriff: {attacker} griff {target} auf {square} an: Wurf {die}{mod} gegen Rüstung {armor} — {result}",
    ),
    "hit": ("hit, knocked out!", "Treffer, ausgeschaltet!"),
    "hit_barrel": ("hit, the barrel is destroyed!", "Treffer, das Fass ist zerstört!"),
    "miss": ("no effect", "ohne Wirkung"),
    "legend": (
        "{d} Dwarf, {g} Goblin, {b} barrel; 2/4 = movement/armor; T tree, ^ hill, ~ lake",
        "{d} Zwerg, {g} Goblin, {b} Fass; 2/4 = Bewegung/Rüstung; T Baum, ^ Hügel, ~ See",
    ),
    "footnote": (
        "* reconstructed value: the rulebook prints none (see docs/rules/alewar.md)",
        "* rekonstruierter Wert: das Regelheft nennt keinen (siehe docs/rules/alewar.md)",
    ),
}

NO_WORDS = {"no", "none", "skip", "decline", "nein", "kein", "keine", "keinen", "nicht", "x"}
PASS_WORDS = {"pass", "passen"}
SIDE_WORDS = {
    "dwarves": {"dwarves", "dwarfs", "dwarf", "zwerge", "zwerg"},
    "goblins": {"goblins", "goblin"},
}
TERRAIN_WORDS = {
    "tree": {"tree", "trees", "baum", "t"},
    "hill": {"hill", "hills", "hügel", "huegel", "h"},
    "lake": {"lake", "lakes", "see", "l"},
}
BARREL_WORDS = {"barrel", "barrels", "fass", "fässer", "b"}
SIDE_NAME_WORDS = {"dwarf", "goblin", "zwergen", "goblins", "dwarves"}
FILLER_WORDS = {
    "attack", "angreifen", "greife", "an", "move", "to", "nach", "on", "at", "auf", "place", "stelle", "ziehe"
}


def msg(key: str, lang: str, **fields: Any) -> str:
    en, de = MESSAGES[key]
    return (de if lang == "de" else en).format(**fields)


_paint = PALETTE.paint


class AleWarTextView(TextView):
    def render(self, observation: Mapping[str, Any], lang: str, color: bool) -> str:
        lang = "de" if lang == "de" else "en"
        obs = observation
        lines = [msg("title", lang)]
        lines.append(_status(obs, lang))
        viewer = obs.get("viewer")
        if viewer is not None:
            side = next((f", {msg(s, lang)}" for s, seat in obs["seats"].items() if seat == viewer), "")
            lines.append(msg("you", lang, seat=viewer, side=side))
        rule_line = msg(obs["hit_rule"], lang)
        if obs.get("turn_limit"):
            rule_line = rule_line[:-1] + msg("turn_limit", lang, limit=obs["turn_limit"]) + "."
        lines.append(rule_line)
        lines.append("")
        lines.extend(_board(obs, lang, color))
        letters = PIECE_LETTERS[lang]
        lines.append(msg("legend", lang, d=letters["dwarves"], g=letters["goblins"], b=letters["barrel"]))
        lines.append("")
        lines.extend(_roster(obs, lang, color))
        attack = _last_attack(obs, lang)
        if attack:
            lines.append(attack)
        if obs["phase"] in ("terrain", "sides", "place_units") and obs.get("terrain_log"):
            lines.append(_last_terrain(obs, lang))
        return "\n".join(lines)

    def parse_move(self, text: str, actions: Sequence[Action], observation: Mapping[str, Any]) -> int | None:
        return parse_move(text, actions, observation)


def render_plain(observation: Mapping[str, Any]) -> str:
    return AleWarTextView().render(observation, "en", False)


# -- the pieces of the picture ----------------------------------------------------------------
def _who(obs: Mapping[str, Any], side: str | None, lang: str) -> str:
    seat = obs["seats"].get(side) if side else obs.get("to_act")
    return msg("player", lang, seat=seat)


def _status(obs: Mapping[str, Any], lang: str) -> str:
    phase = obs["phase"]
    side = obs.get("side_to_act")
    if phase == "terrain":
        return msg("terrain", lang, seat=obs["to_act"], left=sum(obs["terrain_left"].values()))
    if phase == "sides":
        rolls = "; ".join(msg("roll", lang, a=a, b=b) for a, b in obs["roll_off"])
        return msg("sides", lang, rolls=rolls, seat=obs["side_chooser"])
    if phase == "place_units":
        rows = "4-6" if side == "dwarves" else "1-3"
        return msg("place_units", lang, side=msg(side or "dwarves", lang), who=_who(obs, side, lang), rows=rows)
    if phase == "place_barrels":
        return msg("place_barrels", lang, who=_who(obs, side, lang))
    if phase == "reinforce":
        return msg("reinforce", lang, turn=obs["turn"], who=_who(obs, side, lang))
    if phase == "move":
        return msg("move", lang, turn=obs["turn"], side=msg(side or "dwarves", lang), who=_who(obs, side, lang))
    if phase == "attack":
        unit = next(u for u in obs["units"] if u["key"] == obs["moved_unit"])
        return msg(
            "attack", lang, turn=obs["turn"], side=msg(side or "dwarves", lang), who=_who(obs, side, lang),
            unit=unit["name"][lang],
        )
    winner = obs.get("winner")
    if winner == "draw":
        return msg("draw", lang, turn=obs["turn"])
    return msg("won", lang, side=msg(winner or "dwarves", lang), who=_who(obs, winner, lang))


def _codes(obs: Mapping[str, Any], lang: str) -> dict[str, str]:
    """Short board codes: D1-D3 / G1-G3 (German Z1-Z3), in components order."""
    letters = PIECE_LETTERS[lang]
    counters = {"dwarves": 0, "goblins": 0}
    codes = {}
    for unit in obs["units"]:
        counters[unit["side"]] += 1
        codes[unit["key"]] = f"{letters[unit['side']]}{counters[unit['side']]}"
    return codes


def _board(obs: Mapping[str, Any], lang: str, color: bool) -> list[str]:
    cells: dict[str, tuple[str, str | None]] = {}
    codes = _codes(obs, lang)
    for unit in obs["units"]:
        if unit["square"]:
            text = f"{codes[unit['key']]} {unit['movement']}/{unit['armor']}"
            cells[unit["square"]] = (text, unit["side"])
    barrel_letter = PIECE_LETTERS[lang]["barrel"]
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
        lines.append(rule)
    lines.append(header)
    return lines


def _roster(obs: Mapping[str, Any], lang: str, color: bool) -> list[str]:
    codes = _codes(obs, lang)
    lines = []
    any_reconstructed = False
    for side in ("dwarves", "goblins"):
        seat = obs["seats"].get(side)
        title = msg(side, lang) + (f" ({msg('player', lang, seat=seat)})" if seat is not None else "")
        lines.append(_paint(title, side, color))
        for unit in obs["units"]:
            if unit["side"] != side:
                continue
            mark = "*" if unit["reconstructed"] else ""
            any_reconstructed |= unit["reconstructed"]
            where = unit["square"] or "--"
            stats = msg("unit_line", lang, movement=unit["movement"], armor=unit["armor"])
            status = "" if unit["status"] == "board" else "  " + msg(unit["status"], lang)
            lines.append(f"  {codes[unit['key']]} {where:<3} {pad(unit['name'][lang] + mark, 24)} {stats}{status}")
    barrel = obs["barrel"]
    where = ", ".join(b["square"] or msg(b["status"], lang) for b in obs["barrels"])
    any_reconstructed |= barrel["reconstructed"]
    mark = "*" if barrel["reconstructed"] else ""
    lines.append(_paint(msg("barrels", lang, armor=barrel["armor"], mark=mark, where=where), "barrel", color))
    if any_reconstructed:
        lines.append(msg("footnote", lang))
    return lines


def _name_of(obs: Mapping[str, Any], key: str, lang: str) -> str:
    if key == "barrel":
        return str(obs["barrel"]["name"][lang])
    return next(str(u["name"][lang]) for u in obs["units"] if u["key"] == key)


def _last_attack(obs: Mapping[str, Any], lang: str) -> str:
    attack = obs.get("last_attack")
    if not attack:
        return ""
    mod = attack["modifier"]
    return msg(
        "last_attack", lang,
        attacker=_name_of(obs, attack["attacker"], lang),
        target=_name_of(obs, attack["target"], lang),
        square=attack["square"],
        die=attack["die"],
        mod=f" {'+' if mod >= 0 else '-'} {abs(mod)} = {attack['total']}" if mod else "",
        armor=attack["armor"],
        result=msg(("hit_barrel" if attack["target"] == "barrel" else "hit") if attack["hit"] else "miss", lang),
    )


def _last_terrain(obs: Mapping[str, Any], lang: str) -> str:
    entry = obs["terrain_log"][-1]
    rolls = ", ".join(f"{COLUMNS[c - 1]}{r}" for c, r in entry["rolls"])
    kind = obs["terrain_names"][entry["kind"]][lang]
    return msg("placed_terrain", lang, seat=entry["seat"], kind=kind, square=entry["square"], rolls=rolls)


# -- typed moves ------------------------------------------------------------------------------
def _unit_words(obs: Mapping[str, Any]) -> dict[str, set[str]]:
    """Words that name each unit: its key and the distinctive words of its names."""
    words: dict[str, set[str]] = {}
    for unit in obs.get("units", []):
        names = {w for lang in ("en", "de") for w in re.split(r"[\s\-]+", unit["name"][lang].lower()) if w}
        words[unit["key"]] = {unit["key"]} | (names - SIDE_NAME_WORDS)
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
    """`c3` (a destination, target or placement square), `b2 c3` (from and to), `scout c4`, `no`, `dwarves`, ..."""
    tokens = re.findall(r"[a-zäöüß0-9_]+", text.lower())
    if not tokens:
        return None
    by_type: dict[str, list[Action]] = {}
    for action in actions:
        by_type.setdefault(str(action.payload.get("type")), []).append(action)

    def only(candidates: list[Action]) -> int | None:
        return candidates[0].id if len(candidates) == 1 else None

    if len(tokens) == 1:
        word = tokens[0]
        if word in NO_WORDS or word in PASS_WORDS:
            declines = by_type.get("no_attack", []) + by_type.get("no_reinforcement", []) + by_type.get("pass", [])
            return only(declines)
        for side, names in SIDE_WORDS.items():
            if word in names and "side" in by_type:
                return only([a for a in by_type["side"] if a.payload.get("side") == side])
        for kind, names in TERRAIN_WORDS.items():
            if word in names and "terrain" in by_type:
                return only([a for a in by_type["terrain"] if a.payload.get("kind") == kind])

    squares = [sq for sq in tokens if parse_square(sq) is not None]
    others = [w for w in tokens if parse_square(w) is None and w not in FILLER_WORDS]
    unit_words = _unit_words(observation)
    unit_hint: str | None = None
    barrel_hint = False
    for word in others:
        matches = [k for k, names in unit_words.items() if word in names or (len(word) >= 3 and k.startswith(word))]
        if len(matches) == 1:
            unit_hint = matches[0]
        elif word in BARREL_WORDS:
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
