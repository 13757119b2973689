"""The Duel's words: its catalog, card names and short facts, a seat's name — what the terminal, the page and
the game log say alike. Nothing here draws; it reads only the public card data.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Any

from dwarfhall.core.i18n import DEFAULT_LANGUAGE, LANGUAGES
from dwarfhall.core.messages import Name

from .components import SIDES, Ability, CardKind, CardSet, load_cards
from .labels import catalog

MARK = "°"  # after the name of a reconstructed card
DIE_FACES = "⚀⚁⚂⚃⚄"


def msg(key: str, lang: str, **fields: Any) -> str:
    """The Duel's text `key` in `lang` (English where the language has none)."""
    return catalog().render(key, lang, **fields)


def typed_words(key: str) -> frozenset[str]:
    """The words a person may type for one thing (messages.toml's `typed_<key>`), every language at once."""
    return frozenset(fold(word) for word in catalog().word_list(f"typed_{key}"))


def fold(text: str) -> str:
    """Lower case without accents or punctuation, so 'andokai' finds Andôkai and 'rodarios' Rodario's."""
    plain = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^\w\s]", "", plain.replace("-", " ")).split())


def face_text(face: int | str, lang: str) -> str:
    if face == "axe":
        return msg("axe", lang)
    return f"{DIE_FACES[int(face) - 1]} {face}"


def player_label(seat: int, viewer: int | None, lang: str) -> str:
    label = msg("player", lang, n=seat)
    return msg("player_you", lang, player=label) if seat == viewer else label


def stats(health: int | None, vp: int, lang: str) -> str:
    parts = []
    if health:
        parts.append(msg("health", lang, n=health))
    if vp:
        parts.append(msg("vp", lang, n=vp))
    return " ".join(parts)


class CardWords:
    """Card facts in words: names with the reconstruction mark, types, costs, short effects, look-up by name."""

    def __init__(self, cards: CardSet | None = None) -> None:
        self.cards = cards if cards is not None else load_cards()
        self.kinds: dict[str, CardKind] = {kind.key: kind for kind in self.cards.kinds}

    def kind(self, key: str) -> CardKind:
        return self.kinds[key]

    def marked(self, kind: CardKind, side: str) -> bool:
        return kind.is_reconstructed or kind.faces[side].source == "reconstructed"

    def name(self, key: str, side: str, lang: str) -> str:
        kind = self.kinds[key]
        return kind.name(side, lang) + (MARK if self.marked(kind, side) else "")

    def noun(self, key: str, side: str) -> Name:
        """A card's name with its case forms and the reconstruction mark, for a sentence to inflect
        ("Spieler 1 spielt {card:acc}")."""
        kind = self.kinds[key]
        mark = MARK if self.marked(kind, side) else ""
        return Name({form: text + mark for form, text in kind.faces[side].noun.forms.items()})

    def type_name(self, kind: CardKind, lang: str) -> str:
        return msg(f"type_{kind.type.value}", lang)

    def cost(self, kind: CardKind, lang: str) -> str:
        cost = kind.cost
        if cost.kind == "single":
            return face_text(cost.value, lang)
        if cost.kind == "same":
            return msg("cost_same", lang, n=cost.count)
        return msg("cost_free", lang)

    def effect(self, kind: CardKind, lang: str) -> str:
        """A one-line effect in the view's own short words."""
        ability = kind.ability
        if ability is Ability.DAMAGE:
            values = sorted(kind.damage_values)
            if len(values) == 5:
                return msg("fx_damage_any", lang)
            shown = f" {msg('or', lang)} ".join(str(v) for v in values)
            return msg("fx_damage", lang, values=shown)
        return msg(f"fx_{ability.value}", lang, n=kind.amount, vp=kind.vp)

    def match(self, text: str, sides: Sequence[str] = SIDES) -> list[CardKind]:
        """Cards whose key or name (any language of the data, the given sides) fits `text`; exact names win.

        Unlike CardSet.find, accents and punctuation are folded and an exact name beats a longer one
        containing it, so 'andokai' is the Ally Andôkai, not Andôkai's Power.
        """
        needle = fold(text)
        if not needle:
            return []
        exact: list[CardKind] = []
        partial: list[CardKind] = []
        for kind in self.cards.kinds:
            names = {fold(kind.key), fold(kind.key.replace("_", " "))}
            names |= {fold(kind.name(side, lang)) for side in sides for lang in LANGUAGES}
            if needle in names:
                exact.append(kind)
            elif any(needle in n for n in names):
                partial.append(kind)
        return exact or partial

    def side_named(self, kind: CardKind, text: str) -> str:
        """The side whose name of the card `text` fits (the first side when both or neither do)."""
        needle = fold(text)
        for side in SIDES:
            if any(needle in fold(kind.name(side, lang)) for lang in LANGUAGES):
                return side
        return SIDES[0]

    def language_of(self, words: str, kind: CardKind, side: str) -> str:
        """The language whose name of the card the typed words fit (parse_move is not told the language);
        English when the English name or the key fits too, or none does."""
        if words in fold(kind.key.replace("_", " ")):
            return DEFAULT_LANGUAGE
        fits = [lang for lang in LANGUAGES if words in fold(kind.name(side, lang))]
        return fits[0] if fits and DEFAULT_LANGUAGE not in fits else DEFAULT_LANGUAGE


__all__ = ["CardWords", "face_text", "fold", "msg", "player_label", "stats", "typed_words"]
