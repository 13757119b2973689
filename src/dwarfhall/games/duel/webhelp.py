"""The help the page shows on each thing of the Duel's table: its full text, its values, what it does now, and
the rules section that governs it (a section key of rules.toml). Read from the viewer's observation only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dwarfhall.core.webview import esc

from .components import CardType
from .words import CardWords, msg, player_label

RULES_OF_TYPE = {
    CardType.ALLY: "damage",
    CardType.VICTORY: "end",
    CardType.SUPPORT: "cards",
    CardType.EVENT: "cards",
    CardType.TWIST: "twists",
}


def help_attrs(text: str, rules: str, label: str, focusable: bool = True) -> str:
    """The attributes that give an element its help (and a label for screen readers)."""
    tab = ' tabindex="0"' if focusable else ""
    return f' data-help="{esc(text)}" data-rules="{esc(rules)}" aria-label="{esc(label)}"{tab}'


class TableHelp:
    """Help texts for one observation and language."""

    def __init__(self, words: CardWords, obs: Mapping[str, Any], lang: str) -> None:
        self.words = words
        self.obs = obs
        self.lang = lang
        self.viewer: int | None = obs.get("viewer")

    def t(self, key: str, **fields: Any) -> str:
        return msg(f"web_help_{key}", self.lang, **fields)

    def card(self, key: str, seat: int, now: str) -> tuple[str, str, str]:
        """(help text, rules section, label) of a card of `seat`'s deck; `now` says what it does at this moment."""
        kind = self.words.kind(key)
        side = self.obs["players"][seat]["side"]
        name = self.words.name(key, side, self.lang)
        head = msg("card_line", self.lang, type=self.words.type_name(kind, self.lang),
                   cost=self.words.cost(kind, self.lang), copies=kind.copies)
        values = []
        if kind.health:
            values.append(msg("card_health", self.lang, n=kind.health))
        if kind.vp:
            values.append(msg("card_vp", self.lang, n=kind.vp))
        lines = [f"{name} — {head}", kind.text(side, self.lang)]
        if values:
            lines.append(" · ".join(values))
        if now:
            lines.append(now)
        if self.words.marked(kind, side):
            lines.append(self.t("marked"))
        label = " · ".join([name, self.words.type_name(kind, self.lang), *values])
        return "\n".join(lines), RULES_OF_TYPE[kind.type], label

    def in_hand(self, key: str, plays: int, throws: int) -> str:
        if throws:
            return self.t("hand_throw")
        if plays == 1:
            return self.t("hand_play_one")
        if plays:
            return self.t("hand_play", n=plays)
        if self.obs["to_act"] == self.viewer:
            return self.t("hand_not_now")
        return ""

    def in_display(self, key: str, seat: int, damage: int, hits: bool) -> str:
        kind = self.words.kind(key)
        parts = []
        if kind.health and damage:
            parts.append(self.t("damaged", d=damage, left=kind.health - damage, health=kind.health))
        elif kind.health:
            parts.append(self.t("damage_rule", health=kind.health))
        else:
            parts.append(self.t("no_health"))
        if hits:
            parts.append(self.t("can_hit"))
        return " ".join(parts)

    def die(self, face: int | str, used: bool, uses: int) -> tuple[str, str]:
        """(help text, label) of one die."""
        label = msg("web_axe", self.lang) if face == "axe" else str(face)
        if used:
            used_label = f"{msg('web_dice', self.lang)}: {label} ({msg('web_used', self.lang)})"
            return self.t("die_used", face=label), used_label
        text = self.t("die_axe") if face == "axe" else self.t("die", face=face)
        if uses:
            text += "\n" + self.t("die_pick")
        return text, f"{msg('web_dice', self.lang)}: {label}"

    def pile(self, seat: int) -> str:
        n = self.obs["players"][seat]["pile_size"]
        who = player_label(seat, self.viewer, self.lang)
        return self.t("pile", player=who, n=n)

    def discard(self, seat: int) -> str:
        n = len(self.obs["players"][seat]["discard"])
        return self.t("discard", player=player_label(seat, self.viewer, self.lang), n=n)

    def wild(self, seat: int) -> str:
        player = self.obs["players"][seat]
        usable = self.obs["wild_cards_usable"] if self.obs["active"] == seat else 0
        text = self.t("wild", player=player_label(seat, self.viewer, self.lang), n=player["wild_cards"], usable=usable)
        if player["bonus_dice"]:
            text += "\n" + self.t("bonus", n=player["bonus_dice"])
        return text

    def middle(self) -> str:
        return self.t("middle", n=self.obs["wild_cards_middle"])

    def vp(self, seat: int) -> str:
        return self.t("vp", player=player_label(seat, self.viewer, self.lang), n=self.obs["players"][seat]["vp"])

    def hidden_hand(self, seat: int) -> str:
        player = self.obs["players"][seat]
        return self.t("hidden_hand", player=player_label(seat, self.viewer, self.lang), n=player["hand_size"])

    def display(self, seat: int) -> str:
        return self.t("display", player=player_label(seat, self.viewer, self.lang))

    def to_roll(self) -> str:
        return self.t("to_roll", n=self.obs["dice_to_roll"] or 0)
