"""The browser view: the same table as HTML, built with the view kit's escaping and action attributes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dwarfhall.core import Action, WebView
from dwarfhall.core.webview import action_attr, esc

from .labels import MESSAGES
from .textview import hand_text


class HighDrawWebView(WebView):
    def render(self, observation: Mapping[str, Any], actions: Sequence[Action], lang: str) -> str:
        rows = [f"<p>{esc(MESSAGES.t('pile', lang, count=observation['pile']))}</p>"]
        for seat, area in enumerate(observation["areas"]):
            head = MESSAGES.t("seat", lang, seat=seat, score=observation["scores"][seat])
            rows.append(f"<p>{esc(head)} | {esc(' '.join(map(str, area)))} | {esc(hand_text(observation, seat))}</p>")
        buttons = [f"<button {action_attr([a.id])}>{esc(a.label(lang))}</button>" for a in actions]
        return "<section>" + "".join(rows + buttons) + "</section>"
