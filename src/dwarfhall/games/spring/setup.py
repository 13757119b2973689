"""Setting up a game of Spring (rulebook set-up, spring.md §11.1); the start of each era is `flow.start_era`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dwarfhall.core import Rng

from .gains import draw_faeries
from .monsters import reveal_expedition, spawn
from .phases import PLACING
from .state import SpringState
from .worldmap import random_layout

if TYPE_CHECKING:
    from .game import SpringGame


def deal(game: SpringGame, rng: Rng) -> SpringState:
    """The map, the monsters and the expedition area, the piles and every player's pieces; then the first
    starting settlement waits for its player."""
    comps = game.components
    kinds = game.kinds
    n = game.num_players
    world = random_layout(rng, comps, balanced=game.options.layout == "balanced")
    state = SpringState(game, rng, world)
    # expedition area: 3 monsters spawn, the next 6 are shuffled with every quest, the rest leave unseen
    expedition = comps.expedition
    monsters = list(kinds.monsters)
    rng.shuffle(monsters)
    spawned = expedition["spawned_at_setup"]
    in_deck = spawned + expedition["monsters_in_deck"]
    for card in monsters[:spawned]:
        state.expedition_area.append(card)
        spawn(state, card)
    deck = monsters[spawned:in_deck] + list(kinds.quests)
    rng.shuffle(deck)
    state.expedition_deck = deck
    state.unused_monsters = monsters[in_deck:]
    for _ in range(expedition["revealed_at_setup"]):
        reveal_expedition(state)
    # first player: the option's seat (the rulebook's youngest player) or a random one
    seat = game.options.first_seat()
    state.first = rng.below(n) if seat is None else seat
    seats = [(state.first + i) % n for i in range(n)]
    # dragons: one white-ribbon dragon each, the other level 1 dragons (unused ribbons too, R43) are the eggs
    ribbons = list(game.white_ribbons)
    rng.shuffle(ribbons)
    for p, dragon in zip(seats, ribbons, strict=False):
        state.nest[p] = [dragon]
        state.nest_level[p] = [1]
        state.exhausted[p] = [False]
    state.egg_pile = list(game.plain_eggs) + [kinds.dragons.start + d for d in ribbons[n:]]
    rng.shuffle(state.egg_pile)
    # faeries: shuffled face down, one card each
    state.faerie_deck = list(game.faerie_cards)
    rng.shuffle(state.faerie_deck)
    for p in seats:
        draw_faeries(state, p, 1)
    # the pieces: dwarfs in the bastion, the heroes deck
    for p in range(n):
        state.home[p] = comps.pieces["dwarfs"]
        state.heroes[p] = list(game.start_heroes)
    # starting settlements: round 1 clockwise from the first player, round 2 back counter-clockwise (R2)
    state.placing = seats + seats[::-1]
    state.phase = PLACING
    state.to_act = state.placing[0]
    return state
