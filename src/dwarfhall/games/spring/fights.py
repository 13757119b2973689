"""Fighting and gathering in a wildland: how many hero cards are revealed and what they bring (R14-R16)."""

from __future__ import annotations

from itertools import chain, compress, repeat
from typing import TYPE_CHECKING

from . import reveals
from .gains import draw_faeries
from .monsters import reveal_expedition
from .phases import BACKPACKS, NO_ONE, RESOURCE_INDEX, REVEALED

if TYPE_CHECKING:
    from .state import SpringState


def reveal_count(state: SpringState, player: int, wildland: int) -> int:
    """R14 (rulebook): your dwarfs in the wildland + your settlements around it + 2 for your fortress there."""
    count = state.dwarfs[player].count(wildland)
    fortress = state.fortress_at[player]
    owner_at = state.owner_at
    for spot in state.world.tables.surrounding[wildland]:
        if owner_at[spot] == player:
            count += state.tables.reveal_bonus if spot == fortress else 1
    return count


def reveal(state: SpringState, player: int, count: int) -> tuple[int, int, list[int]]:
    """Shuffle the heroes deck and reveal `count` cards (all, if fewer): the axes and backpacks shown, and the
    cards in the order turned up. The cards go straight back (R49), so this is a draw without replacement."""
    tables = state.tables
    held = state.heroes[player]
    # each kind as often as held, ascending; only the kinds held make a `repeat` (most of the 76 kinds are not held)
    deck = list(chain.from_iterable(map(repeat, compress(range(len(held)), held), filter(None, held))))
    size = len(deck)
    take = min(count, size)
    axes = packs = 0
    rng = state.rng
    card_axes = tables.card_axes
    card_backpacks = tables.card_backpacks
    for i in range(take):
        j = i + rng.below(size - i)
        card = deck[j]
        deck[j] = deck[i]
        deck[i] = card
        axes += card_axes[card]
        packs += card_backpacks[card]
    return axes, packs, deck[:take]


def fight(state: SpringState, player: int, wildland: int) -> bool:
    """R15: the missing axes come from axe successes only when that wins; a win takes the monster (§6.3). A reveal
    that falls short while the player holds a faerie card stays open (R10): free actions may still win it."""
    game = state.game
    slot = state.world.wildland_locations.index(wildland)
    card = state.monster_at[slot]
    need = game.components.monsters[card - game.kinds.monsters.start].axes
    axes, packs, shown = reveal(state, player, reveal_count(state, player, wildland))
    short = max(0, need - axes)
    won = short <= state.successes[player][0]
    if not won and holds_faeries(state, player):  # the hand's size is public, so is this decision
        reveals.record(state, player, wildland, card, shown, axes, packs, 0, reveals.OPEN)
        state.pending.append([REVEALED, wildland, axes])
        return False
    reveals.record(state, player, wildland, card, shown, axes, packs, short if won else 0, won)
    if not won:
        return False
    state.successes[player][0] -= short
    defeat(state, player, slot)
    return True


def holds_faeries(state: SpringState, player: int) -> bool:
    tables = state.tables
    return any(state.faerie_hand[player][tables.faerie_first : tables.faerie_end])


def fight_short(state: SpringState, player: int) -> int:
    """The axes an open fight (the REVEALED decision on top) still lacks beyond the player's axe successes."""
    game = state.game
    _what, wildland, axes = state.pending[-1]
    card = state.monster_at[state.world.wildland_locations.index(wildland)]
    need = game.components.monsters[card - game.kinds.monsters.start].axes
    return max(0, need - axes) - state.successes[player][0]


def settle_open_fight(state: SpringState, player: int, concede: bool) -> None:
    """An open fight is won as soon as the axe successes cover what it lacks (R15: they are spent only to win),
    or lost when the player gives up."""
    if not concede and fight_short(state, player) > 0:
        return
    _what, wildland, axes = state.pending.pop()
    if concede:
        reveals.decide(state, 0, False)
        return
    slot = state.world.wildland_locations.index(wildland)
    card = state.monster_at[slot]
    game = state.game
    spent = max(0, game.components.monsters[card - game.kinds.monsters.start].axes - axes)
    state.successes[player][0] -= spent
    reveals.decide(state, spent, True)
    defeat(state, player, slot)


def defeat(state: SpringState, player: int, slot: int) -> None:
    """The card joins the heroes deck, the miniature and its webs leave the map, 2 faerie cards, a refill."""
    card = state.monster_at[slot]
    state.monster_at[slot] = NO_ONE
    state.expedition_area.remove(card)
    state.heroes[player][card] += 1
    state.defeated[player] += 1
    if card in state.web_at:  # most monsters lay no webs: no walk over the map for them
        for location, web in enumerate(state.web_at):
            if web == card:
                state.web_at[location] = NO_ONE
                state.map_changes += 1  # the map targets' validity (targets.targets_of)
    draw_faeries(state, player, 2)
    reveal_expedition(state)


def gather(state: SpringState, player: int, wildland: int) -> None:
    """R16: one resource of the wildland's terrain per backpack; then backpack successes may be added (R15)."""
    wildland_tile = state.world.wildland_of(wildland)
    assert wildland_tile is not None
    axes, packs, shown = reveal(state, player, reveal_count(state, player, wildland))
    reveals.record(state, player, wildland, NO_ONE, shown, axes, packs, 0, True)
    state.treasury[player][RESOURCE_INDEX[wildland_tile.gather]] += packs
    # R10, R15: successes to add, or a faerie card that may bring some after the reveal (the hand's size is public)
    if state.successes[player][1] or holds_faeries(state, player):
        state.pending.append([BACKPACKS, wildland])


def add_backpacks(state: SpringState, player: int, wildland: int, count: int) -> None:
    wildland_tile = state.world.wildland_of(wildland)
    assert wildland_tile is not None
    state.successes[player][1] -= count
    reveals.add_spent(state, count)
    state.treasury[player][RESOURCE_INDEX[wildland_tile.gather]] += count
