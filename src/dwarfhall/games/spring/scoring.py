"""The end of the game: victory points (R36) and the tie-breaks (R37)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .phases import NO_ONE

RESOURCES_PER_VP = 7  # rulebook: 1 VP for every 7 resources in the treasury

if TYPE_CHECKING:
    from .state import SpringState


def score_parts(state: SpringState, player: int) -> dict[str, int]:
    """Victory points by source: quests and monsters in the heroes deck, trained dragons, complete lines, the
    fortress, and 1 per 7 resources."""
    game = state.game_
    comps = game.components
    kinds = game.kinds
    deck = state.heroes[player]
    quests = sum(deck[k] * comps.quests[k - kinds.quests.start].vp for k in kinds.quests)
    monsters = sum(deck[k] * comps.monsters[k - kinds.monsters.start].vp for k in kinds.monsters)
    dragons = sum(
        comps.dragons[d].levels[level - 1].vp
        for d, level in zip(state.nest[player], state.nest_level[player], strict=True)
        if level >= 2
    )
    lines = sum(line.complete_vp for r, line in enumerate(comps.lines) if state.line_left[player][r] == 0)
    fortress = comps.fortress["vp"] if state.fortress_at[player] != NO_ONE else 0
    resources = sum(state.treasury[player]) // RESOURCES_PER_VP
    return {
        "quests": quests, "monsters": monsters, "dragons": dragons, "lines": lines, "fortress": fortress,
        "resources": resources,
    }


def score(state: SpringState, player: int) -> int:
    return sum(score_parts(state, player).values())


def winners(state: SpringState) -> list[int]:
    """Most VP; then most cards in the heroes deck; then most resources (R47); then a shared win."""
    keys = [
        (score(state, p), sum(state.heroes[p]), sum(state.treasury[p])) for p in range(state.num_players)
    ]
    best = max(keys)
    return [p for p, key in enumerate(keys) if key == best]
