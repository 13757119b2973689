"""The last fight's or gathering's revealed hero cards (R14): turned face up, so public to every player.

The state keeps the record as one immutable tuple of whole numbers (cheap to clone and to save):
(number, seat, wildland location, monster card or NO_ONE, axes, backpacks, successes spent, won, *card kinds).
`number` counts the reveals of the game, so two views can tell a new reveal from the one they have seen. `won` is
0 or 1, or OPEN while a fight that fell short waits for the player's free actions (R10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .phases import NO_ONE

if TYPE_CHECKING:
    from .state import SpringState

NUMBER, SEAT, LOCATION, MONSTER, AXES, BACKPACKS, SPENT, WON, CARDS = range(9)
OPEN = 2  # `won` of a fight not yet decided
RESULTS = ("lost", "won", "open")


def record(
    state: SpringState,
    player: int,
    location: int,
    monster: int,
    cards: list[int],
    axes: int,
    packs: int,
    spent: int,
    won: int,
) -> None:
    """Writes the reveal just made, in the order the cards were turned up (`won`: 0, 1 or OPEN)."""
    number = state.last_reveal[NUMBER] + 1 if state.last_reveal else 1
    state.last_reveal = (number, player, location, monster, axes, packs, spent, int(won), *cards)


def decide(state: SpringState, spent: int, won: bool) -> None:
    """The open fight just revealed is decided: won with `spent` axe successes, or lost (R10, R15)."""
    last = state.last_reveal
    state.last_reveal = (*last[:SPENT], spent, int(won), *last[CARDS:])


def add_spent(state: SpringState, count: int) -> None:
    """Backpack successes added to the gathering just revealed (R15)."""
    last = state.last_reveal
    state.last_reveal = (*last[:SPENT], last[SPENT] + count, *last[SPENT + 1 :])


def public(state: SpringState) -> dict[str, Any]:
    """The record as the observation shows it: an empty object before the first reveal."""
    last = state.last_reveal
    if not last:
        return {}
    keys = state.game.kinds.keys
    location = last[LOCATION]
    wildland = state.world.wildland_of(location)
    fight = last[MONSTER] != NO_ONE
    return {
        "number": last[NUMBER],
        "seat": last[SEAT],
        "location": state.world.geometry.locations[location].id,
        "wildland": wildland.id if wildland is not None else None,
        "action": "fight" if fight else "gather",
        "monster": keys[last[MONSTER]] if fight else None,
        "cards": [keys[card] for card in last[CARDS:]],
        "axes": last[AXES],
        "backpacks": last[BACKPACKS],
        "successes": last[SPENT],
        "result": RESULTS[last[WON]] if fight else "gathered",
    }
