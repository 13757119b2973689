"""What balance reports count as a component a player used, and its name and group.

Actions name their component in `payload["component"]`: dwarf actions as "action:<move>", quests, dragons,
faeries and monsters (the one fought) by their card ids, and a card trimmed from a heroes deck as
"trim:<card id>". Groups: dwarf actions, quests, dragons, monsters, faeries, trimmed cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dwarfhall.core import Catalog, Name

if TYPE_CHECKING:
    from .game import SpringGame

DWARF_ACTIONS = ("build", "fortress", "explore", "summon_faerie", "dragon_spot", "quest", "idle")
ACTION_PREFIX = "action:"
TRIM_PREFIX = "trim:"
GROUPS = ("actions", "quests", "dragons", "monsters", "faeries", "trims")


def dwarf_action_key(move: str) -> str:
    return ACTION_PREFIX + move


def component_group(game: SpringGame, key: str) -> str | None:
    """The group of a component key, or None for a key this game does not know (an older run)."""
    if key.startswith(ACTION_PREFIX):
        return "actions" if key.removeprefix(ACTION_PREFIX) in DWARF_ACTIONS else None
    if key.startswith(TRIM_PREFIX):
        return "trims" if key.removeprefix(TRIM_PREFIX) in game.kinds.keys else None
    if key not in game.kinds.keys:
        return None
    card = game.kinds.index(key)
    kinds = game.kinds
    for group, cards in (("quests", kinds.quests), ("dragons", kinds.dragons), ("monsters", kinds.monsters),
                         ("faeries", kinds.faeries)):  # fmt: skip
        if card in cards:
            return group
    return None


def card_name(game: SpringGame, key: str, lang: str) -> str:
    """A card by its printed name and id ("Giant Spider M03", "Q12: Own a dragon of level 2 or higher.")."""
    kinds, comps = game.kinds, game.components
    card = game.kinds.index(key)
    if card in kinds.monsters:
        return f"{Name(game.monster_kind_of[card - kinds.monsters.start].name).form(lang)} {key}"
    if card in kinds.quests:
        return f"{key}: {comps.quests[card - kinds.quests.start].text.get(lang, key)}"
    if card in kinds.dragons:
        return f"{key} {Name(comps.dragons[card - kinds.dragons.start].levels[0].name).form(lang)}"
    if card in kinds.faeries:
        return Name(comps.faeries[card - kinds.faeries.start].name).form(lang)
    return Name(comps.heroes[card - kinds.heroes.start].name).form(lang)


def component_name(game: SpringGame, key: str, lang: str) -> str:
    messages: Catalog = game.messages
    group = component_group(game, key)
    if group is None:
        return key
    if group == "actions":
        return messages.render(f"report_action_{key.removeprefix(ACTION_PREFIX)}", lang)
    if group == "trims":
        return messages.render("report_trimmed", lang, card=card_name(game, key.removeprefix(TRIM_PREFIX), lang))
    return card_name(game, key, lang)


def group_name(game: SpringGame, group: str, lang: str) -> str:
    return game.messages.render(f"report_group_{group}", lang) if group in GROUPS else group
