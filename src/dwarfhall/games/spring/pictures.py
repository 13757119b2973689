"""The rules page's pictures of Dwar7s Spring (`resource:KIND`, `spot:settlement`, `spot:fortress`, `spot:dwarf`,
`monster`, `card:ID`), drawn with the web view's own helpers from the game's data."""

from __future__ import annotations

from . import webmap
from .webview import RESOURCES, SpringWebView, _Page, icon

PIECES = {"settlement": webmap.settlement, "fortress": webmap.fortress, "dwarf": webmap.dwarf}


def draw(view: SpringWebView, slot: str, lang: str) -> str:
    kind, _, arg = slot.partition(":")
    if kind == "resource" and arg in RESOURCES:
        return icon(arg, lang)
    if kind == "spot" and arg in PIECES:
        hexagon = webmap.hexagon((0, 0))
        return (
            f'<svg class="rules-hex spring-map" viewBox="-12 -12 24 24" aria-hidden="true">'
            f'<g class="spot k-field"><polygon points="{hexagon}"/></g>{PIECES[arg](0.0, 0.0, 0)}</svg>'
        )
    if kind == "monster":
        arg = arg or view.comps.monsters[0].id
    known = {**view.monsters, **view.quests, **view.heroes, **view.faeries}
    if kind in ("monster", "card") and arg in known:
        return _Page(view, {}, [], lang).card(arg)
    return ""
