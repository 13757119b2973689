"""Action labels: the words a player reads, from messages.toml in English and German."""

from __future__ import annotations

from pathlib import Path

from dwarfhall.core import LANGUAGES, Action
from dwarfhall.core.messages import Catalog

MESSAGES = Catalog.load(Path(__file__).with_name("messages.toml"))
RANKS = ("lower", "higher")


def play_label(slot: int, card: int) -> Action:
    """The action that plays the hand's `slot` card (0 the lower, 1 the higher)."""
    rank = RANKS[slot]
    text = {lang: MESSAGES.t("play", lang, rank=MESSAGES.t(rank, lang), card=card) for lang in LANGUAGES}
    return Action(slot, {"move": "play", "slot": rank}, text)
