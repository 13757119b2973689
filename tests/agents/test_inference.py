"""Inference about the others' hidden cards (ISMCTS `infer=on`) and the heuristic's bias at the root (`bias=W`)."""

from __future__ import annotations

import pytest

from dwarfhall.agents import make_agent, play_game
from dwarfhall.agents.inference import OpponentFilter, WorldPool, move_probability
from dwarfhall.agents.ismcts import ISMCTSAgent, root_prior
from dwarfhall.agents.review import reviewed_positions
from dwarfhall.core import GameRecord, PlayerView, Rng, State, load_game

SEARCH = "ismcts:iters=60,advice=off,infer=on"  # advice off: every decision is searched, so every one infers


def _positions(name: str, seed: int, seat: int, count: int) -> list[State]:
    game = load_game(name, {})
    agents = [make_agent("heuristic", seed + s) for s in range(game.num_players)]
    record = GameRecord.of(play_game(game, agents, seed))
    return [state for state, _ in reviewed_positions(record, seat)][:count]


def _choices(agent: ISMCTSAgent, states: list[State], seat: int) -> list[tuple[int, list[tuple[int, int]]]]:
    """The move chosen at each position in turn, with the root's visit counts (the whole search's outcome)."""
    out = []
    for state in states:
        move = agent.choose(PlayerView(state, seat))
        root = agent.last_tree
        assert root is not None
        out.append((move, sorted((a, c.visits) for a, c in root.children.items())))
    return out


def test_inference_uses_only_the_seats_information_set() -> None:
    """Rule (hidden information): with inference on, a seat's search depends only on what it saw. Every
    position of a real Duel is paired with one the seat cannot tell apart (the opponent's hand and both
    draw piles re-dealt); one agent plays through the real positions, a twin with the same seed through the
    re-dealt ones, carrying its samples from decision to decision; the two must search alike throughout."""
    seat = 0
    real = _positions("duel", 7, seat, 14)
    twins = [state.determinize(seat, Rng(500 + k)) for k, state in enumerate(real)]
    for state, twin in zip(real, twins, strict=True):
        assert twin.observation(seat) == state.observation(seat)
    assert any(t.observation(1) != s.observation(1) for s, t in zip(real, twins, strict=True))
    first = make_agent(SEARCH, 3)
    second = make_agent(SEARCH, 3)
    assert isinstance(first, ISMCTSAgent) and isinstance(second, ISMCTSAgent)
    assert _choices(first, real, seat) == _choices(second, twins, seat)
    assert first._filter is not None and second._filter is not None
    assert first._filter.last_weights == second._filter.last_weights
    assert first._filter.pools >= 3, "the searches drew from carried, weighted worlds"


def test_inference_keeps_worlds_and_weighs_them_by_the_opponents_moves() -> None:
    """Samples carried between decisions stay consistent with what the seat sees, and an opponent's move with
    a choice makes some worlds likelier than others."""
    seat = 0
    states = _positions("duel", 7, seat, 30)
    advice = states[0].game.heuristic()
    infer = OpponentFilter()
    rng = Rng(1)
    pools = 0
    uneven = False
    for state in states:
        view = PlayerView(state, seat)
        pool = infer.pool(view, advice, rng)
        if pool is None:
            continue
        pools += 1
        for _ in range(5):
            assert pool.draw(rng).observation(seat) == view.observation()
        uneven |= len({round(w, 12) for w in infer.last_weights}) > 1
    assert pools >= 3, "a Duel's response windows keep samples consistent across several decisions"
    assert uneven, "some opponent move was likelier in some worlds than in others"


def test_move_probability_favours_the_advised_or_best_move() -> None:
    state = _positions("duel", 7, 1, 1)[0]
    advice = state.game.heuristic()
    legal = state.legal_action_ids()
    probs = [move_probability(state, a, advice, Rng(2)) for a in legal]
    assert all(0.0 < p <= 1.0 for p in probs)
    assert max(probs) > 1.5 / len(legal)  # the model is not uniform
    assert move_probability(state, max(legal) + 10_000, advice, Rng(2)) == 0.0


def test_pool_draws_by_weight() -> None:
    state = load_game("duel", {}).new_state(1)
    worlds = [state.determinize(0, Rng(k)) for k in range(2)]
    pool = WorldPool(worlds, [0.0, 1.0])
    hand = worlds[1].observation(1)
    assert all(pool.draw(Rng(k)).observation(1) == hand for k in range(10))


@pytest.mark.parametrize("name", ["duel", "alewar"])
def test_root_prior_ranks_the_heuristics_moves(name: str) -> None:
    """The bias's prior is the heuristic's one-move value, centred: the moves' mean is 0."""
    game = load_game(name, {})
    state = game.new_state(2)
    while len(state.legal_action_ids()) < 3:
        state.apply(state.legal_action_ids()[0])
    view = PlayerView(state, state.current_player)
    legal = view.legal_action_ids()
    prior = root_prior(view, legal, game.heuristic(), Rng(1))
    assert set(prior) == set(legal)
    assert abs(sum(prior.values())) < 1e-9


def test_bias_and_infer_are_checked() -> None:
    with pytest.raises(ValueError, match="infer must be on or off"):
        make_agent("ismcts:infer=maybe")
    with pytest.raises(ValueError, match="bias"):
        make_agent("ismcts:bias=-1")
    agent = make_agent("ismcts:iters=50,bias=3,infer=on", 1)
    game = load_game("duel", {})
    final = play_game(game, [agent, make_agent("heuristic", 2)], 4)
    assert final.is_terminal
