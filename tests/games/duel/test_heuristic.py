"""The Duel's playing advice: the position score and each rule of thumb, then a measured match."""

from __future__ import annotations

from typing import Any

from dwarfhall.agents import make_agent, play_game
from dwarfhall.core import Rng
from dwarfhall.core.view import PlayerView
from dwarfhall.games.duel.heuristic import DuelHeuristic
from dwarfhall.games.duel.layout import DRAW_ALL, DRAW_ONE, PASS
from dwarfhall.games.duel.state import DuelState

from .support import GAME, do, position

ADVICE = DuelHeuristic()


def advice(state: DuelState, player: int) -> dict[str, Any] | None:
    """The payload of the advised move, or None without advice."""
    action = ADVICE.choose(state, player, Rng(1))
    if action is None:
        return None
    assert action in state.legal_action_ids()
    return dict(state.describe_action(action).payload)


def short_piles(state: DuelState, cards: int) -> DuelState:
    """The same position with both draw piles cut to their top `cards` cards."""
    for p in (0, 1):
        state.pile[p] = state.pile[p][-cards:]
    return state


# -- the position score ---------------------------------------------------------------------------
def test_scores_stay_in_range_and_mirror_between_the_seats() -> None:
    for seed in range(4):
        state = GAME.new_state(seed)
        rng = Rng(seed + 77)
        while True:
            a, b = ADVICE.evaluate(state, 0), ADVICE.evaluate(state, 1)
            assert -1.0 <= a <= 1.0 and -1.0 <= b <= 1.0
            assert a == -b  # one score, seen from either side
            if state.is_terminal:
                assert [a, b] == state.returns()
                break
            state.apply(rng.choice(state.legal_action_ids()))


def test_more_victory_points_score_higher() -> None:
    base = {"phase": "card", "dice": [1, 2, 3], "players": [{"display": ["support_die"]}, {}]}
    more = {"phase": "card", "dice": [1, 2, 3], "players": [{"display": ["support_die", "victory_two"]}, {}]}
    assert ADVICE.evaluate(position(more), 0) > ADVICE.evaluate(position(base), 0)
    assert ADVICE.evaluate(position(more), 1) < ADVICE.evaluate(position(base), 1)


def test_a_lead_weighs_more_as_the_piles_run_out() -> None:
    data = {"phase": "card", "dice": [1, 2, 3], "players": [{"display": ["victory_three"]}, {}]}
    long_game = ADVICE.evaluate(position(data), 0)
    near_end = ADVICE.evaluate(short_piles(position(data), 3), 0)
    assert near_end > long_game > 0


def test_engine_cards_count_early_and_not_at_the_end() -> None:
    data = {"phase": "card", "dice": [1, 2, 3], "players": [{"display": ["support_die", "support_die"]}, {}]}
    early = ADVICE.evaluate(position(data), 0)
    late = ADVICE.evaluate(short_piles(position(data), 1), 0)  # the next draw ends the game
    assert early > 0.1 and 0 <= late < early / 4


def test_real_dice_pay_before_axes_and_axes_before_wild_cards() -> None:
    data = {"phase": "card", "dice": [3, 3, "axe"], "players": [{"hand": ["victory_two"], "wild_cards": 1}, {}]}
    state = position(data)
    after: dict[tuple[int, int], float] = {}
    for action in state.legal_actions():
        if action.payload.get("move") == "play":
            pay = action.payload["payment"]
            world = state.clone()
            world.apply(action.id)
            after[(pay["axes"], pay["wild_cards"])] = ADVICE.evaluate(world, 0)
    assert after[(0, 0)] > after[(1, 0)] > after[(0, 1)]
    chosen = make_agent("heuristic", 3).choose(PlayerView(state, 0))
    assert state.describe_action(chosen).payload["payment"] == {"value": 3, "dice": 2, "axes": 0, "wild_cards": 0}


def test_an_axe_pays_before_a_wild_card_when_the_dice_do_not_match() -> None:
    data = {"phase": "card", "dice": [3, 5, "axe"], "players": [{"hand": ["victory_two"], "wild_cards": 1}, {}]}
    state = position(data)
    chosen = make_agent("heuristic", 3).choose(PlayerView(state, 0))
    payment = state.describe_action(chosen).payload["payment"]
    assert payment["axes"] == 1 and payment["wild_cards"] == 0


# -- rules of thumb -------------------------------------------------------------------------------
def _point_at_hold_the_gate(damage: int) -> DuelState:
    state = position({
        "active": 1,
        "phase": "card",
        "dice": [3, 1, 1],
        "players": [
            {"display": [{"card": "victory_three", "damage": damage}], "hand": ["twist_cancel"]},
            {"display": ["ally_threes"]},
        ],
    })
    do(state, move="damage", source="die", face=3, target={"card": "victory_three"})
    assert state.current_player == 0
    return state


def test_cancel_a_point_that_would_defeat_a_victory_card() -> None:
    assert advice(_point_at_hold_the_gate(2), 0) == {"move": "play", "component": "twist_cancel",
                                                     "card": "twist_cancel", "window": True,
                                                     "payment": {"value": 0, "dice": 0, "axes": 0, "wild_cards": 0}}
    assert advice(_point_at_hold_the_gate(0), 0) is None  # a scratch: the search decides, Chain Mail may wait


def test_cancel_the_point_that_would_empty_the_own_pile_while_behind() -> None:
    state = position({
        "active": 1,
        "phase": "card",
        "dice": [3, 1, 1],
        "players": [{"hand": ["twist_cancel"]}, {"display": ["ally_threes", "victory_two"]}],
    })
    state.pile[0] = state.pile[0][-1:]
    do(state, move="damage", source="die", face=3, target={"pile": True})
    played = advice(state, 0)
    assert played is not None and played["card"] == "twist_cancel"


def test_throw_an_axe_at_a_freshly_played_dwarf_king() -> None:
    data = {"phase": "card", "dice": [4, 4, 4, 4], "players": [{"hand": ["ally_king"]}, {"hand": ["twist_throw"]}]}
    state = position(data)
    do(state, move="play", card="ally_king")
    assert state.current_player == 1
    thrown = advice(state, 1)
    assert thrown is not None
    assert thrown["move"] == "damage" and thrown["source"] == "twist" and thrown["target"]["card"] == "ally_king"


def test_finish_a_wounded_victory_card_with_a_die_before_a_twist() -> None:
    state = position({
        "phase": "card",
        "dice": [5, "axe", 1],
        "players": [
            {"display": ["ally_fives"], "hand": ["twist_throw"]},
            {"display": [{"card": "victory_three", "damage": 2}]},
        ],
    })
    hit = advice(state, 0)
    assert hit is not None
    assert (hit["source"], hit.get("face"), hit["target"]["card"]) == ("die", 5, "victory_three")


def test_draw_the_last_cards_only_to_win() -> None:
    theirs = {"display": ["victory_three"]}
    behind = {"phase": "draw", "players": [{"display": ["support_draw"]}, theirs]}
    ahead = {"phase": "draw", "players": [{"display": ["support_draw", "victory_four"]}, theirs]}
    assert ADVICE.choose(position(ahead), 0, Rng(1)) is None  # a long game ahead: the search weighs it
    assert ADVICE.choose(short_piles(position(ahead), 2), 0, Rng(1)) == DRAW_ALL  # the last card: a win
    assert ADVICE.choose(short_piles(position(behind), 2), 0, Rng(1)) == DRAW_ONE  # one more turn to catch up
    worse = short_piles(position(behind), 6)
    after = {}
    for move in (DRAW_ONE, DRAW_ALL):
        world = worse.clone()
        world.apply(move)
        after[move] = ADVICE.evaluate(world, 0)
    assert after[DRAW_ONE] > after[DRAW_ALL]  # behind near the end: a shorter game is worse than a card less


def test_prefer_victory_points_when_ahead_at_the_end() -> None:
    data = {"phase": "card", "dice": [2, 2, 5], "players": [{"hand": ["support_die", "victory_two"],
                                                              "display": ["victory_three"]}, {}]}
    assert advice(position(data), 0) is None  # mid-game: the search weighs engine against points
    played = advice(short_piles(position(data), 2), 0)
    assert played is not None and played["card"] == "victory_two" and played["payment"]["dice"] == 2


def test_mill_a_short_pile_to_win_when_ahead() -> None:
    state = position({"phase": "card", "dice": [1, 3, 5], "players": [{"display": ["ally_king", "victory_two"]}, {}]})
    state.pile[1] = state.pile[1][-2:]
    while not state.is_terminal:
        if state.current_player == 0:
            move = ADVICE.choose(state, 0, Rng(1))
            assert move is not None and state.describe_action(move).payload["target"] == {"player": 1, "pile": True}
            state.apply(move)
        else:
            state.apply(PASS)
    assert state.winner() == 0 and state.reason == "pile_damaged"


def _leftover(opponent_display: list[Any], own_display: list[str]) -> DuelState:
    return position({
        "phase": "card",
        "used_a_die": True,
        "dice": [5, {"face": 1, "used": True}, {"face": 2, "used": True}],
        "players": [{"display": own_display}, {"display": opponent_display}],
    })


def test_leftover_dice_defeat_what_they_can_else_hit_the_pile() -> None:
    wounded = _leftover([{"card": "victory_two", "damage": 1}, "victory_three"], ["ally_fives", "victory_four",
                                                                                   "victory_two"])
    hit = advice(wounded, 0)
    assert hit is not None and hit["target"]["card"] == "victory_two"
    healthy = _leftover(["victory_three"], ["ally_fives", "victory_four"])
    hit = advice(healthy, 0)
    assert hit is not None and hit["target"] == {"player": 1, "pile": True}  # 1 point cannot defeat Hold the Gate


def test_no_milling_while_behind() -> None:
    assert advice(_leftover(["victory_three"], ["ally_fives"]), 0) is None


# -- measured ---------------------------------------------------------------------------------------
def test_heuristic_beats_random_clearly() -> None:
    games, wins = 100, 0
    for seed in range(games):
        seat = seed % 2  # the heuristic plays either seat, half the games each
        agents = [make_agent("heuristic", seed), make_agent("random", seed + 10_000)]
        if seat:
            agents.reverse()
        wins += play_game(GAME, agents, seed).returns()[seat] > 0
    assert wins > 70, f"heuristic won {wins} of {games} against random"
