"""The rules page's pictures of The Duel (`die:N`, `die:axe`, `wild`, `card:KEY`), drawn by the web view's own
helpers from the card data, never from a game in progress."""

from __future__ import annotations

from dwarfhall.core.webview import esc

from .webview import DuelWebView, _Page, _t, die_svg

SIDES = ("good", "evil")
EMPTY_TABLE = {"viewer": None, "players": [{"side": side, "display": [], "hand": []} for side in SIDES]}


def draw(view: DuelWebView, slot: str, lang: str) -> str:
    kind, _, arg = slot.partition(":")
    if kind == "die" and (arg == "axe" or arg in {"1", "2", "3", "4", "5"}):
        face: int | str = arg if arg == "axe" else int(arg)
        return f'<span class="rules-die">{die_svg(face, False)}</span>'
    if kind == "wild":
        return f'<span class="wild rules-wild">{esc(_t("wild", lang))}</span>'
    if kind == "card" and arg in {k.key for k in view.cards.kinds}:
        return _Page(view, EMPTY_TABLE, [], lang).card(arg, 0)
    return ""
