"""The terminal view: each player's score and face-up area, hands (the viewer's, or all at the end), the pile."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dwarfhall.core import TextView

from .labels import MESSAGES


def hand_text(observation: Mapping[str, Any], seat: int) -> str:
    hand = observation["hands"][seat]
    return " ".join(map(str, hand)) if hand is not None else "?" * observation["hand_sizes"][seat]


class HighDrawTextView(TextView):
    def render(self, observation: Mapping[str, Any], lang: str, color: bool) -> str:
        lines = [MESSAGES.t("pile", lang, count=observation["pile"])]
        for seat, area in enumerate(observation["areas"]):
            head = MESSAGES.t("seat", lang, seat=seat, score=observation["scores"][seat])
            lines.append(f"{head} | {' '.join(map(str, area))} | {hand_text(observation, seat)}")
        return "\n".join(lines)
