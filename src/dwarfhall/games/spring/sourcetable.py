"""Tables of docs/rules/spring.md made from the code: the rulebook and reconstructed values of the data files,
and the action id layout.

Run `python -m dwarfhall.games.spring.sourcetable` (or `... actions`) to print one; tests keep the page in step.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .components import Components, load_components, name_form


def _split(sources: Mapping[str, str]) -> tuple[str, str]:
    stated = ", ".join(key for key, source in sources.items() if source == "rulebook") or "–"
    built = ", ".join(key for key, source in sources.items() if source == "reconstructed") or "–"
    return stated, built


def _rows(comps: Components) -> Iterable[tuple[str, str, Mapping[str, str]]]:
    for key, spot_kind in comps.spot_kinds.items():
        yield "map.toml", f"spot_kind {key}", spot_kind.sources
    for key, tile_type in comps.tile_types.items():
        yield "map.toml", f"tile_type {key}", tile_type.sources
    for wildland in comps.wildlands:
        yield "map.toml", f"wildland {wildland.id} ({name_form(wildland.name, 'en')})", wildland.sources
    for tile in comps.grasslands:
        yield "map.toml", f"grassland {tile.id}", tile.sources
    for hero in comps.heroes:
        yield "heroes.toml", f"hero {hero.id} ({name_form(hero.name, 'en')})", hero.sources
    yield "monsters.toml", "[expedition]", comps.expedition.sources
    for kind in comps.monster_kinds.values():
        yield "monsters.toml", f"monster_kind {kind.id} ({name_form(kind.name, 'en')})", kind.sources
    for monster in comps.monsters:
        yield "monsters.toml", f"monster {monster.id}", monster.sources
    for quest in comps.quests:
        yield "quests.toml", f"quest {quest.id}", quest.sources
    for dragon in comps.dragons:
        yield "dragons.toml", f"dragon {dragon.id}", dragon.sources
    for faerie in comps.faeries:
        yield "faeries.toml", f"faerie {faerie.id} ({name_form(faerie.name, 'en')})", faerie.sources
    for key, resource in comps.resources.items():
        yield "empire.toml", f"resource {key}", resource.sources
    yield "empire.toml", "[pieces]", comps.pieces.sources
    yield "empire.toml", "[limits]", comps.limits.sources
    yield "empire.toml", "[fortress]", comps.fortress.sources
    for line in comps.lines:
        yield "empire.toml", f"line {line.resource}", line.sources
    for spot in comps.spots:
        yield "empire.toml", f"spot {spot.id}", spot.sources


def markdown(comps: Components) -> str:
    """One row per entry; neighbouring entries of a file with the same split share a row."""
    grouped: list[tuple[str, list[str], tuple[str, str]]] = []
    for file_name, label, sources in _rows(comps):
        split = _split(sources)
        same_family = bool(grouped) and grouped[-1][1][-1].split()[0] == label.split()[0]
        if same_family and grouped[-1][0] == file_name and grouped[-1][2] == split and " (" not in label:
            grouped[-1][1].append(label)
            continue
        grouped.append((file_name, [label], split))
    lines = ["| file | entry | stated by the rulebook | reconstructed |", "| --- | --- | --- | --- |"]
    for file_name, labels, (stated, built) in grouped:
        entry = labels[0] if len(labels) == 1 else f"{labels[0]} … {labels[-1].split()[-1]}"
        lines.append(f"| {file_name} | {entry} | {stated} | {built} |")
    return "\n".join(lines) + "\n"


def action_table() -> str:
    """One row per block of the action space: its ids and what its dimensions mean."""
    from .kit import SPACE

    lines = ["| ids | block | dimensions |", "| --- | --- | --- |"]
    for block in SPACE.blocks:
        dims = " × ".join(f"{name} {size}" for name, size in block.dims) or "–"
        ids = str(block.base) if block.size == 1 else f"{block.base}–{block.end - 1}"
        lines.append(f"| {ids} | `{block.name}` | {dims} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    import sys

    print(action_table() if sys.argv[1:] == ["actions"] else markdown(load_components()), end="")
