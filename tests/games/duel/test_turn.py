"""Setup, the draw phase and the dice phase."""

from __future__ import annotations

from collections import Counter

from dwarfhall.core import load_game
from dwarfhall.games.duel.game import DuelGame
from dwarfhall.games.duel.phases import CARD, PREROLL, REROLL

from .support import GAME, actions, do, find, hand, labels, pass_window, position


def test_setup_35_cards_per_side_shuffled_4_in_hand_wild_cards_and_dice_in_the_middle() -> None:
    """Rulebook setup: each side shuffles its 35 cards and draws 4; 3 Wild Cards and the dice lie in the middle."""
    s = GAME.new_state(5)
    deck = Counter(GAME.tables.deck)
    assert len(GAME.tables.deck) == 35
    for p in (0, 1):
        cards = Counter(s.pile[p]) + Counter({k: n for k, n in enumerate(s.hand[p]) if n})
        assert cards == deck
    # the first player has already drawn for their first turn
    first = s.active
    assert s.hand_n[first] == 5 and s.hand_n[1 - first] == 4
    assert s.wild == [0, 0] and s.dice == []
    assert s.pile[0] != s.pile[1]  # shuffled separately


def test_first_player_is_a_choice_or_a_random_draw() -> None:
    """Rulebook: 'the smaller player begins' becomes the option first_player (a seat, or random)."""
    assert DuelGame({"first_player": "1"}).new_state(3).active == 1
    assert DuelGame({"first_player": 0}).new_state(3).active == 0
    starts = {DuelGame().new_state(seed).active for seed in range(20)}
    assert starts == {0, 1}


def test_seat0_side_chooses_the_decks() -> None:
    """Setup: players choose their side peacefully; seat 0 plays the side the option names."""
    s = load_game("duel", {"seat0_side": "evil"}).new_state(1)
    assert s.sides == ("evil", "good")  # type: ignore[attr-defined]


def test_draw_phase_draws_one_card() -> None:
    """Draw phase: draw 1 card from the top of the pile into the hand (no hand limit)."""
    s = position({"phase": "draw", "players": [{"pile_top": ["victory_two"]}, {}]})
    assert hand(s, 0) == ["victory_two"]
    assert s.phase == PREROLL


def test_extra_draws_are_all_or_nothing() -> None:
    """Draw phase: with Ancient Knowledge / Informant you draw all extra cards at once or only the required one."""
    s = position({"phase": "draw", "players": [{"display": ["support_draw", "support_draw"]}, {}]})
    assert labels(s) == ["Draw 1 card", "Draw 3 cards (with the extra cards)"]
    pile = len(s.pile[0])
    do(s, move="draw", cards=3)
    assert s.hand_n[0] == 3 and len(s.pile[0]) == pile - 3


def test_extra_draws_are_decided_again_each_turn() -> None:
    """Draw phase: each turn you can decide again whether to draw the additional cards."""
    s = position({"phase": "draw", "players": [{"display": ["support_draw"]}, {}]})
    do(s, move="draw", cards=1)
    assert s.hand_n[0] == 1
    do(s, move="roll")
    pass_window(s)
    do(s, move="end_turn")
    pass_window(s)
    do(s, move="roll")
    pass_window(s)
    do(s, move="end_turn")
    pass_window(s)
    assert labels(s) == ["Draw 1 card", "Draw 2 cards (with the extra cards)"]
    do(s, move="draw", cards=2)
    assert s.hand_n[0] == 3


def test_drawing_the_last_card_ends_the_game_at_once() -> None:
    """End: as soon as a player draws the last card of their draw pile, the game ends immediately."""
    cards = list(GAME.tables.keys)
    deck = [GAME.tables.keys[k] for k in GAME.tables.deck]
    rest = list(deck)
    rest.remove("victory_two")
    s = position({"phase": "draw", "players": [{"pile": ["victory_two"], "discard": rest}, {}]})
    assert s.is_terminal and s.reason == "pile_drawn"
    assert hand(s, 0) == ["victory_two"] and cards


def test_extra_draws_can_run_the_pile_out() -> None:
    """Draw phase: drawing all extra cards from a pile that runs out ends the game when the last card is drawn."""
    deck = [GAME.tables.keys[k] for k in GAME.tables.deck]
    pile = ["victory_two", "victory_three"]
    rest = list(deck)
    for key in [*pile, "support_draw", "support_draw"]:
        rest.remove(key)
    s = position(
        {"phase": "draw", "players": [{"pile": pile, "discard": rest, "display": ["support_draw", "support_draw"]}, {}]}
    )
    assert labels(s) == ["Draw 1 card", "Draw 3 cards (with the extra cards)"]
    do(s, move="draw", cards=3)
    assert s.is_terminal and s.hand_n[0] == 2


def test_dice_phase_rolls_three_dice_plus_one_per_reinforcement() -> None:
    """Dice phase: roll 3 dice, one more for each Reinforcement / Ordnance in the display."""
    s = position({"phase": "pre_roll", "players": [{"display": ["support_die", "support_die"]}, {}]})
    assert find(s, move="roll").payload["dice"] == 5
    do(s, move="roll")
    assert len(s.dice) == 5 and all(1 <= f <= 6 for f in s.dice)


def test_never_more_than_six_dice_with_three_reinforcements_and_andokais_power() -> None:
    """Dice phase: you cannot roll more than 6 dice (3 + 3 Reinforcements + 2 from Andôkai's Power = 6)."""
    s = position(
        {
            "phase": "pre_roll",
            "players": [{"display": ["support_die"] * 3, "hand": ["twist_more_dice"]}, {}],
        }
    )
    do(s, move="play", card="twist_more_dice")
    pass_window(s)
    assert find(s, move="roll").payload["dice"] == 6
    do(s, move="roll")
    assert len(s.dice) == 6 and s.bonus == [0, 0]


def test_andokais_power_before_rolling_adds_two_dice_to_this_dice_phase() -> None:
    """Andôkai's Power: played before the dice phase, this dice phase rolls 2 more dice."""
    s = position({"phase": "pre_roll", "players": [{"hand": ["twist_more_dice"]}, {}]})
    do(s, move="play", card="twist_more_dice")
    assert s.current_player == 1  # the opponent's window after a card is played
    pass_window(s)
    do(s, move="roll")
    assert len(s.dice) == 5


def test_andokais_power_in_the_card_phase_adds_two_dice_to_the_next_dice_phase_only() -> None:
    """Andôkai's Power: played in the card phase, it counts for the next dice phase, and for that one only."""
    s = position({"phase": "card", "dice": [1, 2, 3], "players": [{"hand": ["twist_more_dice"]}, {}]})
    do(s, move="play", card="twist_more_dice")
    pass_window(s)
    assert s.bonus == [2, 0]
    do(s, move="end_turn")
    pass_window(s)
    do(s, move="roll")  # the opponent's turn: their 3 dice
    assert len(s.dice) == 3
    pass_window(s)
    do(s, move="end_turn")
    pass_window(s)
    do(s, move="roll")
    assert len(s.dice) == 5
    pass_window(s)
    do(s, move="end_turn")
    pass_window(s)
    do(s, move="roll")
    pass_window(s)
    do(s, move="end_turn")
    pass_window(s)
    do(s, move="roll")
    assert len(s.dice) == 3


def test_rolling_all_allowed_dice_is_the_only_roll() -> None:
    """Dice phase: extra dice 'can' be rolled; an unused die costs nothing, so the engine always rolls them all."""
    s = position({"phase": "pre_roll", "players": [{"display": ["support_die"]}, {}]})
    assert [a.payload["move"] for a in s.legal_actions()] == ["roll"]


def test_reroll_one_die_per_trickery_then_the_card_phase() -> None:
    """Rodario's Trickery / Cunning Leader: in each dice phase you can re-roll 1 die (or keep the dice)."""
    s = position({"phase": "pre_roll", "players": [{"display": ["support_reroll"]}, {}]})
    do(s, move="roll")
    assert s.phase == REROLL and s.rerolls == 1
    faces = sorted({f for f in s.dice})
    assert [a.payload.get("face") for a in actions(s, move="reroll")] == [f if f < 6 else "axe" for f in faces]
    do(s, move="keep_dice")
    assert s.phase == CARD and s.current_player == 1


def test_both_trickery_copies_may_reroll_the_same_die() -> None:
    """Rulebook note: with both Rodario's Trickery in the display, both may be applied to the same die."""
    for seed in range(40):
        s = position(
            {"seed": seed, "phase": "reroll", "dice": [1, 2, 3], "players": [{"display": ["support_reroll"] * 2}, {}]}
        )
        assert s.rerolls == 2
        do(s, move="reroll", face=1)
        new = s.dice[0]
        if new in (2, 3):
            continue  # the re-rolled die is then interchangeable with another; try a seed where it stands out
        assert s.dice[1:] == [2, 3]
        do(s, move="reroll", face=new if new < 6 else "axe")
        assert s.dice[1:] == [2, 3] and s.rerolls == 0 and s.phase == CARD
        return
    raise AssertionError("no seed re-rolled the die to a distinct face")


def test_axe_face_counts_as_any_number() -> None:
    """Dice: the axe is the wild side of a die: it can be used as any number from 1 to 5."""
    s = position({"phase": "card", "dice": ["axe", 5, 5], "players": [{"hand": ["ally_ones", "ally_threes"]}, {}]})
    assert {a.payload["card"] for a in actions(s, move="play", payment={"axes": 1})} == {"ally_ones", "ally_threes"}
