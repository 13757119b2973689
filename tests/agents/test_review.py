"""The review: fair to hidden information, its marks by documented thresholds, its summary."""

from __future__ import annotations

from typing import Any

import pytest

from dwarfhall.agents import make_agent, play_game
from dwarfhall.agents.review import (
    BLUNDER,
    FOCUS_SHARE,
    INACCURACY,
    MISTAKE,
    Decision,
    MoveChance,
    Review,
    analyse,
    move_accuracy,
    review_decision,
    review_positions,
    review_record,
    reviewed_positions,
    win_chance,
)
from dwarfhall.core import GameRecord, PlayerView, Rng, State, load_game

ITERS = 60  # enough for the search to visit every move; the figures themselves are not under test here


def _record(name: str, seed: int, options: dict[str, Any] | None = None) -> GameRecord:
    game = load_game(name, options or {})
    agents = [make_agent("heuristic", seed + seat) for seat in range(game.num_players)]
    return GameRecord.of(play_game(game, agents, seed))


def _decision(best: float, played: float, same: bool = False) -> Decision:
    top = (MoveChance(1, best, 100),)
    return Decision(0, 0, MoveChance(1 if same else 2, played, 50), top)


@pytest.mark.parametrize(("name", "options"), [("duel", {}), ("alewar", {}), ("spring", {"eras": 1})])
def test_review_uses_only_the_seats_information_set(name: str, options: dict[str, Any]) -> None:
    """Rule (hidden information): a seat's review depends only on what that seat saw. Each position of a
    real game is paired with a resampled one that the seat cannot tell apart (the others' hidden cards and
    the future of the dice differ); the two reviews must be the same decision for decision."""
    record = _record(name, 3, options)
    seat = 0
    real = list(reviewed_positions(record, seat))[:6]
    assert real, "the seat had no decision to review"
    twins: list[tuple[State, int]] = []
    hidden_differs = False
    for k, (state, played) in enumerate(real):
        twin = state.determinize(seat, Rng(1000 + k))
        assert twin.observation(seat) == state.observation(seat)
        others = [p for p in range(state.num_players) if p != seat]
        hidden_differs |= any(twin.observation(p) != state.observation(p) for p in others)
        hidden_differs |= twin.rng.next_u64() != state.clone().rng.next_u64()
        twins.append((twin, played))
    assert hidden_differs, "the twin positions should differ in something the seat cannot see"
    assert review_positions(real, seat, ITERS).decisions == review_positions(twins, seat, ITERS).decisions


def test_review_of_a_record_does_not_depend_on_the_seed_it_holds() -> None:
    """Rule (hidden information): the record's seed reveals every card; the review never reads it."""
    record = _record("duel", 4)
    position, played = next(iter(reviewed_positions(record, 1)))
    blind = position.clone()
    blind.seed = None
    assert review_decision(position, 1, played, ITERS) == review_decision(blind, 1, played, ITERS)


@pytest.mark.parametrize(
    ("best", "played", "mark"),
    [
        (0.50, 0.50 - INACCURACY + 0.001, None),
        (0.50, 0.50 - INACCURACY, "inaccuracy"),
        (0.60, 0.60 - MISTAKE + 0.001, "inaccuracy"),
        (0.60, 0.60 - MISTAKE, "mistake"),
        (0.90, 0.90 - BLUNDER + 0.001, "mistake"),
        (0.90, 0.90 - BLUNDER, "blunder"),
        (0.90, 0.10, "blunder"),
        (0.40, 0.45, None),  # a played move estimated above the best one lost nothing
    ],
)
def test_marks_follow_the_documented_thresholds(best: float, played: float, mark: str | None) -> None:
    assert (INACCURACY, MISTAKE, BLUNDER) == (0.05, 0.10, 0.20)  # docs/coach.md gives these figures
    assert _decision(best, played).mark == mark


def test_the_bots_own_move_is_never_marked() -> None:
    decision = _decision(0.7, 0.1, same=True)
    assert decision.drop == 0.0 and decision.mark is None and decision.accuracy == 100.0


def test_accuracy_falls_with_the_drop() -> None:
    values = [move_accuracy(d) for d in (0.0, 0.05, 0.1, 0.2, 0.4, 1.0)]
    assert values[0] == 100.0 and values[-1] == 0.0
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)


@pytest.mark.parametrize(
    ("value", "players", "chance"), [(1.0, 2, 1.0), (-1.0, 2, 0.0), (0.0, 2, 0.5), (-1 / 3, 4, 0.0), (1.0, 4, 1.0)]
)
def test_win_chance_reads_values_on_the_scale_of_returns(value: float, players: int, chance: float) -> None:
    assert win_chance(value, players) == pytest.approx(chance)


def test_turning_points_are_the_three_largest_swings_in_game_order() -> None:
    chances = [0.5, 0.52, 0.8, 0.78, 0.3, 0.35, 0.36]
    review = Review(0, 2, ITERS, [Decision(i * 10, 0, MoveChance(1, c, 9), (MoveChance(1, c, 9),)) for i, c in
                                  enumerate(chances)], result=1.0)
    points = review.turning_points()
    # swings: +.02, +.28, -.02, -.48, +.05, +.01, then +.64 to the won result
    assert [p.decision.move for p in points] == [10, 30, 60]
    assert [round(p.swing, 2) for p in points] == [0.28, -0.48, 0.64]


def test_a_review_covers_every_decision_with_a_choice_and_the_result() -> None:
    record = _record("duel", 5)
    review = review_record(record, 0, ITERS)
    state = record.initial_state()
    expected = []
    for action in record.actions:
        if state.current_player == 0 and len(state.legal_action_ids()) > 1:
            expected.append((len(state.history), action))
        state.apply(action)
    assert [(d.move, d.played.action) for d in review.decisions] == expected
    assert review.result == win_chance(state.returns()[0], 2)
    for d in review.decisions:
        assert d.played.visits >= 30  # MIN_FOCUS: the played move's chance rests on enough samples
        assert 0.0 <= d.played.chance <= 1.0 and len(d.top) <= 3
    assert review.accuracy is not None and 0.0 <= review.accuracy <= 100.0


def test_the_played_moves_extra_samples_do_not_make_it_the_best() -> None:
    """The played move is searched further so that its chance rests on enough samples; the ranking (the bot's
    best move) stays that of the plain search."""
    record = _record("duel", 7)
    position = next(s for s, _ in reviewed_positions(record, 0) if len(s.legal_action_ids()) >= 4)
    view = PlayerView(position, 0)
    plain = analyse(view, 200, 5)
    worst = plain[-1]
    focused = analyse(view, 200, 5, played=worst.action)
    assert [m.action for m in focused][:2] == [m.action for m in plain][:2]
    again = next(m for m in focused if m.action == worst.action)
    assert again.visits >= max(30, 200 // FOCUS_SHARE) > worst.visits
