"""Every registered dwarfhall game as a single-agent Gymnasium environment against built-in opponents.

    from dwarfhall.interop.gymnasium import DwarfhallEnv
    e = DwarfhallEnv("duel", opponent="heuristic", seat=0)
    e = gymnasium.make("dwarfhall/duel-v0", opponent="heuristic")   # the same, registered on import

The learner plays `seat`; every other seat is played by an agent made from `opponent` (any spec of
dwarfhall.agents.make_agent: `random`, `heuristic`, `ismcts:iters=200`, ...), which sees only its own
PlayerView. Observations are the flat float32 encoding of what the learner's seat sees
(docs/interop.md), bounded by the range the game declares; `info["action_mask"]` (int8),
`info["legal_actions"]` (the same ids as a tuple of ints, the cheap way to draw one) and `action_masks()` give
the legal ids. The reward is the learner's return at the end (+1 / -1 / 0 with two
players). An illegal action ends the episode as a loss (`illegal_action="lose"`, so random exploration
cannot crash a run) or raises (`illegal_action="raise"`).
A game cut off at `max_game_length` actions is truncated with reward 0.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from dwarfhall.agents import Agent, check_spec, make_agent
from dwarfhall.agents.random_agent import RandomAgent
from dwarfhall.core import Game, PlayerView, Rng, State
from dwarfhall.core.batch import play_drawn
from dwarfhall.core.tensors import legal_mask

from .common import TensorEncoder, action_mask, info_of, load, observation_box, render_text


class DwarfhallEnv(gymnasium.Env[np.ndarray, np.int64]):
    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(
        self,
        game: str,
        opponent: str = "random",
        seat: int = 0,
        render_mode: str | None = None,
        max_game_length: int | None = None,
        illegal_action: Literal["lose", "raise"] = "lose",
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: {render_mode!r} is not one of {self.metadata['render_modes']}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action: {illegal_action!r} is not 'lose' or 'raise'")
        max_game_length = info_of(game).max_length if max_game_length is None else max_game_length
        if max_game_length < 1:
            raise ValueError(f"max_game_length must be at least 1, got {max_game_length}")
        self.game: Game[Any] = load(game, options)
        if not 0 <= seat < self.game.num_players:
            raise ValueError(f"seat: {seat} is not a seat of {game} (0..{self.game.num_players - 1})")
        check_spec(opponent, self.game)  # a bad spec fails here with its own message
        self.opponent = opponent
        self.seat = seat
        self.render_mode = render_mode
        self.max_game_length = max_game_length
        self.illegal_action = illegal_action
        self.observation_space = observation_box(self.game)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self._actions = self.game.num_distinct_actions()
        self._encode = TensorEncoder(self.game)
        # the encoder's own function for this game's states, from reset()
        self._tensor: Callable[[State, int], np.ndarray] = self._encode
        self.state: State | None = None
        self._opponents: dict[int, Agent] = {}
        # per seat: the generator a random opponent's `choose` draws from (its draw is made without a view), else None
        self._draws: list[Rng | None] = []
        self._all_drawn = True  # every opponent draws at random: play_drawn alone plays them
        self._moves = 0

    def _live(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        return self.state

    def action_masks(self) -> np.ndarray:
        """1 for each legal id now (the name MaskablePPO of sb3-contrib looks for)."""
        return action_mask(self._live(), self._actions)

    def _observe(self) -> tuple[np.ndarray, dict[str, Any]]:
        state = self._live()
        legal = state.legal_action_ids()
        info = {"action_mask": legal_mask(legal, self._actions), "legal_actions": legal}
        return self._encode(state, self.seat), info

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.state = self.game.new_state(seed=int(self.np_random.integers(2**63 - 1)))
        self._opponents = {
            p: make_agent(self.opponent, seed=int(self.np_random.integers(2**31)), game=self.game.name)
            for p in range(self.game.num_players)
            if p != self.seat
        }
        draws: list[Rng | None] = [None] * self.game.num_players
        for p, agent in self._opponents.items():
            if type(agent) is RandomAgent:
                draws[p] = agent.rng
        self._draws = draws
        self._all_drawn = all(draws[p] is not None for p in self._opponents)
        self._moves = 0
        self._tensor = self._encode.for_state(self.state)
        self._play_opponents(self.state, 0)
        if self.render_mode == "human":
            self.render()
        return self._observe()

    def _play_opponents(self, state: State, moves: int) -> int:
        """The other seats' moves until the learner is to act, the game ends or is cut off; the moves made so far."""
        seat, limit, draws = self.seat, self.max_game_length, self._draws
        # the random opponents in one call (a C loop when compiled): the draws their choose(PlayerView) makes
        moves = play_drawn(state, seat, limit, moves, draws)
        while not self._all_drawn and moves < limit and not state.is_terminal:  # an opponent that does not draw
            player = state.current_player
            if player == seat:
                break
            if draws[player] is None:
                state.apply(self._opponents[player].choose(PlayerView(state, player)))
                moves += 1
            moves = play_drawn(state, seat, limit, moves, draws)
        self._moves = moves
        return moves

    def step(self, action: Any) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        state = self.state  # _live() inlined: step runs at every step
        if state is None:
            state = self._live()  # raises
        moves = self._moves
        if state.is_terminal or moves >= self.max_game_length:
            raise RuntimeError("the episode is over; call reset()")
        action = int(action)
        if action not in state.legal_action_ids():
            if self.illegal_action == "raise":
                state.apply(action)  # refused with the core's IllegalAction, which lists the legal ids
            observation, info = self._observe()
            return observation, -1.0, True, False, {**info, "illegal_action": True}
        state.apply(action)
        self._moves = moves + 1  # kept if an opponent raises
        moves = self._play_opponents(state, moves + 1)
        if self.render_mode == "human":
            self.render()
        legal = state.legal_action_ids()
        observation = self._tensor(state, self.seat)
        info = {"action_mask": legal_mask(legal, self._actions), "legal_actions": legal}
        if state.is_terminal:
            return observation, float(state.returns()[self.seat]), True, False, info
        return observation, 0.0, False, moves >= self.max_game_length, info

    def render(self) -> str | None:
        """The public view as the terminal draws it: printed ("human"), returned ("ansi"); None otherwise."""
        return render_text(self.render_mode, self._live)


def register_all() -> list[str]:
    """Registers `dwarfhall/<name>-v0` with Gymnasium for every game, so `gymnasium.make` finds them."""
    from dwarfhall.core import game_names

    added = []
    for name in game_names():
        env_id = f"dwarfhall/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=f"{__name__}:DwarfhallEnv", kwargs={"game": name})
            added.append(env_id)
    return added


register_all()

__all__ = ["DwarfhallEnv", "register_all"]
