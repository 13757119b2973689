"""How a game shows itself in a terminal; the terminal front end drives it.

Each game may provide one (`Game.text_view()`); it reads only observations,
so it can never show what the viewer may not see.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from .actions import Action
from .i18n import Text
from .rulebook import load_rulebook


class TextView:
    """Game-specific rendering and typed input; the defaults work for any game."""

    rules_file: ClassVar[Path | None] = None
    """The game's "How to play" (`core.rulebook`): the terminal shows its sections, the page the same text."""

    names_decider: ClassVar[bool] = False
    """True when the first line drawn says whose decision it is (a short screen then drops the front end's)."""

    width: int = 100
    height: int = 50
    """Columns of the screen and rows the drawing may take (a view draws a shorter screen when its full one is
    taller); the front end sets them from the terminal and what it shows around the drawing, before it draws
    (the defaults are for output that is not a screen: a file, a pipe, a test)."""

    offered: Sequence[Action] = ()
    """The viewer's legal moves when the viewer is to decide, else none; the front end sets it before it draws
    (a view may mark on its board where they act)."""

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

    def run_command(self, name: str, argument: str, observation: Mapping[str, Any], lang: str, color: bool) -> str:
        """The text an extra command prints; raises DwarfhallError for a bad argument."""
        return ""

    def rules(self, lang: str) -> str:
        """The game's objective and a short summary of its rules (the `rules` command), or "" if it has none."""
        if self.rules_file is None:
            return ""
        return load_rulebook(self.rules_file).text(lang)

    def opening(self, observation: Mapping[str, Any], options: Any, who: Callable[[int], str], lang: str) -> str | None:
        """Said once when a game begins: what decides who begins (a draw by lot, a roll-off) and who does, from
        the public observation and the game's options; `who(seat)` names a seat as the front end does. None: the
        front end says who makes the first decision."""
        return None

    def narrate(
        self, before: Mapping[str, Any], action: Action | None, after: Mapping[str, Any], lang: str
    ) -> list[str]:
        """What happened between two observations of one viewer (rolls, card effects, results), one line each.

        `action` is the move made between them, or None when the viewer may not know it. Working only from the
        viewer's observations, it can never tell them what they may not see.
        """
        return []

    def why_not(
        self, text: str, kin: Sequence[Action], observation: Mapping[str, Any], lang: str
    ) -> str | None:
        """Why typed `text` is none of the legal moves `kin` of its kind, read from the viewer's observation
        alone (so it tells nothing hidden), or None when the game has no short public reason."""
        return None

    def group(self, actions: Sequence[Action], lang: str) -> list[list[int]] | None:
        """Moves shown as one line each with its variants a keystroke away (indexes into `actions`, the
        preferred variant first), or None to list every move. Action ids are unchanged by it."""
        return None

    def group_line(self, actions: Sequence[Action], observation: Mapping[str, Any], lang: str) -> str | None:
        """One line for a group of alike moves (e.g. a unit and the squares it can reach), or None to show the
        preferred move's label. A group with its own line has no preferred move: its number lists the moves."""
        return None
