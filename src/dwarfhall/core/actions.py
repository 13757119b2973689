"""Actions: what a player may choose, with a stable id, a payload and labels."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Action:
    """One legal choice.

    `id` is stable for the game (the same move always has the same id, so it can
    index a policy vector); `payload` is JSON-ready and machine-readable;
    `labels` holds the text shown to people, one entry per language.
    """

    id: int
    payload: Mapping[str, Any] = field(default_factory=dict)
    labels: Mapping[str, str] = field(default_factory=dict)

    def label(self, lang: str = "en") -> str:
        return self.labels.get(lang) or self.labels.get("en") or f"action {self.id}"

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "payload": dict(self.payload), "labels": dict(self.labels)}
