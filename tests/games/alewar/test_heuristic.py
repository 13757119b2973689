"""The heuristic advice: a bounded, side-symmetric position score and legal rules of thumb."""

from __future__ import annotations

from dwarfhall.core import Rng, State, load_game
from dwarfhall.games.alewar import kit as A
from dwarfhall.games.alewar.heuristic import AleWarHeuristic, evaluate

from .helpers import UNIT, move, position, sq

H = AleWarHeuristic()


def test_game_exposes_the_heuristic() -> None:
    advice = load_game("alewar").heuristic()
    assert callable(advice.evaluate) and callable(advice.choose)


def test_evaluate_is_bounded_and_zero_sum_and_choose_is_legal() -> None:
    game = load_game("alewar", {"turn_limit": 60})
    rng = Rng(3)
    for seed in range(6):
        state = game.new_state(seed)
        while not state.is_terminal:
            a, b = evaluate(state, 0), evaluate(state, 1)
            assert -1.0 <= a <= 1.0 and abs(a + b) < 1e-9
            choice = H.choose(state, state.current_player, rng)
            assert choice is None or choice in state.legal_action_ids()
            state.apply(rng.choice(state.legal_action_ids()))
        assert evaluate(state, 0) == state.returns()[0]


def test_destroyed_barrel_is_worth_a_lot() -> None:
    base = {"units": {"axeman": "c6", "brute": "c1", "spearman": "d1", "warrior": "e1"}, "side_to_act": "goblins"}
    both = position(barrels=["a1", "f1"], **base)
    one = position(barrels=["a1", "destroyed"], **base)
    assert evaluate(one, 0) > evaluate(both, 0) + 0.3


def test_choose_attacks_with_the_best_chance_and_prefers_barrels() -> None:
    state = position(
        units={"axeman": "b2", "brute": "b3", "spearman": "e5", "warrior": "f5"}, barrels=["a2", "f1"],
        terrain={"b3": "tree"},
    )
    move(state, "axeman", "b2")
    assert H.choose(state, 0, Rng(1)) == A.ATTACK + sq("a2")


def test_choose_declines_an_attack_that_cannot_hit() -> None:
    state = position(
        units={"axeman": "c4", "warrior": "c3", "scout": "b3", "shieldbearer": "d3", "brute": "f6", "spearman": "e1"},
        barrels=["a1", "f1"], terrain={"c4": "hill"},
    )
    move(state, "axeman", "c4")
    assert H.choose(state, 0, Rng(1)) == A.NO_ATTACK


def test_choose_always_reinforces() -> None:
    state = position(units={"axeman": "f6", "spearman": "c3", "brute": "d3"}, barrels=["a2", "f2"],
                     phase="reinforce", side_to_act="goblins")
    choice = H.choose(state, 1, Rng(1))
    assert choice is not None and choice >= A.REINFORCE and choice in state.legal_action_ids()


def test_choose_moves_a_dwarf_to_strike_a_barrel() -> None:
    state = position(units={"scout": "c5", "brute": "f6", "spearman": "f5", "warrior": "e6"}, barrels=["c2", "a6"])
    choice = H.choose(state, 0, Rng(1))
    assert choice is not None
    unit, dest = divmod(choice - A.MOVE, 36)
    assert unit == UNIT["scout"] and dest in (sq("c3"), sq("b2"), sq("d2"), sq("c1"), sq("a5"), sq("b6"))


def test_greedy_play_with_the_heuristic_beats_random_dwarves() -> None:
    """The advice is worth something: as Goblins it beats a random Dwarf player."""
    game = load_game("alewar", {"dwarf_seat": 0, "turn_limit": 200})
    rng = Rng(5)
    wins = 0
    for seed in range(10):
        state = game.new_state(seed)
        while not state.is_terminal:
            legal = state.legal_action_ids()
            if state.current_player == 0:
                state.apply(rng.choice(legal))
            else:
                state.apply(_greedy(state, rng))
        wins += state.returns()[1] > 0
    assert wins >= 8


def _greedy(state: State, rng: Rng) -> int:
    player = state.current_player
    choice = H.choose(state, player, rng)
    if choice is not None:
        return choice
    scored = []
    for action in state.legal_action_ids():
        after = state.clone()
        after.apply(action)
        scored.append((H.evaluate(after, player), action))
    return max(scored)[1]


def test_barrels_with_fewer_squares_to_strike_from_score_better_for_the_goblins() -> None:
    # Goal rule: the Dwarves win by destroying both barrels, and an attack needs a unit next to its target; barrels
    # in a corner beside a lake leave the Dwarves fewer squares to attack from than barrels in the open
    units = {"axeman": "c6", "scout": "d6", "shieldbearer": "e6", "brute": "c2", "spearman": "d2", "warrior": "e2"}
    walled = position(barrels=["a1", "a2"], terrain={"b3": "lake"}, units=units, side_to_act="goblins")
    # as far from the Dwarves as the corner: c1 and f1 leave five squares to strike from, a1 and a2 three
    open_ = position(barrels=["c1", "f1"], terrain={"b3": "lake"}, units=units, side_to_act="goblins")
    goblins = 1  # seat 0 plays the Dwarves in a scenario by default
    assert evaluate(walled, goblins) > evaluate(open_, goblins) + 0.1


def test_the_heuristic_player_places_its_barrels_where_few_squares_touch_them() -> None:
    from dwarfhall.agents.base import make_agent
    from dwarfhall.core.view import PlayerView
    from dwarfhall.games.alewar.board import LAKE, NEIGHBOURS

    game = load_game("alewar", {"dwarf_seat": 0})
    worst = 0
    for seed in range(8):
        state = game.new_state(seed)
        agents = [make_agent("heuristic", seed * 2 + seat) for seat in (0, 1)]
        while state.phase < 4:  # through the placement phases (kit phases: ..., place_barrels = 3)
            state.apply(agents[state.current_player].choose(PlayerView(state, state.current_player)))
        barrels = [b for b in state.barrels if b >= 0]
        sides = {n for b in barrels for n in NEIGHBOURS[b] if state.terrain[n] != LAKE and n not in barrels}
        worst = max(worst, len(sides))
    assert worst <= 4  # two barrels in the open leave 6 to 8 such squares
