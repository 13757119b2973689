"""The numbered list of a person's moves, with alike moves (a card and its ways to pay) on one line.

Grouping is only how the list looks: `3` plays the first (preferred) variant of line 3, `3b` its second,
`3+` lists them all; the action ids behind them are the game's own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from dwarfhall.core.actions import Action
from dwarfhall.core.textview import TextView

from .terminal import cell_len, clip, wrap_words

LETTERS = "abcdefghijklmnopqrstuvwxyz"
_CHOICE = re.compile(r"^(\d+)\s*([a-z]|\+|\?)?$")


@dataclass
class Menu:
    entries: list[list[Action]]  # each line: its variants, the preferred one first
    summaries: list[str | None] = field(default_factory=list)  # a line of its own for a group without a preferred move

    @classmethod
    def of(cls, actions: Sequence[Action], view: TextView, lang: str, observation: Mapping[str, Any]) -> Menu:
        groups = view.group(actions, lang)
        if not groups:
            return cls([[a] for a in actions], [None] * len(actions))
        seen = {i for group in groups for i in group}
        # a view that left some moves out of its groups still gets them listed, one line each
        lines = [[actions[i] for i in group] for group in groups if group]
        lines += [[a] for i, a in enumerate(actions) if i not in seen]
        order = {a.id: n for n, a in enumerate(actions)}
        lines.sort(key=lambda line: min(order[a.id] for a in line))
        return cls(lines, [view.group_line(line, observation, lang) for line in lines])

    def lines(self, lang: str, more: Callable[[int, str], str], width: int) -> list[str]:
        """'3) label' per line, the label cut to `width`; a line with variants ends with `more` naming them
        ('(+2: 3b-3c)'). A group's own line (a unit and its squares) is not cut: it wraps."""
        out = []
        for n, (variants, summary) in enumerate(zip(self.entries, self.summaries, strict=True), 1):
            head = f"{n:>2}) "
            if summary is not None:
                out += wrap_words(summary, "", width, first=head, rest="     ")
                continue
            tail = ""
            if len(variants) > 1:
                last = min(len(variants), len(LETTERS)) - 1
                keys = f"{n}b" if last == 1 else f"{n}b-{n}{LETTERS[last]}"
                tail = "  " + more(len(variants) - 1, keys)
            label = clip(variants[0].label(lang), max(10, width - len(head) - cell_len(tail)))
            out.append(head + label + tail)
        return out

    def variants(self, n: int, lang: str) -> tuple[str, list[str], list[str]]:
        """Line `n`'s variants as (the words they start with, '3b) what differs' for each variant starting with
        them, '3k) full label' for the one that may not), so that the list takes a few short columns instead of
        a screenful of repeated labels. Without shared words: ('', [], every full label)."""
        labels = [a.label(lang) for a in self.entries[n - 1][: len(LETTERS)]]
        shared = _shared_words(labels)
        grouped, apart = [], []
        for i, label in enumerate(labels):
            key = f"{n}{LETTERS[i]}) "
            if shared and label.startswith(shared):
                grouped.append(key + label[len(shared) :])
            else:
                apart.append(key + label)
        return shared.rstrip(" ,:"), grouped, apart

    def choice(self, text: str) -> tuple[int, int | None] | None:
        """(line number, variant index or None for 'list them') for input such as 3, 3b, 3+; None otherwise."""
        found = _CHOICE.match(text.strip().lower())
        if not found:
            return None
        n, suffix = int(found.group(1)), found.group(2)
        listed = 0 < n <= len(self.summaries) and self.summaries[n - 1] is not None
        if suffix in ("+", "?") or (listed and not suffix):
            return n, None
        return n, LETTERS.index(suffix) if suffix else 0


def _shared_words(labels: Sequence[str]) -> str:
    """The longest run of whole words (up to a space) that all labels but at most one start with (a unit's
    'stays on c4' among its 'c4 → d5'), and that no label consists of; '' when it is not worth it."""
    if len(labels) < 3:
        return ""
    first = max(labels[:2], key=lambda label: sum(other.startswith(label[:8]) for other in labels))
    best = ""
    for end in (i + 1 for i, ch in enumerate(first) if ch == " "):
        prefix = first[:end]
        if sum(not label.startswith(prefix) or label == prefix for label in labels) > 1:
            break
        best = prefix
    return best if " " in best.strip() else ""
