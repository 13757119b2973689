"""The Duel in a terminal: both players' areas, the dice, what is being decided, and card look-ups.

It reads only observations and the public card data, so it shows exactly what the viewer may see.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from dwarfhall.core import Action, DwarfhallError, TextView
from dwarfhall.core.i18n import Text, languages, pick
from dwarfhall.core.textkit import Palette, clip, pad, visible_len, wrap_parts, wrap_words

from .components import SIDES, CardKind, CardSet, CardType
from .labels import catalog
from .narration import narrate
from .reading import Reading, Seen
from .words import CardWords, face_text, fold, msg, player_label, typed_words
from .words import stats as card_stats

WIDE = 120  # the widest screen drawn; a narrower terminal gets a narrower one
SOURCE_ORDER = {"die": 0, "twist": 0, "axe": 1, "wild_card": 2}
INDENT = "    "
DISPLAY_ORDER = (CardType.VICTORY, CardType.ALLY, CardType.SUPPORT, CardType.EVENT, CardType.TWIST)
TYPE_WIDTH = 14  # "Unterstützung" and "Victory Points" fit
COST_WIDTH = 12

PALETTE = Palette(
    {
        "title": "bold cyan",
        "good": "bold blue",
        "evil": "bold red",
        "vp": "bold yellow",
        "damage": "red",
        "dim": "dim",
        "die": "bold",
        "ask": "bold magenta",
        "result": "bold green",
    }
)
paint = PALETTE.paint

COMMANDS = ("discard", "card", "cards")  # each is typed as any word of messages.toml's typed_command_<command>


def command_words() -> dict[str, str]:
    """Every word that names a command (in every language, English first) -> the command."""
    return {
        word.strip(): command
        for command in COMMANDS
        for lang in languages()
        for word in msg(f"typed_command_{command}", lang).split(",")
        if word.strip()
    }


class DuelTextView(CardWords, TextView):
    """Renders observations of the Duel; card facts and their words come from CardWords."""

    rules_file = Path(__file__).with_name("rules.toml")
    names_decider = True

    def __init__(self, cards: CardSet | None = None) -> None:
        super().__init__(cards)
        # per viewer: the last observation rendered and the cause shown, to name what a window answers
        self._last: dict[int | None, Seen] = {}

    # -- the TextView hook -----------------------------------------------------------------
    def render(self, observation: Mapping[str, Any], lang: str, color: bool) -> str:
        screen = _Screen(self, observation, lang, color)
        text = screen.draw()
        if not screen.compact and text.count("\n") + 1 > self.height:  # the full screen would push the top away
            screen = _Screen(self, observation, lang, color, compact=True)
            text = screen.draw()
        self._last[observation.get("viewer")] = (observation, screen.cause)
        return text

    def opening(self, observation: Mapping[str, Any], options: Any, who: Callable[[int], str], lang: str) -> str | None:
        """The first player is drawn by lot unless the option first_player names a seat."""
        key = "opening_drawn" if str(getattr(options, "first_player", "random")) == "random" else "opening_chosen"
        return msg(key, lang, player=who(observation["to_act"]))

    def commands(self) -> Mapping[str, Text]:
        texts = catalog()
        # a word's own help where the catalog has one ("ablage": the same as discard), else its command's
        return {
            word: texts.text(f"help_{word}" if f"help_{word}" in texts else f"help_{command}")
            for word, command in command_words().items()
        }

    def group(self, actions: Sequence[Action], lang: str) -> list[list[int]] | None:
        """Each card to play on one line, its ways to pay a keystroke away: the cheapest first (fewest Wild
        Cards, then fewest axe faces, then the lowest dice); each source of damage on one line, its targets
        (the draw pile first, then the display in order) a keystroke away."""
        groups: dict[object, list[int]] = {}
        for i, action in enumerate(actions):
            p = action.payload
            key: object = i
            if p.get("move") == "play":
                key = ("play", p.get("component"))
            elif p.get("move") == "damage":  # one card dealing damage, its dice and targets a keystroke away
                key = ("damage", p.get("component"))
            groups.setdefault(key, []).append(i)

        def cost(i: int) -> tuple[int, int, int]:
            p = actions[i].payload
            if p.get("move") == "damage":  # a die before an axe face before a Wild Card; targets in order
                return SOURCE_ORDER.get(str(p.get("source")), 3), 0, i
            pay = p.get("payment") or {}
            return pay.get("wild_cards", 0), pay.get("axes", 0), pay.get("value", 0)

        return [sorted(group, key=cost) for group in groups.values()]

    def narrate(
        self, before: Mapping[str, Any], action: Action | None, after: Mapping[str, Any], lang: str
    ) -> list[str]:
        return narrate(self, before, action, after, lang)

    def run_command(self, name: str, argument: str, observation: Mapping[str, Any], lang: str, color: bool) -> str:
        command = command_words().get(name.lower())
        if command == "discard":
            return self.discard_listing(argument, observation, lang, color)
        if command == "card":
            return self.card_rules(argument, lang, color)
        if command == "cards":
            return self.card_list(lang, color)
        raise DwarfhallError(f"unknown command {name!r}")

    def parse_move(self, text: str, actions: Sequence[Action], observation: Mapping[str, Any]) -> int | None:
        """`end`, `pass`, `roll`, `keep`, or a card name (played when one payment is possible)."""
        words = fold(text)
        if not words:
            return None
        for wanted, move in (("end", "end_turn"), ("pass", "pass"), ("roll", "roll"), ("keep", "keep_dice")):
            if words in typed_words(wanted):
                found = [a.id for a in actions if a.payload.get("move") == move]
                return found[0] if len(found) == 1 else None
        viewer = observation.get("viewer")
        players = observation.get("players") or []
        if viewer is None or viewer >= len(players):
            return None
        side = players[viewer]["side"]
        kinds = self.match(text, sides=(side,))
        if len(kinds) != 1:
            return None
        kind = kinds[0]
        # a card is played from the hand, or (a damage Twist) thrown at a target
        moves = [
            (i, a)
            for i, a in enumerate(actions, 1)
            if a.payload.get("component") == kind.key
            and a.payload.get("move") in ("play", "damage")
            and a.payload.get("source") in (None, "twist")
        ]
        lang = self.language_of(words, kind, side)
        name = kind.name(side, lang)
        if not moves:
            raise DwarfhallError(msg("move_not_now", lang, card=name))
        if len(moves) > 1:
            numbers = ", ".join(str(i) for i, _ in moves)
            raise DwarfhallError(msg("move_many_ways", lang, card=name, n=len(moves), numbers=numbers))
        return moves[0][1].id

    # -- card facts (the rest are CardWords') -------------------------------------------------
    def footnote(self, lang: str, color: bool) -> list[str]:
        """What the mark ° means, broken to the width before it is painted (a painted line is not broken later)."""
        return [paint(line, "dim", color) for line in wrap_words(msg("footnote", lang), "", self.cols)]

    @property
    def cols(self) -> int:
        """Columns to draw in: the terminal's, at most WIDE."""
        return max(40, min(WIDE, self.width))

    # -- commands --------------------------------------------------------------------------
    def discard_listing(self, argument: str, obs: Mapping[str, Any], lang: str, color: bool) -> str:
        viewer = obs.get("viewer")
        word = fold(argument)
        if not word:
            seats = [viewer, 1 - viewer] if viewer is not None else [0, 1]
        elif word in ("0", "1"):
            seats = [int(word)]
        elif word in typed_words("me") or word in typed_words("opp"):
            if viewer is None:
                raise DwarfhallError(msg("whose_needs_seat", lang))
            seats = [viewer if word in typed_words("me") else 1 - viewer]
        else:
            raise DwarfhallError(msg("bad_whose", lang, arg=argument))
        blocks = [self._one_discard(seat, obs, lang, color) for seat in seats]
        return "\n\n".join(blocks)

    def _one_discard(self, seat: int, obs: Mapping[str, Any], lang: str, color: bool) -> str:
        player = obs["players"][seat]
        side = player["side"]
        who = player_label(seat, obs.get("viewer"), lang)
        side_name = msg(f"side_{side}", lang)
        pile = player["discard"]
        if not pile:
            return msg("discard_empty", lang, player=who, side=side_name)
        lines = [paint(msg("discard_title", lang, player=who, side=side_name, n=len(pile)), side, color)]
        width = len(str(len(pile)))
        for i, key in enumerate(pile, 1):
            kind = self.kinds[key]
            row = f"  {i:>{width}}. {pad(self.name(key, side, lang), 30)} {self.type_name(kind, lang)}"
            if i == len(pile):
                row = pad(row, 60) + msg("top_mark", lang)
            lines.append(row.rstrip())
        if any(self.marked(self.kinds[k], side) for k in pile):
            lines += self.footnote(lang, color)
        return "\n".join(lines)

    def card_rules(self, argument: str, lang: str, color: bool) -> str:
        if not argument.strip():
            example = self.cards.kinds[0].name(SIDES[0], lang)
            raise DwarfhallError(msg("card_missing", lang, example=example))
        found = self.match(argument)
        if not found:
            raise DwarfhallError(msg("card_unknown", lang, name=argument.strip()))
        if len(found) > 1:
            names = ", ".join(" / ".join(k.name(s, lang) for s in SIDES) for k in found)
            raise DwarfhallError(msg("card_ambiguous", lang, name=argument.strip(), n=len(found), names=names))
        return self.describe_card(found[0], lang, color, self.side_named(found[0], argument))

    def describe_card(self, kind: CardKind, lang: str, color: bool, side: str = SIDES[0]) -> str:
        other = SIDES[1] if side == SIDES[0] else SIDES[0]
        title = f"{self.name(kind.key, side, lang)} — {msg(f'side_{side}', lang)}"
        lines = [paint(title, side, color)]
        lines.append(
            "  " + msg("card_other_side", lang, side=msg(f"side_{other}", lang), name=self.name(kind.key, other, lang))
        )
        line = msg("card_line", lang, type=self.type_name(kind, lang), cost=self.cost(kind, lang), copies=kind.copies)
        facts = [line]
        if kind.health is not None:
            facts.append(msg("card_health", lang, n=kind.health))
        if kind.vp:
            facts.append(msg("card_vp", lang, n=kind.vp))
        lines.extend(wrap_parts(facts, "  ", " · ", self.cols))
        lines.extend(wrap_words(kind.text(side, lang), "  ", self.cols))
        lines.extend(wrap_words(self._source(kind, lang), "  ", self.cols))
        if self.marked(kind, side) or self.marked(kind, other):
            lines += self.footnote(lang, color)
        return "\n".join(lines)

    def _source(self, kind: CardKind, lang: str) -> str:
        if kind.source == "rulebook":
            values = msg("card_source_rulebook", lang)
        elif kind.stated:
            order = ("type", "copies", "cost", "health", "vp", "ability", "damage_values", "amount")
            fields = ", ".join(msg(f"field_{f}", lang) for f in order if f in kind.stated)
            values = msg("card_source_part", lang, fields=fields)
        else:
            values = msg("card_source_none", lang)
        good, evil = kind.faces["good"], kind.faces["evil"]
        names = msg(
            "card_names_source",
            lang,
            good=pick(good.name, lang),
            good_src=msg(f"src_{good.source}", lang),
            evil=pick(evil.name, lang),
            evil_src=msg(f"src_{evil.source}", lang),
        )
        return f"{values} {names}"

    def card_list(self, lang: str, color: bool) -> str:
        good, evil = SIDES
        lines = [
            paint(msg("cards_title", lang, good=msg("side_good", lang), evil=msg("side_evil", lang)), "title", color)
        ]
        for card_type in CardType:
            kinds = [k for k in self.cards.kinds if k.type is card_type]
            if not kinds:
                continue
            count = sum(k.copies for k in kinds)
            lines.append(
                paint(msg("cards_type", lang, type=msg(f"type_{card_type.value}", lang), n=count), "vp", color)
            )
            for kind in kinds:
                names = f"{kind.copies}× {self.name(kind.key, good, lang)} / {self.name(kind.key, evil, lang)}:"
                parts = [names + " " + self.cost(kind, lang), card_stats(kind.health, kind.vp, lang)]
                if kind.type is not CardType.VICTORY:  # its victory points say it all
                    parts.append(paint(self.effect(kind, lang), "dim", color))
                lines.extend(wrap_parts([p for p in parts if p], "  ", " · ", self.cols, rest="      "))
        lines += self.footnote(lang, color)
        return "\n".join(lines)


# -- one screen --------------------------------------------------------------------------------
class _Screen(Reading):
    """Draws one observation in the terminal: the sentences are the Reading's, the rows and colours its own."""

    def __init__(
        self, view: DuelTextView, obs: Mapping[str, Any], lang: str, color: bool, compact: bool = False
    ) -> None:
        super().__init__(view, obs, lang, view._last.get(obs.get("viewer")), brief=compact)
        self.view = view
        self.color = color
        self.width = view.cols
        self.compact = compact  # no separator lines and the hand in few rows: for a screen the full one overflows
        self.name_width = self._name_width()

    def _name_width(self) -> int:
        """One name column for every card row on the screen, so costs, types and effects line up."""
        names = [
            self.view.name(key, player["side"], self.lang)
            for player in self.obs["players"]
            for key in [c["card"] for c in player["display"]] + list(player["hand"] or [])
        ]
        return max((len(n) for n in names), default=0) + 4  # room for a "×2" and two spaces

    def p(self, text: str, style: str) -> str:
        return paint(text, style, self.color)

    def draw(self) -> str:
        obs = self.obs
        top = 1 - self.viewer if self.viewer is not None else 1
        middle = self.t("middle", n=obs["wild_cards_middle"])
        if self.compact:  # every row counts: the middle sits in the one line between the two areas
            lines = [*self.words_status(), *self.area(top), self.p(self.rule("─", middle), "dim")]
            lines += self.area(1 - top)
            dice, ask = self.dice(), self.situation()
            if len(dice) == 1 and len(ask) == 1 and visible_len(dice[0] + "   " + ask[0]) <= self.width:
                lines.append(dice[0] + "   " + ask[0])  # one row for both when they fit
            else:
                lines += dice + ask
        else:
            lines = [*self.words_status(), self.p("═" * self.width, "dim")]
            lines += self.area(top)
            lines.append(self.p("─" * self.width, "dim"))
            lines.append(middle)
            lines.append(self.p("─" * self.width, "dim"))
            lines += self.area(1 - top)
            lines += self.dice()
            lines.append(self.p("═" * self.width, "dim"))
            lines += self.situation()
            if self.any_marked:
                lines += self.view.footnote(self.lang, self.color)
        return "\n".join(line.rstrip() for line in lines)

    def words_status(self) -> list[str]:
        """The status line, broken at " · " when the terminal is narrower than it."""
        return self.wrap(self.status(self.p(self.t("title"), "title")).split(" · "), "", rest="  ")

    def rule(self, char: str, text: str) -> str:
        """A line across the screen with `text` in it."""
        return f"{char * 2} {text} " + char * max(0, self.width - visible_len(text) - 4)

    def wrap(self, parts: list[str], indent: str, sep: str = " · ", rest: str | None = None) -> list[str]:
        return wrap_parts(parts, indent, sep, self.width, rest)

    def words(self, text: str, indent: str, first: str = "", rest: str = "") -> list[str]:
        return wrap_words(text, indent, self.width, first, rest)

    # -- the players' areas --------------------------------------------------------------------
    def area(self, seat: int) -> list[str]:
        player = self.obs["players"][seat]
        side = player["side"]
        head = f"{self.who(seat)} · {self.t(f'side_{side}')} · "
        title = self.p(head, side) + self.p(self.t("vp", n=player["vp"]), "vp")
        if self.compact:  # the title, facts and display run on together, on as few rows as they take
            lines = self.facts(seat, title, self.display_items(seat))
        else:
            lines = [title, *self.facts(seat), *self.display(seat)]
        if player["hand"] is not None:
            lines += self.hand(seat)
        return lines

    def facts(self, seat: int, title: str | None = None, more: Sequence[str] = ()) -> list[str]:
        obs = self.obs
        player = obs["players"][seat]
        parts = [title] if title else []
        if player["hand"] is None:
            parts.append(self.t("hand_count", n=player["hand_size"]))
        parts.append(self.t("pile", n=player["pile_size"]))
        pile = player["discard"]
        if pile:
            parts.append(self.t("discard_top", n=len(pile), card=self.name(pile[-1], seat)))
        else:
            parts.append(self.t("discard_count", n=0))
        wild = player["wild_cards"]
        usable = obs["wild_cards_usable"]
        if seat == obs["active"] and wild and usable != wild and obs["result"] is None:
            parts.append(self.t("wild_usable", n=wild, usable=usable))
        else:
            parts.append(self.t("wild_cards", n=wild))
        if player["bonus_dice"]:
            parts.append(self.t("bonus_dice", n=player["bonus_dice"]))
        parts += more
        lines = self.wrap(parts, "", rest="  ") if title else self.wrap(parts, "  ")
        known = player["known_in_hand"]
        if known and player["hand"] is None:
            cards = ", ".join(self.name(k, seat) for k in known)
            lines += self.wrap([self.t("known_in_hand", cards=cards)], "  ")
        return lines

    def display(self, seat: int) -> list[str]:
        cards = self.obs["players"][seat]["display"]
        if not cards:
            return ["  " + self.t("display_empty")]
        lines = ["  " + self.t("display")]
        for (key, damage), count in _grouped(cards, self.view).items():
            kind = self.view.kind(key)
            hurt = self.p(self.t("damage_now", n=damage), "damage") + "  " if damage else ""
            effect = "" if kind.type is CardType.VICTORY else self.view.effect(kind, self.lang)
            lines.append(self.row(seat, kind, self.stats(kind.health, kind.vp), hurt, effect, count))
        return lines

    def display_items(self, seat: int) -> list[str]:
        """The display as short items (name, copies, health, VP, damage this turn) for the compact screen."""
        cards = self.obs["players"][seat]["display"]
        if not cards:
            return [self.t("display_empty")]
        items = []
        for (key, damage), count in _grouped(cards, self.view).items():
            kind = self.view.kind(key)
            item = self.name(key, seat) + (f" ×{count}" if count > 1 else "")
            stats = card_stats(kind.health, kind.vp, self.lang)
            item += f" {stats}" if stats else ""
            item += " " + self.p(self.t("damage_now", n=damage), "damage") if damage else ""
            items.append(item)
        items[0] = f"{self.t('display')} {items[0]}"
        return items

    def row(self, seat: int, kind: CardKind, second: str, note: str, effect: str, count: int = 1) -> str:
        """A card row: name (×copies), cost (hand) or health and VP (display), type, a note, the short effect."""
        name = self.name(kind.key, seat) + (f" ×{count}" if count > 1 else "")
        row = INDENT + pad(name, self.name_width) + pad(second, COST_WIDTH)
        row += pad(self.view.type_name(kind, self.lang), TYPE_WIDTH + 1) + note
        return row + self.p(clip(effect, self.width - visible_len(row)), "dim")

    def stats(self, health: int | None, vp: int) -> str:
        text = card_stats(health, vp, self.lang)
        if vp and self.color:
            # the victory points stand out: they decide the game
            return text.replace(self.t("vp", n=vp), self.p(self.t("vp", n=vp), "vp"))
        return text

    def hand(self, seat: int) -> list[str]:
        cards = sorted(self.obs["players"][seat]["hand"], key=self._hand_order)
        if not cards:
            return ["  " + self.t("hand_empty")]
        lines = ["  " + self.t("hand", n=len(cards))]
        if self.compact:  # name and cost only, on as few lines as they take: the effects are a `card` away
            counts: dict[str, int] = {}
            for key in cards:
                counts[key] = counts.get(key, 0) + 1
            items = [
                f"{self.name(key, seat)}{f' ×{n}' if n > 1 else ''} ({self.short_cost(self.view.kind(key))})"
                for key, n in counts.items()
            ]
            items[0] = f"{lines[0].strip()} {items[0]}"
            return self.wrap(items, "  ", rest="    ")
        for key in cards:
            kind = self.view.kind(key)
            lines.append(self.row(seat, kind, self.view.cost(kind, self.lang), "", self.view.effect(kind, self.lang)))
        return lines

    def short_cost(self, kind: CardKind) -> str:
        if kind.cost.kind == "same":
            return self.t("cost_same_short", n=kind.cost.count)
        return self.view.cost(kind, self.lang)

    def _hand_order(self, key: str) -> tuple[int, int]:
        kind = self.view.kind(key)
        return list(CardType).index(kind.type), kind.index

    # -- dice ---------------------------------------------------------------------------------
    def dice(self) -> list[str]:
        obs = self.obs
        if obs["result"] is not None:
            return []
        if obs["dice_to_roll"] is not None and not obs["dice"]:
            return [self.t("to_roll", n=obs["dice_to_roll"], player=self.who(obs["active"]))]
        dice = obs["dice"]
        if not dice:
            return []
        unused = [self.p(f"[{face_text(d['face'], self.lang)}]", "die") for d in dice if not d["used"]]
        used = [face_text(d["face"], self.lang) for d in dice if d["used"]]
        label = self.t("your_dice") if obs["active"] == self.viewer else self.t("dice", player=self.who(obs["active"]))
        if not unused:
            return [label + " " + self.p(f"{self.t('all_used')} {', '.join(used)}", "dim")]
        parts = [label + " " + " ".join(unused)]
        if used:
            parts.append(self.p(f"{self.t('used')} {', '.join(used)}", "dim"))
        if obs["rerolls_left"]:
            parts.append(self.t("rerolls_left", n=obs["rerolls_left"]))
        if any(d["face"] == "axe" and not d["used"] for d in dice) and not self.compact:
            parts.append(self.p(self.t("axe_legend"), "dim"))
        return self.wrap(parts, "", sep="   ")

    # -- what is being decided, and the end ----------------------------------------------------------
    def situation(self) -> list[str]:
        if self.obs["result"] is not None:
            return [self.p(line, "result") for line in self.result_lines()]
        return [self.p(line, "ask") for line in self.words(self.question(), "", first="▸ ", rest="  ")]

    def result_lines(self) -> list[str]:
        return [line for sentence in self.result() for line in self.words(sentence, "")]


def _grouped(display: Sequence[Mapping[str, Any]], view: DuelTextView) -> dict[tuple[str, int], int]:
    """Display cards by (card, damage this turn) with their number: victory points first, alike cards on one row."""
    groups: dict[tuple[str, int], int] = {}
    for card in sorted(display, key=lambda c: DISPLAY_ORDER.index(view.kind(c["card"]).type)):
        key = (card["card"], card["damage"])
        groups[key] = groups.get(key, 0) + 1
    return groups


__all__ = ["DuelTextView", "fold", "msg"]
