"""Monsters coming into play: an expedition card revealed (R28), a monster's miniature spawned in a wildland
(R30), a Giant Spider's webs (R31), and the spot kinds a monster in play cuts to 1 (R17)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .phases import NO_ONE

if TYPE_CHECKING:
    from .state import SpringState


def monster_in_play_caps(state: SpringState, spot_kind: str | None) -> bool:
    """Whether a monster in play cuts spots of this kind to 1 (rulebook: Witch, Harpy, Cyclops, Frogling)."""
    caps = state.tables.caps
    for card in state.monster_at:
        if card != NO_ONE and caps[card] == spot_kind:
            return True
    return False


def spawn(state: SpringState, card: int) -> None:
    """A revealed monster card's miniature goes to its home, or the nearest free wildland (R30); a Giant Spider
    webs the nearest free resource spots (R31)."""
    game = state.game
    index = card - game.kinds.monsters.start
    monster = game.components.monsters[index]
    world = state.world
    occupied = [world.wildland_locations[w] for w, c in enumerate(state.monster_at) if c != NO_ONE]
    location = world.spawn_location(monster.home, occupied)
    if location is None:  # never: at most 6 cards are face up and there are 6 wildlands (checked on loading)
        raise AssertionError("no free wildland for a monster")
    state.monster_at[world.wildland_locations.index(location)] = card
    kind = game.monster_kind_of[index]
    if kind.webs:
        web_at = state.web_at
        owner_at = state.owner_at
        placed = len(web_at) - web_at.count(NO_ONE)
        tokens = min(kind.webs, game.components.web_tokens - placed)
        blocked = [i for i in range(len(web_at)) if web_at[i] != NO_ONE or owner_at[i] != NO_ONE]
        for spot in world.web_targets(location, blocked, tokens):
            web_at[spot] = card
            state.map_changes += 1  # the map targets' validity (targets.targets_of)


def reveal_expedition(state: SpringState) -> None:
    """The top expedition card goes face up; a monster spawns at once (R28: an empty deck leaves the area short)."""
    if not state.expedition_deck:
        return
    card = state.expedition_deck.pop()
    state.expedition_area.append(card)
    if card in state.game.kinds.monsters:
        spawn(state, card)
