"""The pieces a game's web view has drawn, kept by the server: it draws the same cards on every move of every game."""

from __future__ import annotations

from collections.abc import Hashable

DRAWINGS_KEPT = 8192  # per web view; all are dropped when it is full (cheaper than tracking their age)


class Drawings(dict[Hashable, str]):
    """A bounded memo for `WebView.memo`: emptied once it holds `size` pieces."""

    def __init__(self, size: int = DRAWINGS_KEPT) -> None:
        super().__init__()
        self.size = size

    def __setitem__(self, key: Hashable, value: str) -> None:
        if len(self) >= self.size:
            self.clear()
        super().__setitem__(key, value)
