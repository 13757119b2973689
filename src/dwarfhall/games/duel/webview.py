"""The Duel on the web page: both areas with cards, dice with their faces drawn, Wild Cards, piles, windows.

It reads only an observation and the viewer's own legal moves (like the text view), and
marks each thing a move acts on with its action ids so that the page makes it clickable.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from dwarfhall.core import Action, MoveUi, WebView
from dwarfhall.core.webview import action_attr, esc

from .components import CardSet, CardType
from .labels import catalog
from .reading import Reading
from .webhelp import TableHelp, help_attrs
from .webmoves import THING_WILD, move_ui, thing_card, thing_die, thing_discard, thing_hand, thing_pile
from .webmoves import things as things_of
from .words import CardWords, msg, player_label

STYLESHEET = Path(__file__).with_name("webview.css")
PIPS = {  # pip centres on a 3 x 3 grid (0..2) for each face
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
}


def _t(key: str, lang: str, /, **fields: Any) -> str:
    """The page's text `key` (messages.toml's web_<key>) in `lang`."""
    return catalog().render(f"web_{key}", lang, **fields)


def die_svg(face: int | str, used: bool) -> str:
    """A die drawn with its pips (or an axe), for the page."""
    parts = ['<rect x="2" y="2" width="44" height="44" rx="8" class="die-body"/>']
    if face == "axe":
        parts.append('<path d="M16 38 L30 14 M30 14 q8 -4 8 8 q-6 2 -12 -2 z" class="die-axe"/>')
    else:
        for x, y in PIPS[int(face)]:
            parts.append(f'<circle cx="{12 + 12 * x}" cy="{12 + 12 * y}" r="4.5" class="die-pip"/>')
    cls = "die" + (" used" if used else "")
    return f'<svg viewBox="0 0 48 48" class="{cls}" aria-hidden="true">{"".join(parts)}</svg>'


class DuelWebView(WebView):
    def __init__(self, cards: CardSet | None = None) -> None:
        self.words = CardWords(cards)
        self.cards = self.words.cards

    def stylesheet(self) -> str:
        return STYLESHEET.read_text(encoding="utf-8")

    def picture(self, slot: str, lang: str) -> str:
        return _picture(self, slot, lang)

    def render(self, observation: Mapping[str, Any], actions: Sequence[Action], lang: str) -> str:
        return _Page(self, observation, actions, lang).draw()

    def move_ui(
        self, observation: Mapping[str, Any], actions: Sequence[Action], lang: str
    ) -> Mapping[int, MoveUi]:
        return move_ui(self.words, observation, actions, lang)

    def outcome(self, before: Mapping[str, Any], after: Mapping[str, Any], lang: str) -> str:
        """Dice rolled, damage dealt and cards gone from a display, from the public views."""
        parts = []
        faces_before = [d["face"] for d in before["dice"]]
        faces_after = [d["face"] for d in after["dice"]]
        if faces_after and faces_after != faces_before:
            shown = ", ".join(_t("axe", lang) if f == "axe" else str(f) for f in faces_after)
            parts.append(_t("rolled", lang, faces=shown))
        for seat, (old, new) in enumerate(zip(before["players"], after["players"], strict=True)):
            side = new["side"]
            left = [c["card"] for c in old["display"]]
            for card in new["display"]:
                if card["card"] in left:
                    left.remove(card["card"])
            hurt = sum(c["damage"] for c in new["display"]) - sum(c["damage"] for c in old["display"])
            if hurt > 0 and not left:
                parts.append(_t("hurt", lang, player=player_label(seat, None, lang), n=hurt))
            for key in left:
                name = self.words.name(key, side, lang)
                parts.append(_t("left_display", lang, card=name))
        if after["result"] is not None and before["result"] is None:
            parts.append(" ".join(_one_line(sentence) for sentence in Reading(self.words, after, lang).result()))
        return "; ".join(parts)


class _Page:
    def __init__(self, view: DuelWebView, obs: Mapping[str, Any], actions: Sequence[Action], lang: str) -> None:
        self.view = view
        self.obs = obs
        self.lang = lang
        self.viewer: int | None = obs.get("viewer")
        self.reading = Reading(view.words, obs, lang)
        self.targets: dict[tuple[Any, ...], list[int]] = defaultdict(list)
        self.help = TableHelp(view.words, obs, lang)
        self.plays: dict[str, int] = defaultdict(int)  # legal plays per card in hand
        self.throws: dict[str, int] = defaultdict(int)  # legal damage moves per Twist in hand
        self.named: set[str] = set()  # things some legal move names
        self._index(actions)

    def _index(self, actions: Sequence[Action]) -> None:
        """Which thing on the table each legal move acts on."""
        me = self.viewer
        for a in actions:
            p = a.payload
            move = p.get("move")
            self.named.update(things_of(a))
            if move == "play":
                self.plays[p["card"]] += 1
            elif move == "damage" and p.get("source") == "twist":
                self.throws[p["component"]] += 1
            if move == "play":
                self.targets[("hand", p.get("card"))].append(a.id)
            elif move == "damage":
                target = p.get("target", {})
                if target.get("pile"):
                    self.targets[("pile", target.get("player"))].append(a.id)
                elif "slot" in target:
                    self.targets[("display", target.get("player"), target["slot"])].append(a.id)
                if p.get("source") == "die":
                    self.targets[("face", p.get("face"))].append(a.id)
                elif p.get("source") == "axe":
                    self.targets[("face", "axe")].append(a.id)
                elif p.get("source") == "wild_card":
                    self.targets[("wild", me)].append(a.id)
                elif p.get("source") == "twist":
                    self.targets[("hand", p.get("component"))].append(a.id)
            elif move == "draw":
                self.targets[("pile", me)].append(a.id)
            elif move == "roll":
                self.targets[("roll",)].append(a.id)
            elif "face" in p:
                self.targets[("face", p["face"])].append(a.id)
                if p.get("component"):
                    self.targets[("own_display", p["component"])].append(a.id)

    def on(self, *key: Any) -> str:
        return action_attr(self.targets.get(key, []))

    def draw(self) -> str:
        obs = self.obs
        top = 1 - self.viewer if self.viewer is not None else 1
        status = esc(self.reading.status())
        if obs["result"] is not None:
            situation = esc(" ".join(_one_line(sentence) for sentence in self.reading.result()))
        else:
            situation = esc(_one_line(self.reading.question()))
        middle = (
            f'<div class="duel-middle"><span class="wild-middle"'
            f'{help_attrs(self.help.middle(), "wild", _t("middle", self.lang))}>'
            f"{_t('middle', self.lang)}: <b>{obs['wild_cards_middle']}</b></span>{self.dice()}</div>"
        )
        return (
            f'<div class="duel" data-phase="{esc(obs["phase"])}">'
            f'<p class="duel-status">{status}</p>'
            f"{self.area(top)}{middle}{self.area(1 - top)}"
            f'<p class="duel-ask" role="status">{situation}</p></div>'
        )

    def name(self, key: str, seat: int) -> str:
        return self.reading.name(key, seat)

    def card(self, key: str, seat: int, extra: str = "", attrs: str = "", damage: int = 0) -> str:
        # a card's drawing depends only on these inputs
        inputs = ("card", key, self.reading.side(seat), self.lang, extra, attrs, damage)
        return self.view.drawn(inputs, lambda: self._card(key, seat, extra, attrs, damage))

    def card_attrs(self, key: str, seat: int, moves: str, thing: str, now: str) -> str:
        """A card's move, thing and help attributes."""
        text, rules, label = self.help.card(key, seat, now)
        return f'{moves} data-thing="{esc(thing)}"{help_attrs(text, rules, label, focusable="tabindex" not in moves)}'

    def _card(self, key: str, seat: int, extra: str, attrs: str, damage: int) -> str:
        kind = self.view.words.kind(key)
        name = self.name(key, seat)
        stats = []
        if kind.health:
            left = kind.health - damage
            stats.append(
                f'<span class="hp">♥ {left}/{kind.health}</span>'
                if damage
                else f'<span class="hp">♥ {kind.health}</span>'
            )
        if kind.vp:
            stats.append(f'<span class="vp">★ {kind.vp}</span>')
        effect = "" if kind.type is CardType.VICTORY else esc(self.view.words.effect(kind, self.lang))
        return (
            f'<div class="dcard t-{kind.type.value}"{attrs} data-card="{esc(key)}">'
            f'<div class="dcard-name">{esc(name)}</div>'
            f'<div class="dcard-type">{esc(self.view.words.type_name(kind, self.lang))} · '
            f"{esc(self.view.words.cost(kind, self.lang))}</div>"
            f'<div class="dcard-fx">{effect}</div><div class="dcard-stats">{"".join(stats)}{extra}</div></div>'
        )

    def area(self, seat: int) -> str:
        obs = self.obs
        lang = self.lang
        helps = self.help
        player = obs["players"][seat]
        side = player["side"]
        who = esc(player_label(seat, self.viewer, lang))
        vp_label = f"{who}: {player['vp']} {_t('vp', lang)}"
        head = (
            f'<div class="area-head"><b>{who}</b> · {esc(msg("side_" + side, lang))} · '
            f'<span class="vp vp-count"{help_attrs(helps.vp(seat), "end", vp_label)}>'
            f'★ {player["vp"]} {_t("vp", lang)}</span></div>'
        )
        pile_label = f"{_t('pile', lang)} ({who}): {player['pile_size']}"
        pile = (
            f'<div class="pile"{self.on("pile", seat)} data-pile="{seat}" data-thing="{thing_pile(seat)}"'
            f'{help_attrs(helps.pile(seat), "end", pile_label, focusable=not self.on("pile", seat))}>'
            f'<span class="pile-back"></span>{_t("pile", lang)}: <b>{player["pile_size"]}</b></div>'
        )
        discard = player["discard"]
        top_card = esc(self.name(discard[-1], seat)) if discard else _t("empty", lang)
        recovering = any(t.startswith("discard:") for t in self.named) and seat == self.viewer
        if seat == self.viewer:
            listing = ", ".join(
                f'<span class="discard-card" data-thing="{esc(thing_discard(k))}"'
                f'{help_attrs(*self.help.card(k, seat, "")[:2], self.name(k, seat))}>{esc(self.name(k, seat))}</span>'
                for k in reversed(discard)
            )
        else:
            listing = ", ".join(esc(self.name(k, seat)) for k in reversed(discard))
        discard_label = f"{_t('discard', lang)} ({who}): {len(discard)}"
        discard_html = (
            f'<details class="discard"{" open" if recovering else ""}><summary'
            f'{help_attrs(helps.discard(seat), "damage", discard_label, focusable=False)}>'
            f'{_t("discard", lang)}: <b>{len(discard)}</b> · {top_card}</summary><p>{listing}</p></details>'
        )
        usable = obs["wild_cards_usable"] if obs["active"] == seat and seat == self.viewer else 0
        tokens = "".join(
            f'<span class="wild-card"{self.wild_attrs(seat, i < usable)}>★</span>' for i in range(player["wild_cards"])
        )
        wild_label = f"{_t('wild', lang)} ({who}): {player['wild_cards']}"
        wild = (
            f'<div class="wild"{self.on("wild", seat)}'
            f'{help_attrs(helps.wild(seat), "wild", wild_label, focusable=not self.on("wild", seat))}>'
            f'{_t("wild", lang)}: <b>{player["wild_cards"]}</b> {tokens}'
            + (f" · {_t('bonus', lang)}: <b>{player['bonus_dice']}</b>" if player["bonus_dice"] else "")
            + "</div>"
        )
        shown = []
        for slot, c in enumerate(player["display"]):
            attrs = self.on("display", seat, slot)
            if not attrs and seat == self.viewer:
                attrs = self.on("own_display", c["card"])
            thing = thing_card(seat, c["card"], c["damage"])
            now = helps.in_display(c["card"], seat, c["damage"], thing in self.named)
            attrs = self.card_attrs(c["card"], seat, attrs, thing, now)
            extra = f'<span class="dmg">{c["damage"]} {_t("damage", lang)}</span>' if c["damage"] else ""
            shown.append(self.card(c["card"], seat, extra, attrs, c["damage"]))
        display = "".join(shown) or f'<span class="dim">{_t("empty", lang)}</span>'
        if player["hand"] is not None:
            cards = sorted(player["hand"], key=lambda k: (list(CardType).index(self.view.words.kind(k).type), k))
            hand = "".join(
                self.card(k, seat, attrs=self.card_attrs(
                    k, seat, self.on("hand", k), thing_hand(k), helps.in_hand(k, self.plays[k], self.throws[k])))
                for k in cards
            )
            hand = hand or f'<span class="dim">{_t("empty", lang)}</span>'
        else:
            backs = '<span class="card-back"></span>' * min(player["hand_size"], 12)
            known = player["known_in_hand"]
            known_html = (
                f'<span class="known">{_t("known", lang)}: {", ".join(esc(self.name(k, seat)) for k in known)}</span>'
                if known
                else ""
            )
            hand_label = f"{_t('hand', lang)} ({who}): {player['hand_size']} {_t('hidden', lang)}"
            hand = (
                f'<div class="backs"{help_attrs(helps.hidden_hand(seat), "twists", hand_label)}>{backs} '
                f'<b>{player["hand_size"]}</b> {_t("hidden", lang)}</div>{known_html}'
            )
        active = " active" if obs["active"] == seat and obs["result"] is None else ""
        display_label = f"{_t('display', lang)} ({who})"
        return (
            f'<section class="area side-{esc(side)}{active}" data-seat="{seat}">{head}'
            f'<div class="area-row">{pile}{discard_html}{wild}</div>'
            f'<h4{help_attrs(helps.display(seat), "cards", display_label)}>{_t("display", lang)}</h4>'
            f'<div class="cards display">{display}</div>'
            f'<h4>{_t("hand", lang)} ({player["hand_size"]})</h4><div class="cards hand">{hand}</div></section>'
        )

    def wild_attrs(self, seat: int, usable: bool) -> str:
        """A Wild Card token: a thing to pick when its holder may spend it now."""
        # worth keeping: unlike a die, a Wild Card lasts beyond the turn, so a payment spends dice first
        return f' data-thing="{THING_WILD}" data-worth="1"' if usable else ' aria-hidden="true"'

    def dice(self) -> str:
        obs = self.obs
        lang = self.lang
        if obs["result"] is not None:
            return ""
        parts = []
        for d in obs["dice"]:
            face = d["face"]
            attrs = "" if d["used"] else self.on("face", face)
            thing = "" if d["used"] else f' data-thing="{esc(thing_die(face))}"'
            uses = not d["used"] and thing_die(face) in self.named
            text, label = self.help.die(face, d["used"], uses)
            parts.append(
                f'<span class="die-wrap"{attrs}{thing} data-face="{esc(face)}"'
                f'{help_attrs(text, "paying", label, focusable=not attrs)}>'
                f"{die_svg(face, d['used'])}</span>"
            )
        roll = self.on("roll")
        if obs["dice_to_roll"] is not None and not obs["dice"]:
            label = f'{obs["dice_to_roll"]} {_t("to_roll", lang)}'
            parts.append(
                f'<span class="to-roll"{roll}{help_attrs(self.help.to_roll(), "turn", label, focusable=not roll)}>'
                f"{label}</span>"
            )
        elif roll:
            parts.append(f'<span class="to-roll"{roll}>{_t("roll", lang)}</span>')
        if obs["rerolls_left"]:
            parts.append(f'<span class="dim">{obs["rerolls_left"]} {_t("rerolls", lang)}</span>')
        return f'<div class="dice" aria-label="{_t("dice", lang)}">{"".join(parts)}</div>'


def _one_line(text: str) -> str:
    """A sentence on one line, its spaces single (as the page shows it)."""
    return " ".join(text.split())


# -- the rules page's pictures (`picture`), drawn from the game's data, never from a game in progress --

SIDES = ("good", "evil")
EMPTY_TABLE = {"viewer": None, "players": [{"side": side, "display": [], "hand": []} for side in SIDES]}


def _picture(view: DuelWebView, slot: str, lang: str) -> str:
    kind, _, arg = slot.partition(":")
    if kind == "die" and (arg == "axe" or arg in {"1", "2", "3", "4", "5"}):
        face: int | str = arg if arg == "axe" else int(arg)
        return f'<span class="rules-die">{die_svg(face, False)}</span>'
    if kind == "wild":
        return f'<span class="wild rules-wild">{esc(_t("wild", lang))}</span>'
    if kind == "card" and arg in {k.key for k in view.cards.kinds}:
        return _Page(view, EMPTY_TABLE, [], lang).card(arg, 0)
    return ""
