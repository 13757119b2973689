"""Batch entry points: whole random games and playouts in one call, so that the compiled build runs the loop in C.

Each plays exactly what the protocol's loop `state.apply(rng.choice(state.legal_action_ids()))` plays (the same
ids, the same draws from `rng`, the same history), without the per-action legality check: an id taken from the
state's own legal ids needs none. A game may offer its own loop (`Rules.playout`), which calls its rules
functions directly (C calls in the compiled build) and is run instead of the loop here.
"""

from __future__ import annotations

from typing import Any

from .game import Game, State
from .rng import Rng

CHOOSER_OFFSET = 1_000_000
"""`play_random`'s chooser for the game of seed `s` is `Rng(s + CHOOSER_OFFSET)` (as the benchmarks always did)."""


def random_playout(state: State[Any], rng: Rng, cap: int = -1) -> int:
    """Plays uniformly random legal actions on `state` until the end or `cap` actions (-1: no cap); returns how
    many it played. The same as `cap` times `state.apply(legal[rng.below(len(legal))])` on the legal ids."""
    own = state._random_playout
    if own is not None:  # the game's own loop (`Rules.playout`): the same actions, run in C when compiled
        state._legal = None
        return own(rng, cap)
    legal_of = state._legal_action_ids
    apply = state._apply
    history = state.history
    legal: Any = state._legal  # the cache, valid for the first action only
    state._legal = None
    played = 0
    while played != cap and not state.is_terminal:
        if legal is None:
            legal = legal_of()
        action = legal[rng.below(len(legal))]
        apply(action)
        history.append(action)
        legal = None
        played += 1
    return played


def play_drawn(state: State[Any], seat: int, limit: int, moves: int, draws: list[Rng | None]) -> int:
    """Plays the seats that draw at random until `seat` is to act, the game ends, `moves` reaches `limit` or a seat
    that does not draw is to act (`draws[player]`: the generator a random agent's `choose` draws from, None for
    any other agent); returns `moves` plus the moves made. Each move is the one
    `state.apply(draws[player].choice(state.legal_action_ids()))` makes (an environment's random opponents)."""
    while moves < limit and not state.is_terminal:
        player = state.current_player
        if player == seat or not 0 <= player < len(draws):
            break
        rng = draws[player]
        if rng is None:
            break
        legal = state._legal
        if legal is None:
            legal = state.legal_action_ids()
        action = rng.choice(legal)
        state._apply(action)  # an id from the legal ids: apply's check is not needed
        state._legal = None
        state.history.append(action)
        moves += 1
    return moves


def play_seated(state: State[Any], draws: list[Rng | None], limit: int, used: list[dict[str, int]]) -> int:
    """Plays on until the game ends, its history holds `limit` actions, or a seat that does not draw has a choice;
    returns the actions played. The arena's loop for seats of the plain random agent (`draws[player]`: the
    generator its `choose` draws from, None for any other agent, which the caller asks and then calls this again).

    Each move is the one `agents.runner.play_game` makes: a forced move (one legal id) is played without a draw,
    as no agent is asked for it; any other is `draws[player].choice(legal)`, as `RandomAgent.choose` draws. Every
    action's components (`State._action_components`, no label built) are counted in `used[player]`.
    """
    history = state.history
    named = type(state)._action_components  # the class's function: no bound method made per action
    played = 0
    while len(history) < limit and not state.is_terminal:
        legal = state._legal
        if legal is None:
            legal = state.legal_action_ids()
        player = state.current_player
        if len(legal) == 1:
            action = legal[0]
        else:
            rng = draws[player]
            if rng is None:
                break
            action = rng.choice(legal)
        counts = used[player]
        for key in named(state, action):
            counts[key] = counts.get(key, 0) + 1
        state._apply(action)  # an id from the legal ids: apply's check is not needed
        state._legal = None
        history.append(action)
        played += 1
    return played


def play_random(game: Game[Any], seed: int, games: int = 1) -> int:
    """Plays `games` random games, seeds `seed`, `seed + 1`, ...; the game of seed `s` chooses with
    `Rng(s + CHOOSER_OFFSET)`. Returns the actions played in all."""
    total = 0
    for i in range(games):
        total += random_playout(game.new_state(seed + i), Rng(seed + i + CHOOSER_OFFSET))
    return total


def random_game(game: Game[Any], seed: int) -> State[Any]:
    """The final state of `play_random`'s game of seed `seed` (its history is the record)."""
    state = game.new_state(seed)
    random_playout(state, Rng(seed + CHOOSER_OFFSET))
    return state
