"""Actions: what a player may choose, with a stable id, a payload and a label rendered on demand."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .i18n import DEFAULT_LANGUAGE, LANGUAGES
from .messages import Catalog, Message, log_form


@dataclass(frozen=True, slots=True)
class Action:
    """One legal choice.

    `id` is stable for the game (the same move always has the same id, so it can
    index a policy vector); `payload` is JSON-ready and machine-readable;
    `text` is what people read: a `Message` rendered through `catalog` in the
    language asked for (games), or a ready `{lang: text}` table (small test games).
    """

    id: int
    payload: Mapping[str, Any] = field(default_factory=dict)
    text: Message | Mapping[str, str] = field(default_factory=dict)
    catalog: Catalog | None = field(default=None, compare=False, repr=False)

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        text = self.text
        if isinstance(text, Message):
            if self.catalog is None:
                return text.key
            return self.catalog.render(text, lang)
        return text.get(lang) or text.get(DEFAULT_LANGUAGE) or f"action {self.id}"

    def log_label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The move as the game log tells it to every player: in the third person where the button's label speaks
        to its player (the catalog's `<key>_log` forms); the same as `label` otherwise."""
        text = self.text
        if isinstance(text, Message) and self.catalog is not None:
            return self.catalog.render(log_form(text, self.catalog), lang)
        return self.label(lang)

    @property
    def labels(self) -> dict[str, str]:
        """The label in every language."""
        return {lang: self.label(lang) for lang in LANGUAGES}

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "payload": dict(self.payload), "labels": self.labels}


def components_of(payload: Mapping[str, Any]) -> tuple[str, ...]:
    """The components an action uses: `payload["component"]`, one key or a list of keys."""
    component = payload.get("component")
    if isinstance(component, str):
        return (component,)
    if isinstance(component, list | tuple):
        return tuple(c for c in component if isinstance(c, str))
    return ()
