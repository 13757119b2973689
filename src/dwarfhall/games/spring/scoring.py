"""The end of the game: victory points (R36) and the tie-breaks (R37)."""

from __future__ import annotations

from operator import mul
from typing import TYPE_CHECKING

from dwarfhall.core import winner_returns
from dwarfhall.core.scoresheet import ScoreRow, ScoreSheet, by_points

from .phases import NO_ONE, OVER

RESOURCES_PER_VP = 7  # rulebook: 1 VP for every 7 resources in the treasury

if TYPE_CHECKING:
    from .state import SpringState


def score_parts(state: SpringState, player: int) -> dict[str, int]:
    """Victory points by source: quests and monsters in the heroes deck, trained dragons, complete lines, the
    fortress, and 1 per 7 resources."""
    tables = state.game.tables
    deck = state.heroes[player]
    quests = tables.quests
    monsters = tables.monsters
    dragon_vp = tables.dragon_vp
    dragons = sum(
        dragon_vp[d][level - 1]
        for d, level in zip(state.nest[player], state.nest_level[player], strict=True)
        if level >= 2
    )
    line_left = state.line_left[player]
    return {
        "quests": sum(map(mul, deck[quests.start : quests.stop], tables.quest_vp)),
        "monsters": sum(map(mul, deck[monsters.start : monsters.stop], tables.monster_vp)),
        "dragons": dragons,
        "lines": sum(vp for r, vp in enumerate(tables.line_vp) if line_left[r] == 0),
        "fortress": tables.fortress_vp if state.fortress_at[player] != NO_ONE else 0,
        "resources": sum(state.treasury[player]) // RESOURCES_PER_VP,
    }


def score(state: SpringState, player: int) -> int:
    return sum(score_parts(state, player).values())


def winners(state: SpringState) -> list[int]:
    """Most VP; then most cards in the heroes deck; then most resources (R47); then a shared win."""
    keys = [(score(state, p), sum(state.heroes[p]), sum(state.treasury[p])) for p in range(state.num_players)]
    best = max(keys)
    return [p for p, key in enumerate(keys) if key == best]


def returns(state: SpringState) -> list[float]:
    """The kit's returns of the winners (zeros before the end)."""
    if state.phase != OVER:
        return [0.0] * state.num_players
    return winner_returns(state.num_players, winners(state))


def scores(state: SpringState) -> list[float]:
    return [float(score(state, p)) for p in range(state.num_players)]


def score_sheet(state: SpringState) -> ScoreSheet | None:
    """VP by source (`score_parts`) and the tie-breaks of `winners`: heroes deck cards, then resources (R47)."""
    if state.phase != OVER:
        return None
    players = range(state.num_players)
    parts = [score_parts(state, p) for p in players]
    rows = [ScoreRow(f"score_{key}", tuple(float(part[key]) for part in parts)) for key in parts[0]]
    cards = ScoreRow("fact_heroes_cards", tuple(float(sum(state.heroes[p])) for p in players))
    resources = ScoreRow("fact_resources", tuple(float(sum(state.treasury[p])) for p in players))
    return by_points(rows, state.game.messages, [(cards, "decided_heroes_cards"), (resources, "decided_resources")])
