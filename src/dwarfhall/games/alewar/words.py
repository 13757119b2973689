"""Ale War's words: its catalog, piece letters and codes, typed words, the names a sentence inflects, and the
sentences the terminal, the page and the game log share (the status line, an attack, a terrain placement).
Nothing here draws.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dwarfhall.core.i18n import pick
from dwarfhall.core.messages import Name

from .board import COLUMNS
from .components import SIDE_KEYS, Components, load_components
from .labels import MESSAGES

MARK = "°"  # after a reconstructed value, on the terminal and the page alike


def msg(key: str, lang: str, **fields: Any) -> str:
    """The view's own sentence `key` (messages.toml's view_<key>) in `lang`; Name fields take their case."""
    return MESSAGES.render("view_" + key, lang, **fields)


def piece_letters(lang: str) -> dict[str, str]:
    """The letters drawn for a piece of each side and for a barrel (messages.toml's view_letter_<what>)."""
    return {what: msg(f"letter_{what}", lang) for what in ("dwarves", "goblins", "barrel")}


def typed(what: str) -> frozenset[str]:
    """The words a person may type for `what` (messages.toml's view_typed_<what>), in every language."""
    return MESSAGES.word_list(f"view_typed_{what}")


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


# -- sentences -------------------------------------------------------------------------------
def who(obs: Mapping[str, Any], side: str | None, lang: str) -> str:
    seat = obs["seats"].get(side) if side else obs.get("to_act")
    return msg("player", lang, seat=seat)


def status(obs: Mapping[str, Any], lang: str, nouns: Nouns) -> str:
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
            "place_units", lang, side=nouns.sides[side or "dwarves"].form(lang), who=who(obs, side, lang), rows=rows
        )
    if phase == "place_barrels":
        return msg("place_barrels", lang, side=nouns.sides["goblins"].form(lang), who=who(obs, side, lang))
    if phase == "reinforce":
        return msg(
            "reinforce", lang, turn=obs["turn"], side=nouns.sides["goblins"].form(lang), who=who(obs, side, lang)
        )
    if phase == "move":
        return msg(
            "move", lang, turn=obs["turn"], side=nouns.sides[side or "dwarves"].form(lang), who=who(obs, side, lang)
        )
    if phase == "attack":
        unit = next(u for u in obs["units"] if u["key"] == obs["moved_unit"])
        return msg(
            "attack",
            lang,
            turn=obs["turn"],
            side=nouns.sides[side or "dwarves"].form(lang),
            who=who(obs, side, lang),
            unit=pick(unit["name"], lang),
        )
    winner = obs.get("winner")
    if winner == "draw":
        return msg("draw", lang, turn=obs["turn"])
    return msg("won", lang, side=nouns.sides[winner or "dwarves"].form(lang), who=who(obs, winner, lang))


def board_codes(obs: Mapping[str, Any], lang: str) -> dict[str, str]:
    """Short board codes: D1-D3 / G1-G3 (German Z1-Z3), in components order."""
    letters = piece_letters(lang)
    counters = {"dwarves": 0, "goblins": 0}
    codes = {}
    for unit in obs["units"]:
        counters[unit["side"]] += 1
        codes[unit["key"]] = f"{letters[unit['side']]}{counters[unit['side']]}"
    return codes


def last_attack(obs: Mapping[str, Any], lang: str, nouns: Nouns) -> str:
    attack = obs.get("last_attack")
    if not attack:
        return ""
    return attack_text(obs, attack, "last_attack", lang, nouns)


def attack_text(obs: Mapping[str, Any], attack: Mapping[str, Any], key: str, lang: str, nouns: Nouns) -> str:
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


def last_terrain(obs: Mapping[str, Any], lang: str, nouns: Nouns) -> str:
    return terrain_text(obs, obs["terrain_log"][-1], lang, nouns)


def terrain_text(obs: Mapping[str, Any], entry: Mapping[str, Any], lang: str, nouns: Nouns) -> str:
    rolls = ", ".join(f"{COLUMNS[c - 1]}{r}" for c, r in entry["rolls"])
    kind = nouns.terrain.get(entry["kind"]) or Name(obs["terrain_names"][entry["kind"]])
    return msg("placed_terrain", lang, seat=entry["seat"], kind=kind, square=entry["square"], rolls=rolls)
