"""What a player sees: the zones as the viewer sees them (kit.zones), the map and every board (all public), and
the last fight's or gathering's reveal; and the part of determinize the zones do not cover.

The keys are documented in docs/rules/spring.md ("Information"); front ends and the heuristic read them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dwarfhall.core import Rng, State

from . import reveals
from .phases import NO_ONE

if TYPE_CHECKING:
    from .state import SpringState


def observe(state: SpringState, viewer: int | None) -> dict[str, Any]:
    """The zones as `viewer` sees them (the core's default), with everything public added."""
    obs = State._observe(state, viewer)
    obs.update(public_json(state))
    return obs


def public_json(state: SpringState) -> dict[str, Any]:
    """Everything on the map and the boards: public to every player."""
    game = state.game
    comps = game.components
    geometry = state.world.geometry
    return {
        "phase": ("placing", "actions", "over")[state.phase],
        "era": state.era,
        "round": state.round,
        "first": state.first,
        "to_act": state.current_player,
        "placing": list(state.placing),
        "stage": ("before", "after")[state.stage],
        "pending": [step[:] for step in state.pending],
        "map": state.world.to_json(),
        "monsters": {
            w.id: game.kinds.keys[card]
            for w, card in zip(state.world.wildland_order, state.monster_at, strict=True)
            if card != NO_ONE
        },
        "last_reveal": reveals.public(state),
        "webs": {geometry.locations[i].id: game.kinds.keys[c] for i, c in enumerate(state.web_at) if c != NO_ONE},
        "players": [
            {
                "treasury": dict(zip(("wood", "food", "gold"), state.treasury[p], strict=True)),
                "line_left": dict(zip(("wood", "food", "gold"), state.line_left[p], strict=True)),
                "settlements": sorted(
                    geometry.locations[i].id
                    for i, owner in enumerate(state.owner_at)
                    if owner == p and i != state.fortress_at[p]
                ),
                "fortress": geometry.locations[state.fortress_at[p]].id if state.fortress_at[p] != NO_ONE else None,
                "home": state.home[p],
                "dwarfs": sorted(geometry.locations[i].id for i in state.dwarfs[p]),
                "spots_used": [s.id for i, s in enumerate(comps.spots) if state.spots_used[p] >> i & 1],
                "nest": [
                    {"dragon": comps.dragons[d].id, "level": lvl, "exhausted": ex}
                    for d, lvl, ex in zip(state.nest[p], state.nest_level[p], state.exhausted[p], strict=True)
                ],
                "successes": {"axe": state.successes[p][0], "backpack": state.successes[p][1]},
                "defeated": state.defeated[p],
                "faerie_power": state.faerie_power[p],
            }
            for p in range(state.num_players)
        ],
    }


def resample(state: SpringState, sample: State, player: int, rng: Rng) -> None:
    """The unseen monsters may lie in the expedition deck or among the three left in the box: re-deal them
    between the two, since no player knows which are which."""
    assert isinstance(sample, type(state))
    monsters = state.game.kinds.monsters
    first, end = monsters.start, monsters.stop  # compared as C ints when compiled (`in` a range is a call)
    deck = sample.expedition_deck
    deck_monsters = [i for i in range(len(deck)) if first <= deck[i] < end]
    pool = [deck[i] for i in deck_monsters] + sample.unused_monsters
    pool.sort()
    rng.shuffle_quick(pool)
    for slot, card in zip(deck_monsters, pool, strict=False):
        sample.expedition_deck[slot] = card
    sample.unused_monsters = pool[len(deck_monsters) :]
