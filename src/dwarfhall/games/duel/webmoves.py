"""How the page offers the Duel's moves: the things each acts on, its group, a confirm question, a preview.

Things are keys of the board's `data-thing` elements (`thing_*` below; the web view puts them on the cards,
dice, Wild Cards and piles). Dice showing the same face are interchangeable, so a payment names the key
`die:4` once per die it spends. A move is found by its things alone: the card, then the dice (an axe, a Wild
Card) that pay for it; an Ally's point of damage by the die, then the target. Everything here reads only the
viewer's observation and own moves, so it can say nothing the viewer may not see.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from dwarfhall.core import Action, MoveUi

from .components import CardType
from .words import CardWords, msg, player_label

TOP_LEVEL = 12
"""A decision shows at most this many buttons and group headings at the top of the move list."""
BASIC = frozenset({"pass", "end_turn", "roll", "keep_dice", "draw"})
"""Moves that stay one click at the top level (no thing on the board names them)."""


def thing_hand(card: str) -> str:
    return f"hand:{card}"


def thing_die(face: int | str) -> str:
    return f"die:{face}"


THING_WILD = "wild"


def thing_pile(seat: int) -> str:
    return f"pile:{seat}"


def thing_card(seat: int, card: str, damage: int) -> str:
    """A display card; copies with equal damage this turn are interchangeable, so they share a key."""
    return f"card:{seat}:{card}:{damage}"


def thing_discard(card: str) -> str:
    return f"discard:{card}"


class MoveWords:
    """The page's texts for one observation: previews, group headings, the confirm question."""

    def __init__(self, words: CardWords, obs: Mapping[str, Any], lang: str) -> None:
        self.words = words
        self.obs = obs
        self.lang = lang
        self.viewer: int = obs["viewer"] if obs.get("viewer") is not None else obs["active"]

    def t(self, key: str, **fields: Any) -> str:
        return msg(f"web_{key}", self.lang, **fields)

    def name(self, card: str, seat: int) -> str:
        return self.words.name(card, self.obs["players"][seat]["side"], self.lang)

    def face(self, face: int | str) -> str:
        return self.t("axe") if face == "axe" else str(face)

    def spends(self, payment: Mapping[str, Any]) -> str:
        parts = [str(payment["value"])] * payment["dice"] + [self.t("axe")] * payment["axes"]
        parts += [self.t("wild_one")] * payment["wild_cards"]
        return self.t("pv_pays", dice=", ".join(parts)) if parts else self.t("pv_free")

    def card_effect(self, card: str) -> str:
        kind = self.words.kind(card)
        if kind.type is CardType.VICTORY:
            return self.t("pv_vp", n=kind.vp)
        effect = self.words.effect(kind, self.lang)
        if kind.type in (CardType.EVENT, CardType.TWIST):
            return self.t("pv_now", effect=effect)
        return self.t("pv_display", effect=effect)

    def hit(self, target: Mapping[str, Any]) -> str:
        """What one point of damage on `target` does if it lands."""
        seat = target["player"]
        who = player_label(seat, self.viewer, self.lang)
        if target.get("pile"):
            left = self.obs["players"][seat]["pile_size"]
            if left <= 1:
                return self.t("pv_pile_last", player=who)
            return self.t("pv_pile", player=who, n=left - 1)
        card = target["card"]
        kind = self.words.kind(card)
        name = self.name(card, seat)
        health = kind.health or 0
        if target["damage"] + 1 >= health:
            return self.t("pv_defeat", card=name, vp=kind.vp) if kind.vp else self.t("pv_defeat_none", card=name)
        return self.t("pv_hurt", card=name, left=health - target["damage"] - 1, health=health)

    def preview(self, action: Action) -> str:
        p = action.payload
        move = p["move"]
        obs = self.obs
        me = self.viewer
        if move == "play":
            return f"{self.spends(p['payment'])} · {self.card_effect(p['card'])}"
        if move == "damage":
            source = p["source"]
            if source == "die":
                spend = self.t("pv_pays", dice=str(p["face"]))
            elif source == "axe":
                spend = self.t("pv_pays", dice=self.t("axe"))
            elif source == "wild_card":
                spend = self.t("pv_pays", dice=self.t("wild_one"))
            else:
                spend = self.t("pv_discards", card=self.name(p["component"], me))
            return f"{spend} · {self.hit(p['target'])} {self.t('pv_unless')}"
        if move == "end_turn":
            return self.end_turn()
        if move == "draw":
            n = p["cards"]
            left = obs["players"][me]["pile_size"]
            text = self.t("pv_draw", n=n)
            return f"{text} · {self.t('pv_draw_ends')}" if left <= n else text
        if move == "roll":
            return self.t("pv_roll", n=p["dice"])
        if move == "reroll":
            return self.t("pv_reroll", face=self.face(p["face"]), n=max(0, obs["rerolls_left"] - 1))
        if move == "keep_dice":
            return self.t("pv_keep")
        if move == "short_rest":
            return self.t("pv_short_rest", face=p["face"])
        if move == "banish":
            target = p["target"]
            kind = self.words.kind(target["card"])
            name = self.name(target["card"], target["player"])
            return self.t("pv_banish", card=name, vp=kind.vp) if kind.vp else self.t("pv_banish_none", card=name)
        if move == "recover":
            return self.t("pv_recover", card=self.name(p["card"], me))
        if move == "pass" and p.get("damage_pending"):
            return self.pending_hit()
        return ""

    def end_turn(self) -> str:
        obs = self.obs
        me = self.viewer
        parts = [self.t("pv_end")]
        if not obs["used_a_die"] and obs["players"][me]["wild_cards"] < 3:
            source = self.t("pv_wild_middle") if obs["wild_cards_middle"] else player_label(1 - me, me, self.lang)
            parts.append(self.t("pv_take_wild", source=source))
        return " · ".join(parts)

    def pending_hit(self) -> str:
        """What letting the pending point through does, from the open cancel window."""
        windows = self.obs["windows"]
        if not windows or windows[-1]["kind"] != "cancel":
            return ""
        target = windows[-1]["damage"]["target"]
        if target.get("gone"):
            return ""
        if target.get("pile"):
            return self.hit(target)
        seat = target["player"]
        shown = self.obs["players"][seat]["display"][target["slot"]]
        return self.hit({"player": seat, "card": target["card"], "damage": shown["damage"]})

    def group(self, action: Action, fine: bool) -> str:
        """The move's group heading: per card or die (`fine`), else per kind of move."""
        p = action.payload
        move = p["move"]
        me = self.viewer
        if move == "play" or (move == "damage" and p["source"] == "twist"):
            card = p["card"] if move == "play" else p["component"]
            return self.t("grp_play", card=self.name(card, me)) if fine else self.t("grp_play_any")
        if move == "damage":
            if not fine:
                return self.t("grp_damage_any")
            source = p["source"]
            if source == "die":
                return self.t("grp_damage", source=str(p["face"]))
            return self.t("grp_damage", source=self.t("axe") if source == "axe" else self.t("wild_one"))
        if move in ("banish", "recover"):
            return self.t("grp_effect") if not fine else ""
        return ""


def things(action: Action) -> tuple[str, ...]:
    """The board's things a move acts on, in the order a player picks them."""
    p = action.payload
    move = p["move"]
    if move == "play":
        pay = p["payment"]
        dice = [thing_die(pay["value"])] * pay["dice"] + [thing_die("axe")] * pay["axes"]
        return (thing_hand(p["card"]), *dice, *[THING_WILD] * pay["wild_cards"])
    if move == "damage":
        source = p["source"]
        if source == "die":
            first = thing_die(p["face"])
        elif source == "axe":
            first = thing_die("axe")
        elif source == "wild_card":
            first = THING_WILD
        else:
            first = thing_hand(p["component"])
        return (first, _target(p["target"]))
    if move in ("reroll", "short_rest"):
        return (thing_die(p["face"]),)
    if move == "banish":
        return (_target(p["target"]),)
    if move == "recover":
        return (thing_discard(p["card"]),)
    return ()


def _target(target: Mapping[str, Any]) -> str:
    if target.get("pile"):
        return thing_pile(target["player"])
    return thing_card(target["player"], target["card"], target["damage"])


def move_ui(words: CardWords, obs: Mapping[str, Any], actions: Sequence[Action], lang: str) -> dict[int, MoveUi]:
    """Every legal move's things, group, confirm question and preview (WebView.move_ui)."""
    said = MoveWords(words, obs, lang)
    groups = _groups(said, actions)
    others = any(a.payload["move"] != "end_turn" for a in actions)
    out = {}
    for a in actions:
        confirm = said.t("confirm_end") if a.payload["move"] == "end_turn" and others else ""
        out[a.id] = MoveUi(things(a), groups[a.id], confirm, said.preview(a))
    return out


def _groups(said: MoveWords, actions: Sequence[Action]) -> dict[int, str]:
    """Group headings: per card or die where the top level stays within TOP_LEVEL, else coarser."""
    basic = [a for a in actions if a.payload["move"] in BASIC]
    rest = [a for a in actions if a.payload["move"] not in BASIC]
    fine = {a.id: said.group(a, True) for a in rest}
    coarse = {a.id: said.group(a, False) or said.t("grp_more") for a in rest}
    sizes: dict[str, int] = {}
    for g in fine.values():
        sizes[g] = sizes.get(g, 0) + 1
    loose = {i: ("" if sizes[g] == 1 else g) for i, g in fine.items()}  # a group of one is a button of its own
    everything = {a.id: said.t("grp_more") for a in rest}
    choice: Callable[[], dict[int, str]]
    for choice in (lambda: loose, lambda: fine, lambda: coarse, lambda: everything):
        picked = choice()
        if _top_level(len(basic), picked) <= TOP_LEVEL:
            break
    return {a.id: "" for a in basic} | picked


def _top_level(basic: int, groups: Mapping[int, str]) -> int:
    named = {g for g in groups.values() if g}
    return basic + len(named) + sum(1 for g in groups.values() if not g)
