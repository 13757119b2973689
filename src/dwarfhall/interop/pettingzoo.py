"""Every registered dwarfhall game as a PettingZoo AEC environment.

    from dwarfhall.interop.pettingzoo import env
    e = env("duel", first_player="0")

Agents are `player_0` ... `player_{N-1}` (the game's seats). Each observation is, as in PettingZoo's
classic games, a dict: `observation`, the flat float32 encoding of exactly what that seat sees
(docs/interop.md; bounded by the range the game declares), and `action_mask`, int8, 1 for each legal
action id (all zeros when it is not that agent's turn); `infos[agent]["legal_actions"]` holds the same ids as a
tuple of ints (empty when it is not that agent's turn), the cheap way to draw one. `observation_form="array"`
gives the tensor alone and the mask in `infos[agent]["action_mask"]` too. Rewards come once, at the end: the
game's returns (+1 / -1 / 0 with two players, summing to zero). A game cut off at `max_game_length` actions is
truncated with no reward. `render_mode="human"` prints the public view as the terminal draws it; `"ansi"`
returns it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from dwarfhall.core import Game, State
from dwarfhall.core.tensors import legal_mask

from .common import TensorEncoder, info_of, load, observation_box, render_text


class DwarfhallAECEnv(AECEnv):
    """One dwarfhall game with fixed options; `reset(seed=...)` deals a new game."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "dwarfhall_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        render_mode: str | None = None,
        max_game_length: int | None = None,
        observation_form: Literal["dict", "array"] = "dict",
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: {render_mode!r} is not one of {self.metadata['render_modes']}")
        if observation_form not in ("dict", "array"):
            raise ValueError(f"observation_form: {observation_form!r} is not 'dict' or 'array'")
        max_game_length = info_of(game).max_length if max_game_length is None else max_game_length
        if max_game_length < 1:
            raise ValueError(f"max_game_length must be at least 1, got {max_game_length}")
        self.game: Game[Any] = load(game, options)
        self.render_mode = render_mode
        self.max_game_length = max_game_length
        self.observation_form = observation_form
        self.metadata = {**self.metadata, "name": f"dwarfhall_{game}_v0"}
        self.possible_agents = [f"player_{p}" for p in range(self.game.num_players)]
        self._index = {agent: p for p, agent in enumerate(self.possible_agents)}
        actions = self.game.num_distinct_actions()
        box = observation_box(self.game)
        mask = spaces.Box(0, 1, (actions,), np.int8)
        self._observation_spaces: dict[str, spaces.Space[Any]] = {
            agent: spaces.Dict({"observation": box, "action_mask": mask}) if observation_form == "dict" else box
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._seeds = np.random.default_rng()
        self._actions = actions
        self._encode = TensorEncoder(self.game)
        # the encoder's own function for this game's states, from reset()
        self._tensor: Callable[[State, int], np.ndarray] = self._encode
        self.state: State | None = None
        self._moves = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new deal; the same `seed` gives the same game. Game options are fixed when the env is made."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.state = self.game.new_state(seed=int(self._seeds.integers(2**63 - 1)))
        self._moves = 0
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {"legal_actions": ()} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player]
        self._tensor = self._encode.for_state(self.state)
        self._note_legal(self.agent_selection)
        if self.render_mode == "human":
            self.render()

    def _mask(self, player: int) -> np.ndarray:
        state = self._live()
        if player == state.current_player:
            return legal_mask(state.legal_action_ids(), self._actions)
        return np.zeros(self._actions, np.int8)

    def _note_legal(self, actor: str) -> None:
        """Each agent's legal ids in its info (none but the player to act has any): `legal_actions`, and with array
        observations `action_mask` too, as PettingZoo suggests. In the dict form only the infos of `actor` (who
        just acted) and of the player to act change."""
        if self.observation_form == "array":
            for agent in self.agents:
                player = self._index[agent]
                self.infos[agent] = {"action_mask": self._mask(player), "legal_actions": self._legal(player)}
            return
        state = self._live()
        infos = self.infos
        if actor in infos:
            infos[actor] = {"legal_actions": ()}
        legal = state.legal_action_ids()
        if legal:  # () at the end
            infos[self.possible_agents[state.current_player]] = {"legal_actions": legal}

    def _legal(self, player: int) -> tuple[int, ...]:
        state = self._live()
        return state.legal_action_ids() if player == state.current_player else ()

    def _live(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    def observe(self, agent: str) -> dict[str, np.ndarray] | np.ndarray:
        player = self._index[agent]
        state = self.state  # _live() inlined: observe runs at every step
        if state is None:
            state = self._live()  # raises
        tensor = self._tensor(state, player)
        if self.observation_form == "array":
            return tensor
        if player == state.current_player:
            return {"observation": tensor, "action_mask": legal_mask(state.legal_action_ids(), self._actions)}
        return {"observation": tensor, "action_mask": np.zeros(self._actions, np.int8)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._live()
        if action is None:
            raise ValueError(f"{agent} is to act and must give an action id, not None")
        self._cumulative_rewards[agent] = 0.0
        state.apply(int(action))  # an illegal id raises IllegalAction and changes nothing
        self._moves += 1
        # rewards stay the zeros `reset` made until the end, where a new dict holds the returns (so adding them to
        # the cumulative rewards before then would add zeros)
        if state.is_terminal:
            self.rewards = {a: 0.0 for a in self.agents}
            for a, value in zip(self.possible_agents, state.returns(), strict=True):
                self.rewards[a] = float(value)
                self.terminations[a] = True
            self._accumulate_rewards()
        elif self._moves >= self.max_game_length:
            self.truncations = {a: True for a in self.agents}
        else:
            selected = self.agent_selection = self.possible_agents[state.current_player]
            if self.observation_form == "dict":  # _note_legal's dict form inlined: the common step
                infos = self.infos
                infos[agent] = {"legal_actions": ()}
                infos[selected] = {"legal_actions": state.legal_action_ids()}
                if self.render_mode == "human":
                    self.render()
                return
        self._note_legal(agent)
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The public view as the terminal draws it: printed ("human"), returned ("ansi"); None otherwise."""
        return render_text(self.render_mode, self._live)

    def close(self) -> None:
        self.state = None


def raw_env(game: str, **kwargs: Any) -> DwarfhallAECEnv:
    return DwarfhallAECEnv(game, **kwargs)


def env(game: str, **kwargs: Any) -> AECEnv:
    """The environment wrapped as PettingZoo's own games are (it checks call order and action bounds)."""
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw_env(game, **kwargs)))


__all__ = ["DwarfhallAECEnv", "env", "raw_env"]
