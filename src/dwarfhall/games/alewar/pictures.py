"""The rules page's pictures of Ale War (`unit:dwarves`, `unit:goblins`, `barrel`, `terrain:KIND`, `die:N`),
drawn with the web view's own pieces and glyphs from the components data."""

from __future__ import annotations

from dwarfhall.core.webview import esc

from .components import SIDE_KEYS, Components, load_components
from .textview import PIECE_LETTERS
from .webview import MARK, TERRAIN_GLYPHS

DIE_FACES = {"1", "2", "3", "4", "5", "6"}
DIE_GLYPHS = "⚀⚁⚂⚃⚄⚅"


def draw(components: Components | None, slot: str, lang: str) -> str:
    comps = components if components is not None else load_components()
    kind, _, arg = slot.partition(":")
    if kind == "unit" and arg in SIDE_KEYS:
        side = SIDE_KEYS.index(arg)
        letter = PIECE_LETTERS[lang][arg]
        units = [u for u in comps.units if u.side == side]
        return "".join(
            f'<span class="piece {arg}" title="{esc(u.name.form(lang))}">{letter}{i + 1}'
            f"<small>{u.movement}/{u.armor}{MARK if u.reconstructed else ''}</small></span>"
            f'<span class="rules-caption">{esc(u.name.form(lang))}</span>'
            for i, u in enumerate(units)
        )
    if kind == "barrel":
        barrel = comps.barrel
        mark = MARK if barrel.reconstructed else ""
        return (
            f'<span class="piece barrel" title="{esc(barrel.name.form(lang))}">{PIECE_LETTERS[lang]["barrel"]}1'
            f"<small>-/{barrel.armor}{mark}</small></span>"
            f'<span class="rules-caption">{esc(barrel.name.form(lang))}</span>'
        )
    if kind == "terrain":
        for terrain in comps.terrain:
            if terrain.kind == arg:
                name = esc(terrain.name.form(lang))
                return (
                    f'<table class="alewar-board rules-square"><tr><td class="sq t-{arg}">'
                    f'<span class="terrain" title="{name}">{TERRAIN_GLYPHS[arg]}</span></td></tr></table>'
                    f'<span class="rules-caption">{name}</span>'
                )
    if kind == "die" and arg in DIE_FACES:
        return f'<span class="rules-d6" aria-label="{arg}">{DIE_GLYPHS[int(arg) - 1]}</span>'
    return ""
