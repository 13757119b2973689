"""The help the page shows on every unit, square, barrel, counter and pile of Ale War: what it is, its values,
what it does now (the attacks a unit could make from where it stands, with their bonuses), and the rules
section that governs it. Everything is read from an observation through `Seen`, so help shows only what the
viewer may see (in Ale War that is everything but the dice to come).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from dwarfhall.core.messages import Name
from dwarfhall.core.webview import esc

from .board import HILL, LAKE, TERRAIN_KINDS, TREE
from .labels import MESSAGES, odds_message
from .pieces import FIRST_BARREL, FIRST_GOBLIN
from .seen import Attack, Seen, square_name
from .words import MARK, Nouns, msg

# the rules.toml section that governs each kind of element
RULES_UNIT = "units"
RULES_TERRAIN = "units"
RULES_BOARD = "setup"
RULES_BARREL = "goal"
RULES_TURN = "turn"
RULES_SCORE = "end"
RULES_SIDE = "goal"
RULES_ATTACK = "attack"

SETUP_ROWS = {"dwarves": "4-6", "goblins": "1-3"}


def attrs(help_text: str, rules: str, thing: str = "", ids: Iterable[int] = ()) -> str:
    """The attributes of an element with help: focusable, labelled for screen readers with the same words,
    and, when given, the thing it is for the page's picking and the moves a click on it offers."""
    out = ""
    moves = " ".join(str(i) for i in ids)
    if moves:
        out += f' data-action="{moves}" role="button"'
    if thing:
        out += f' data-thing="{esc(thing)}"'
    text = esc(help_text)
    return out + f' data-help="{text}" data-rules="{rules}" aria-label="{text}" tabindex="0"'


def say(key: str, lang: str, **fields: Any) -> str:
    """The page's own sentence `key` (messages.toml's web_<key>) in `lang`; Name fields take their case."""
    return MESSAGES.render("web_" + key, lang, **fields)


def joined(parts: Iterable[str]) -> str:
    """Sentences of the catalog, one after the other."""
    return " ".join(p for p in parts if p)


class Helper:
    """Help texts for one observation in one language."""

    def __init__(self, seen: Seen, nouns: Nouns, codes: dict[str, str], lang: str) -> None:
        self.seen = seen
        self.nouns = nouns
        self.codes = codes
        self.lang = lang

    # -- names and small pieces of sentences ---------------------------------------------------------------
    def piece_name(self, code: int) -> Name:
        key = "barrel" if code >= FIRST_BARREL else self.seen.units[code]["key"]
        return self.nouns.piece(self.seen.obs, key)

    def side(self, side: str) -> Name:
        return self.nouns.sides[side]

    def code_of(self, code: int) -> str:
        if code >= FIRST_BARREL:
            return f"{msg('letter_barrel', self.lang)}{code - FIRST_BARREL + 1}"
        return self.codes[self.seen.units[code]["key"]]

    def terrain_note(self, sq: int) -> str:
        kind = self.seen.terrain[sq]
        if kind == HILL:
            return say("on_hill", self.lang)
        if kind == TREE:
            return say("on_tree", self.lang)
        return ""

    def effect(self, kind: str | None) -> str:
        return say(f"effect_{kind or 'plain'}", self.lang)

    def odds(self, attack: Attack) -> str:
        return MESSAGES.render(odds_message(attack.needed, attack.faces, self.seen.rule), self.lang)

    def mods(self, attack: Attack) -> str:
        """The attack's bonuses and penalties in brackets, or nothing when it has none."""
        lang = self.lang
        mods = [say("mod_support", lang, unit=self.piece_name(s)) for s in attack.supporters]
        if attack.hill:
            mods.append(say("mod_hill", lang))
        if attack.tree:
            mods.append(say("mod_tree", lang))
        return f" ({', '.join(mods)})" if mods else ""

    def target(self, attack: Attack) -> str:
        return say(
            "target", self.lang, target=self.piece_name(attack.target), square=square_name(attack.square),
            mods=self.mods(attack), odds=self.odds(attack),
        )

    def attacker(self, attack: Attack) -> str:
        sq = self.seen.pos[attack.attacker]
        return say(
            "attacker", self.lang, attacker=self.piece_name(attack.attacker), square=square_name(sq),
            mods=self.mods(attack), odds=self.odds(attack),
        )

    def targets(self, attacks: Iterable[Attack]) -> str:
        return "; ".join(self.target(a) for a in attacks)

    # -- the elements ------------------------------------------------------------------------------------
    def unit(self, index: int) -> str:
        seen, lang = self.seen, self.lang
        unit = seen.units[index]
        mark = MARK if unit["reconstructed"] else ""
        side = unit["side"]
        parts = [
            say(
                "help_unit", lang, unit=self.piece_name(index), code=self.code_of(index), side=self.side(side),
                movement=unit["movement"], armor=unit["armor"], mark=mark,
            )
        ]
        sq = seen.pos[index]
        if sq >= 0:
            parts.append(say("help_on", lang, square=square_name(sq), terrain=self.terrain_note(sq)))
            if seen.obs.get("moved_unit") == unit["key"]:
                parts.append(say("help_moved", lang))
            attacks = seen.attacks_from(index, sq)
            if attacks:
                parts.append(say("help_attacks", lang, targets=self.targets(attacks)))
            threats = seen.threats_to(index)
            if threats:
                parts.append(say("help_threats", lang, attacks="; ".join(self.attacker(a) for a in threats)))
        elif unit["status"] == "reserve":
            parts.append(say("help_reserve", lang, rows=SETUP_ROWS[side]))
        elif index >= FIRST_GOBLIN:
            parts.append(say("help_out_back", lang, side=self.side(side)))
        else:
            parts.append(say("help_out", lang))
        return joined(parts)

    def square(self, sq: int) -> str:
        seen, lang = self.seen, self.lang
        kind = seen.terrain[sq]
        parts = [say("help_square", lang, square=square_name(sq),
                     effect=self.effect(TERRAIN_KINDS[kind - 1] if kind else None))]
        code = seen.occ[sq]
        if code >= 0:
            piece = f"{self.piece_name(code).form(lang)} ({self.code_of(code)})"
            parts.append(say("help_holds", lang, piece=piece))
        elif kind != LAKE:
            parts.append(say("help_empty", lang))
        if sq < 6 and kind != LAKE:  # row 1
            parts.append(say("help_row_one", lang, side=self.side("goblins")))
        return joined(parts)

    def square_rules(self, sq: int) -> str:
        return RULES_TERRAIN if self.seen.terrain[sq] else RULES_BOARD

    def barrel(self, index: int) -> str:
        seen, lang = self.seen, self.lang
        obs = seen.obs
        code = FIRST_BARREL + index
        parts = [
            say(
                "help_barrel", lang, barrel=self.piece_name(code), number=index + 1, code=self.code_of(code),
                side=self.side("goblins"), armor=obs["barrel"]["armor"],
                mark=MARK if obs["barrel"]["reconstructed"] else "", dwarves=self.side("dwarves"),
            )
        ]
        sq = seen.barrels[index]
        if sq >= 0:
            parts.append(say("help_on", lang, square=square_name(sq), terrain=self.terrain_note(sq)))
            threats = seen.threats_to(code)
            if threats:
                parts.append(say("help_threats", lang, attacks="; ".join(self.attacker(a) for a in threats)))
        elif obs["barrels"][index]["status"] == "reserve":
            parts.append(say("help_barrel_reserve", lang))
        else:
            parts.append(say("help_barrel_destroyed", lang))
        return joined(parts)

    def turn_counter(self) -> tuple[str, str]:
        """The turn counter's text and help."""
        obs, lang = self.seen.obs, self.lang
        turn, limit = obs["turn"], obs.get("turn_limit")
        if not turn:
            text = say("counter_setup", lang)
        elif limit:
            text = say("counter_turn_limit", lang, turn=turn, limit=limit)
        else:
            text = say("counter_turn", lang, turn=turn)
        dwarves = self.side("dwarves")
        first = (say("help_turn", lang, turn=turn, side=dwarves) if turn
                 else say("help_turn_setup", lang, side=dwarves))
        return text, joined([first, say("help_turn_limit", lang, limit=limit) if limit else ""])

    def barrels_counter(self) -> tuple[str, str]:
        barrels = self.seen.obs["barrels"]
        count, total = sum(1 for b in barrels if b["status"] == "destroyed"), len(barrels)
        return (
            say("counter_barrels", self.lang, count=count, total=total),
            say("help_barrels_count", self.lang, count=count, total=total, dwarves=self.side("dwarves")),
        )

    def out_counter(self) -> tuple[str, str]:
        dwarves = [u for u in self.seen.units if u["side"] == "dwarves"]
        count = sum(1 for u in dwarves if u["status"] == "out")
        return (
            say("counter_out", self.lang, side=self.side("dwarves"), count=count, total=len(dwarves)),
            say("help_out_count", self.lang, count=count, total=len(dwarves), dwarves=self.side("dwarves"),
                goblins=self.side("goblins")),
        )

    def pile(self, kind: str, count: int) -> tuple[str, str]:
        name = self.nouns.terrain.get(kind) or Name(self.seen.obs["terrain_names"][kind])
        return (
            say("counter_pile", self.lang, terrain=name, count=count),
            say("help_pile", self.lang, terrain=name, count=count, effect=self.effect(kind)),
        )

    def side_help(self, side: str, who: str) -> str:
        aim = say(f"help_aim_{side}", self.lang, dwarves=self.side("dwarves"))
        return joined([say("help_side", self.lang, side=self.side(side), who=who), aim])
