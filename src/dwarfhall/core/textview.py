"""How a game shows itself in a terminal; the terminal front end drives it.

Each game may provide one (`Game.text_view()`); it reads only observations,
so it can never show what the viewer may not see.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .actions import Action
from .i18n import Text


class TextView:
    """Game-specific rendering and typed input; the defaults work for any game."""

    def render(self, observation: Mapping[str, Any], lang: str, color: bool) -> str:
        """The board as text for the observation's viewer (ANSI colours only when `color`)."""
        lines = [f"{key}: {value}" for key, value in observation.items()]
        return "\n".join(lines)

    def parse_move(self, text: str, actions: Sequence[Action], observation: Mapping[str, Any]) -> int | None:
        """A typed move such as `c3` or `b2 c3` turned into an action id, or None if not understood."""
        return None

    def commands(self) -> Mapping[str, Text]:
        """Extra typed commands (name -> one-line help in each language), e.g. 'discard', 'card'."""
        return {}

    def run_command(
        self, name: str, argument: str, observation: Mapping[str, Any], lang: str, color: bool
    ) -> str:
        """The text an extra command prints; raises DwarfhallError for a bad argument."""
        return ""
