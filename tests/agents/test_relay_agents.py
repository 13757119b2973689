"""The agents at a table of more than two: Relay with 2 to 4 players and hidden hands."""

from __future__ import annotations

from typing import Any

import pytest

from dwarfhall.agents import make_agent, play_game
from dwarfhall.agents.ismcts import ISMCTSAgent
from dwarfhall.core import PlayerView, State

from ..support.relay import KEYS, LAY
from ..support.relay_play import RelayPlayGame


def position(rows: list[list[int]], hand: list[int], pile: list[int], to_act: int, rounds: int = 1) -> State:
    """A 4-player position in the last round: seats before `to_act` have played it, `to_act` holds `hand`."""
    game = RelayPlayGame({"players": 4, "rounds": rounds})
    data: dict[str, Any] = game.new_state(0).to_json()
    hands = [[0] * len(KEYS) for _ in range(4)]
    for kind in hand:
        hands[to_act][kind] += 1
    data["seed"] = None
    data["state"] = {"pile": pile, "hand": hands, "row": rows, "to_act": to_act,
                     "turns": [rounds if p < to_act else rounds - 1 for p in range(4)]}  # fmt: skip
    return game.state_from_json(data)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    "spec", ["random", "heuristic", "ismcts:iters=30", "ismcts:iters=30,rollout=random,advice=off"]
)
def test_every_agent_finishes_relay_games_with_legal_moves(spec: str, players: int) -> None:
    game = RelayPlayGame({"players": players})
    for seed in range(4):
        final = play_game(game, [make_agent(spec, seed * 10 + s) for s in range(players)], seed)
        returns = final.returns()
        assert final.is_terminal and len(returns) == players and abs(sum(returns)) < 1e-9


def win_share(spec: str, games: int) -> float:
    """The share of wins of `spec` against three random players, sitting in every seat in turn."""
    game = RelayPlayGame({"players": 4})
    won = 0.0
    for seed in range(games):
        seat = seed % 4
        agents = [make_agent(spec if s == seat else "random", seed * 10 + s) for s in range(4)]
        winners = play_game(game, agents, seed).winners()
        won += 1 / len(winners) if seat in winners else 0.0
    return won / games


def test_the_relay_heuristic_beats_three_random_players() -> None:
    """A fair share is 1/4 (a random player in the same seats gets 0.29); drawing while the turns outnumber the
    cards in hand, then laying the best, gets about 0.47."""
    assert win_share("random", 200) < 0.32
    assert win_share("heuristic", 200) > 0.4


def test_ismcts_beats_three_random_players_without_any_advice() -> None:
    """The search alone, on random playouts, finds better than the fair share (about 0.40 here)."""
    assert win_share("ismcts:iters=150,rollout=random,advice=off", 60) > 0.34


def test_ismcts_decides_for_the_player_to_act_even_when_last_at_a_table_of_four() -> None:
    """Seat 3 acts last: laying the Five wins outright, anything else hands the win to seat 0."""
    state = position(rows=[[3], [2], [1], []], hand=[0, 4], pile=[0, 1, 2], to_act=3)
    assert list(state.legal_action_ids()) == [0, LAY.encode(0), LAY.encode(4)]
    for seed in range(4):
        agent = make_agent("ismcts:iters=200,rollout=random,advice=off", seed)
        assert agent.choose(PlayerView(state, 3)) == LAY.encode(4)


def test_ismcts_backs_up_each_nodes_value_for_the_player_who_acted_there() -> None:
    """In the search tree every node belongs to the player whose move led to it: seats 1, 2, 3, 0, ... in turn,
    and a node's mean value stays in [-1, 1] from that player's side."""
    game = RelayPlayGame({"players": 4, "rounds": 3})
    state = game.new_state(11)
    state.apply(state.legal_action_ids()[0])  # seat 0 moves; seat 1 searches
    agent = make_agent("ismcts:iters=300,rollout=random,advice=off,stop=budget", 5)
    assert isinstance(agent, ISMCTSAgent)
    agent.choose(PlayerView(state, 1))
    tree = agent.last_tree
    assert tree is not None
    depth_seen = 0
    frontier = [(tree, 0)]
    while frontier:
        node, depth = frontier.pop()
        for child in node.children.values():
            assert child.player == (1 + depth) % 4
            assert -1.0 - 1e-9 <= child.total / max(1, child.visits) <= 1.0 + 1e-9
            frontier.append((child, depth + 1))
            depth_seen = max(depth_seen, depth + 1)
    assert depth_seen >= 4  # the tree reaches every seat of the table
