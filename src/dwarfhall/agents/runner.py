"""Play one game between agents, headless."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from dwarfhall.core.errors import IllegalAction
from dwarfhall.core.game import Game, State
from dwarfhall.core.view import PlayerView

from .base import Agent


def play_game(
    game: Game[Any],
    agents: Sequence[Agent],
    seed: int,
    max_actions: int = 100_000,
    on_action: Callable[[State, int], None] | None = None,
    cut_off: bool = False,
) -> State:
    """Runs a game to the end; agents[i] plays seat i. Returns the final state (its history is the record).

    `on_action(state, action_id)` is called before each action is applied (forced ones too). A game still going
    after `max_actions` raises RuntimeError, or with `cut_off` is returned unfinished for the caller to score.
    """
    if len(agents) != game.num_players:
        raise ValueError(f"{game.name} needs {game.num_players} agents, got {len(agents)}")
    state = game.new_state(seed)
    while not state.is_terminal:
        if len(state.history) >= max_actions:
            if cut_off:
                return state
            raise RuntimeError(f"{game.name} game with seed {seed} did not end within {max_actions} actions")
        player = state.current_player
        legal = state.legal_action_ids()
        # a forced move needs no agent: it gives nothing away and saves search time
        action = legal[0] if len(legal) == 1 else agents[player].choose(PlayerView(state, player))
        if action not in legal:
            raise IllegalAction(f"agent {agents[player].spec} chose illegal action {action} as player {player}")
        if on_action is not None:
            on_action(state, action)
        state.apply(action)
    return state
