"""The card table of docs/rules/duel.md, generated from a cards file (a test keeps the page in sync); its words
are the English docs', not play texts.

    .venv/bin/python -m dwarfhall.games.duel.cardtable [cards.toml]
"""

from __future__ import annotations

import sys

from .components import CardKind, CardSet, load_cards
from .labels import catalog

RECONSTRUCTED = "✱"


def _effect(kind: CardKind) -> str:
    ability = str(kind.ability)
    if kind.damage_values:
        values = sorted(kind.damage_values)
        shown = "any" if values == [1, 2, 3, 4, 5] else " or ".join(map(str, values))
        return f"damage ({shown})"
    if kind.amount and ability not in ("throw_damage", "cancel_damage"):
        return f"{ability} {kind.amount}"
    return ability


def _name(kind: CardKind, side: str) -> str:
    face = kind.faces[side]
    mark = f" {RECONSTRUCTED}" if face.reconstructed else ""
    return f"{kind.name(side, 'en')} / {kind.name(side, 'de')}{mark}"


def markdown(cards: CardSet) -> str:
    """One row per card kind; ✱ marks a reconstructed name, and a reconstructed entry in the # column."""
    lines = [
        "| # | key | type | copies | cost | health | VP | effect | Good (EN / DE) | Evil (EN / DE) |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for kind in cards.kinds:
        number = f"{kind.index + 1}{f' {RECONSTRUCTED}' if kind.is_reconstructed else ''}"
        cost = catalog().t(f"cost_{kind.cost.kind}", "en", n=kind.cost.count, value=kind.cost.value)
        lines.append(
            f"| {number} | `{kind.key}` | {kind.type} | {kind.copies} | {cost} | {kind.health or '–'} | "
            f"{kind.vp or '–'} | {_effect(kind)} | {_name(kind, 'good')} | {_name(kind, 'evil')} |"
        )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(markdown(load_cards(sys.argv[1] if len(sys.argv) > 1 else None)))
