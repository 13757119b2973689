"""Table mechanics shared by the set-up and the eras: spawning monsters, webs, revealing expedition cards,
drawing faerie cards, what a settlement gains, production."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .phases import NO_ONE

if TYPE_CHECKING:
    from .state import SpringState

RESOURCE_INDEX = {"wood": 0, "food": 1, "gold": 2}


def monster_in_play_caps(state: SpringState, spot_kind: str) -> bool:
    """Whether a monster in play cuts spots of this kind to 1 (rulebook: Witch, Harpy, Cyclops, Frogling)."""
    caps = state.game.tables.caps
    for card in state.monster_at:
        if card != NO_ONE and caps[card] == spot_kind:
            return True
    return False


def spawn(state: SpringState, card: int) -> None:
    """A revealed monster card's miniature goes to its home, or the nearest free wildland (R30); a Giant Spider
    webs the nearest free resource spots (R31)."""
    game = state.game_
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
        placed = sum(1 for c in state.web_at if c != NO_ONE)
        tokens = min(kind.webs, game.components.web_tokens - placed)
        blocked = [i for i in range(len(state.web_at)) if state.web_at[i] != NO_ONE or state.owner_at[i] != NO_ONE]
        for spot in world.web_targets(location, blocked, tokens):
            state.web_at[spot] = card


def reveal_expedition(state: SpringState) -> None:
    """The top expedition card goes face up; a monster spawns at once (R28: an empty deck leaves the area short)."""
    if not state.expedition_deck:
        return
    card = state.expedition_deck.pop()
    state.expedition_area.append(card)
    if card in state.game_.kinds.monsters:
        spawn(state, card)


def draw_faeries(state: SpringState, player: int, count: int) -> int:
    """Draws up to `count` faerie cards, never beyond the hand limit (R19); an empty deck is refilled from the
    played cards (R20). Returns how many were drawn."""
    limit = state.game_.components.limits["faerie_hand"]
    hand = state.faerie_hand[player]
    drawn = 0
    for _ in range(count):
        if sum(hand) >= limit:
            break
        if not state.faerie_deck:
            if not state.faerie_discard:
                break
            state.faerie_deck = state.faerie_discard
            state.faerie_discard = []
            state.rng.shuffle(state.faerie_deck)
        hand[state.faerie_deck.pop()] += 1
        drawn += 1
    return drawn


def place_gain(state: SpringState, player: int, location: int, fortress: bool = False) -> None:
    """What placing a settlement (or the fortress) on a spot gains: its printed amount, cut to 1 while a matching
    monster is in play (never for the fortress) (R17, R18)."""
    slot = state.world.slots[location]
    if slot is None or not slot.is_resource:
        return
    amount = slot.amount
    if not fortress and monster_in_play_caps(state, slot.kind):
        amount = min(amount, 1)
    if slot.kind == "faerie":
        draw_faeries(state, player, amount)
    else:
        state.treasury[player][RESOURCE_INDEX[slot.kind]] += amount


def produce(state: SpringState, player: int) -> None:
    """Production: every icon revealed on the player's lines, then the warehouse limit (R6)."""
    tables = state.game.tables
    treasury = state.treasury[player]
    left = state.line_left[player]
    for r, by_taken in enumerate(tables.production):
        taken = len(by_taken) - 1 - left[r]
        if 0 <= taken < len(by_taken):
            w, f, g = by_taken[taken]
            treasury[0] += w
            treasury[1] += f
            treasury[2] += g
        else:  # never by the rules: a line with more or fewer settlements than it holds, read as the slice does
            for icons in state.game_.components.lines[r].positions[:taken]:
                for resource, amount in icons.items():
                    treasury[RESOURCE_INDEX[resource]] += amount
    cap = tables.warehouse
    for r in range(len(treasury)):
        treasury[r] = min(treasury[r], cap)
