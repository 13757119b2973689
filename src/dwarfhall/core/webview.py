"""How a game draws itself on the web page; the server and the page plug any game in through it.

Like `TextView`, a web view reads only an observation and the viewer's own legal moves,
so it can never draw what the viewer may not see. It returns an HTML fragment; every
element that a move acts on carries `data-action="<id>"` (several ids separated by
spaces when one thing offers several moves), and the page makes it clickable.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Hashable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action


@dataclass(frozen=True, slots=True)
class MoveUi:
    """How the page offers one legal move beyond its label; every field may stay empty."""

    things: tuple[str, ...] = ()
    """Keys of the board's `data-thing="KEY"` elements this move acts on, in the order a player picks them (the
    card, then the dice that pay for it); the page narrows the moves as things are picked."""
    group: str = ""
    """The heading of the move-list group the move folds into ("": shown at the top level)."""
    confirm: str = ""
    """A question asked before the move is sent, for a move that cannot be taken back and is easy to misclick
    ("": one click)."""
    preview: str = ""
    """What the move will do where that is public and certain, and what is left to chance where it is not."""

    def to_json(self) -> dict[str, Any]:
        """The non-empty fields, as the page receives them beside the move's id and label."""
        out: dict[str, Any] = {}
        if self.things:
            out["things"] = list(self.things)
        for key in ("group", "confirm", "preview"):
            value = getattr(self, key)
            if value:
                out[key] = value
        return out


class WebView:
    """Game-specific drawing for the page; the default works for any game."""

    memo: MutableMapping[Hashable, str] | None = None
    """Drawn pieces kept between renders, handed in by a front end that draws the same things again and again
    (the server draws every card on every move); None: everything is drawn each time."""

    def drawn(self, key: Hashable, draw: Callable[[], str]) -> str:
        """The piece `draw` makes, kept in `memo` under `key` when there is one; `key` must hold every input the
        drawing depends on."""
        memo = self.memo
        if memo is None:
            return draw()
        piece = memo.get(key)
        if piece is None:
            piece = memo[key] = draw()
        return piece

    def render(self, observation: Mapping[str, Any], actions: Sequence[Action], lang: str) -> str:
        """The board as an HTML fragment for the observation's viewer."""
        rows = "".join(
            f"<tr><th>{html.escape(str(key))}</th><td><code>{html.escape(json.dumps(value, ensure_ascii=False))}"
            "</code></td></tr>"
            for key, value in observation.items()
        )
        return f'<table class="dh-generic">{rows}</table>'

    def move_ui(
        self, observation: Mapping[str, Any], actions: Sequence[Action], lang: str
    ) -> Mapping[int, MoveUi]:
        """For each legal move id the viewer has, how the page offers it (things, group, confirm, preview); a move
        left out gets only its button. Reads only the viewer's observation and moves, like `render`."""
        return {}

    def outcome(self, before: Mapping[str, Any], after: Mapping[str, Any], lang: str) -> str:
        """What a move brought about that its label does not say (dice rolled, an attack's result), read from
        the public views before and after it, so that the game log can say it to everyone; empty if nothing."""
        return ""

    def stylesheet(self) -> str:
        """CSS the game's drawing needs (served once per game); empty by default."""
        return ""

    def picture(self, slot: str, lang: str) -> str:
        """A small drawing for the rules page, named by a slot of the game's rules file (`"die:5"`, `"card:KEY"`),
        drawn from the game's data; "" for a slot the game does not draw."""
        return ""


def esc(text: object) -> str:
    """HTML-escaped text, for web views."""
    return html.escape(str(text), quote=True)


def action_attr(ids: Sequence[int]) -> str:
    """The attributes that make an element clickable for the given legal move ids (none: nothing)."""
    if not ids:
        return ""
    return f' data-action="{" ".join(str(i) for i in ids)}" tabindex="0" role="button"'
