"""Action labels: the words a player reads, from messages.toml in English and German, decoded by block."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from dwarfhall.core import LANGUAGES, Action
from dwarfhall.core.messages import Catalog

from .kit import PLAY

if TYPE_CHECKING:
    from .state import HighDrawState

MESSAGES = Catalog.load(Path(__file__).with_name("messages.toml"))
RANKS = ("lower", "higher")


def describe(state: HighDrawState, action_id: int) -> Action:
    """The protocol's `_describe_action` (the core has checked the id is legal): play the lower or higher card."""
    (slot,) = PLAY.decode(action_id)
    rank, card, name = RANKS[slot], state.hands[state.current_player][slot], state.game.components.name
    text = {lang: MESSAGES.t("play", lang, rank=MESSAGES.t(rank, lang), name=name, card=card) for lang in LANGUAGES}
    return Action(action_id, {"move": "play", "slot": rank}, text)
